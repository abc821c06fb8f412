package io.github.astrorag.presets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.select.TokenBudgetSelector;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AstroRagTest {

    @Test
    void wiresThePapersSettings() {
        Map<String, Object> d = AstroRag.paperBuilder(new HashingEmbedder()).build().describe();
        assertThat(d.get("chunker")).isEqualTo(Map.of("name", "recursive-token", "encoding", "p50k_base",
                "maxTokens", 300, "overlap", 30));
        assertThat(d.get("retriever")).isEqualTo(Map.of("name", "mmr", "k", 3, "lambda", 0.5, "fetchSize", 20));
        assertThat(d.get("candidates")).isEqualTo(3);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rerankers = (List<Map<String, Object>>) d.get("rerankers");
        assertThat(rerankers).hasSize(1);
        assertThat(rerankers.get(0)).containsEntry("name", "pagerank").containsEntry("graph", "cosine")
                .containsEntry("threshold", 0.01).containsEntry("top", 3).containsEntry("damping", 0.85);
        assertThat(d.get("budget")).isEqualTo(1800);
        @SuppressWarnings("unchecked")
        Map<String, Object> selector = (Map<String, Object>) d.get("selector");
        assertThat(selector).containsEntry("order", "relevance");
        @SuppressWarnings("unchecked")
        Map<String, Object> edges = (Map<String, Object>) AstroRag.paperBuilder(new HashingEmbedder(), ContextOrder.EDGES)
                .build().describe().get("selector");
        assertThat(edges).containsEntry("order", "edges");
    }

    @Test
    void answersFromAtMostThreeChunksWithinTheBudgetAndSettingsCanBeReplaced() {
        RagPipeline rag = AstroRag.paperBuilder(new HashingEmbedder()).budget(40).build();
        List<Document> docs = new ArrayList<>();
        String[] facts = {"Andromeda is a spiral galaxy about 2.5 million light-years away.",
            "The Moon orbits the Earth every 27 days.", "Mars has two small moons, Phobos and Deimos.",
            "Jupiter is the largest planet of the Solar System.", "Andromeda will merge with the Milky Way."};
        for (int i = 0; i < facts.length; i++) {
            docs.add(Document.of("doc" + i, facts[i]));
        }
        try (RagInstance instance = rag.openDocuments(docs)) {
            Answer answer = instance.ask("How far away is the Andromeda galaxy?");
            assertThat(answer.context().chunks()).hasSizeLessThanOrEqualTo(3);
            assertThat(answer.context().tokens()).isLessThanOrEqualTo(40);
            assertThat(answer.context().chunks().get(0).id()).startsWith("doc0");
            List<String> stages = answer.trace().stages().stream().map(Trace.Stage::name).toList();
            assertThat(stages).containsExactly("embed-query", "retrieve", "rerank:pagerank", "select", "generate");
            Trace.Stage pagerank = answer.trace().stages().get(2);
            assertThat(pagerank.details()).containsKeys("edges", "edgeList", "scores", "iterations");
        }
    }

    /** An embedder that counts the texts it embeds. */
    private static final class Counting implements Embedder {
        final HashingEmbedder inner = new HashingEmbedder();
        final AtomicInteger texts = new AtomicInteger();

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> batch) {
            texts.addAndGet(batch.size());
            return inner.embedDocuments(batch);
        }
    }

    @Test
    void replacingAPresetsEmbedderAlsoRebuildsWhatDependsOnIt() {
        Counting e1 = new Counting();
        Counting e2 = new Counting();
        for (RagPipeline.Builder preset : List.of(AstroRag.paperBuilder(e1), AstroRag.recommendedBuilder(e1), AstroRag.naiveBuilder(e1))) {
            RagPipeline rag = preset.embedder(e2).build();
            try (RagInstance instance = rag.openDocuments(List.of(Document.of("a", "Mars has two moons. Venus has none.")))) {
                assertThat(instance.ask("How many moons has Mars?").citations()).isNotEmpty();
            }
        }
        assertThat(e1.texts).as("the replaced embedder, also by the extractive generator").hasValue(0);
        assertThat(e2.texts.get()).isPositive();
    }

    @Test
    void everyPresetFollowsOneOverrideRule() {
        HashingEmbedder e = new HashingEmbedder();
        ContextSelector mine = new TokenBudgetSelector();
        for (RagPipeline.Builder preset : List.of(AstroRag.paperBuilder(e), AstroRag.recommendedBuilder(e), AstroRag.naiveBuilder(e))) {
            preset.selector(mine).budget(300).candidates(7);
            assertThatThrownBy(() -> preset.selector(mine)).isInstanceOf(IllegalStateException.class).hasMessage("selector was already set");
            assertThatThrownBy(() -> preset.budget(200)).isInstanceOf(IllegalStateException.class).hasMessage("budget was already set");
            RagPipeline rag = preset.build();
            assertThat(rag.describe()).containsEntry("budget", 300).containsEntry("candidates", 7);
            RagPipeline derived = rag.toBuilder().budget(500).build();
            assertThat(derived.describe()).containsEntry("budget", 500).containsEntry("candidates", 7);
        }
    }
}
