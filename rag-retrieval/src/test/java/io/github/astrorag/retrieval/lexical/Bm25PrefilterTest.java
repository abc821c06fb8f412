package io.github.astrorag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pipeline that embeds per question only the chunks BM25 ranks first. */
class Bm25PrefilterTest {

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is a spiral galaxy 2.5 million light-years away."),
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."),
                Document.of("moon", "The Moon is Earth's only natural satellite; its day lasts a month."));
    }

    private static Trace.Stage stage(Answer answer, String name) {
        return answer.trace().stages().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<String> ids(Trace.Stage stage) {
        return stage.candidates().stream().map(Trace.Candidate::id).toList();
    }

    @Test
    void ingestEmbedsNothingAndEachQuestionEmbedsOnlyItsFirstN() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).embeddingCache(new InMemoryEmbeddingCache())
                .prefilter(new Bm25Prefilter(), 2).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            assertThat(instance.ingestStages()).extracting(Trace.Stage::name).containsExactly("chunk", "prefilter");
            assertThat(instance.chunks()).hasSize(4);
            assertThat(instance.chunkCount()).isEqualTo(4);
            Answer answer = instance.ask("How long does a day last on Mars?");
            // "day" and "last" are in mars and moon only (stemmed: "dai", "last"); "mar" only in mars
            Trace.Stage prefilter = stage(answer, "prefilter");
            assertThat(ids(prefilter)).containsExactly("mars#0", "moon#0");
            assertThat(prefilter.details()).containsEntry("texts", 2).containsEntry("cacheMisses", 2).containsEntry("reused", 0)
                    .containsEntry("matching", 2);
            assertThat(ids(stage(answer, "retrieve"))).containsExactlyInAnyOrder("mars#0", "moon#0");
            assertThat(answer.context().chunks()).extracting(c -> c.chunk().id()).contains("mars#0");
            assertThat(answer.trace().config()).containsEntry("prefilter",
                    Map.of("name", "bm25-prefilter", "k1", 1.2, "b", 0.75, "analyzer", "english", "n", 2));
            // the instance keeps the vectors: asked again, nothing is embedded
            Trace.Stage again = stage(instance.ask("How long does a day last on Mars?"), "prefilter");
            assertThat(again.details()).containsEntry("texts", 0).containsEntry("reused", 2);
            assertThatThrownBy(instance::index).isInstanceOf(IllegalStateException.class).hasMessageContaining("prefilter");
            assertThat(instance.indexKind()).isEqualTo("prefilter");
        }
    }

    @Test
    void withNAboveTheCorpusTheDenseRankingIsTheFullOneOverChunksSharingATerm() {
        Query question = Query.of("Which galaxy, comet, moons and day?");
        RagPipeline full = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        RagPipeline prefiltered = RagPipeline.builder().embedder(new HashingEmbedder()).prefilter(new Bm25Prefilter(), 50).build();
        try (RagInstance a = full.openDocuments(sky()); RagInstance b = prefiltered.openDocuments(sky())) {
            Trace.Stage whole = stage(a.ask(question), "retrieve");
            Trace.Stage few = stage(b.ask(question), "retrieve");
            assertThat(ids(few)).hasSize(4).isEqualTo(ids(whole));
            for (int i = 0; i < 4; i++) {
                assertThat(few.candidates().get(i).score()).isEqualTo(whole.candidates().get(i).score());
            }
        }
    }

    @Test
    void addedAndRemovedDocumentsChangeTheFirstPass() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).prefilter(new Bm25Prefilter(), 3).build();
        try (RagInstance instance = rag.openDocuments(sky())) {
            instance.addDocuments(List.of(Document.of("jupiter", "Jupiter has four large moons: Io, Europa, Ganymede and Callisto.")));
            assertThat(instance.ingestStages()).extracting(Trace.Stage::name).endsWith("add:chunk", "add:prefilter");
            Answer answer = instance.ask("Which large moons does Jupiter have?");
            assertThat(answer.citations()).extracting(Citation::chunkId).first().isEqualTo("jupiter#0");
            assertThat(instance.remove("jupiter")).isTrue();
            Answer after = instance.ask("Which large moons does Jupiter have?");
            assertThat(ids(stage(after, "prefilter"))).doesNotContain("jupiter#0").contains("mars#0");
            assertThat(after.citations()).extracting(Citation::chunkId).doesNotContain("jupiter#0");
            assertThat(instance.chunks()).extracting(c -> c.documentId()).containsExactly("andromeda", "comets", "mars", "moon");
        }
    }

    @Test
    void nMustBePositive() {
        assertThatThrownBy(() -> RagPipeline.builder().prefilter(new Bm25Prefilter(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
    }
}
