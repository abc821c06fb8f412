package io.github.astrorag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;

class AstroRagTest {

    @Test
    void wiresThePapersSettings() {
        Map<String, Object> d = AstroRag.pipelineBuilder(new HashingEmbedder()).build().describe();
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
        Map<String, Object> edges = (Map<String, Object>) AstroRag.pipelineBuilder(new HashingEmbedder(), ContextOrder.EDGES)
                .build().describe().get("selector");
        assertThat(edges).containsEntry("order", "edges");
    }

    @Test
    void answersFromAtMostThreeChunksWithinTheBudgetAndSettingsCanBeReplaced() {
        RagPipeline rag = AstroRag.pipelineBuilder(new HashingEmbedder()).budget(40).build();
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
}
