package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataFilterPipelineTest {

    private static final RagPipeline RAG = RagPipeline.builder().embedder(new HashingEmbedder()).build();

    private static List<Document> planets() {
        return List.of(
                Document.of("mars", "Mars has two small moons, Phobos and Deimos.").withMetadata(Map.of("year", "2023")),
                Document.of("jupiter", "Jupiter has ninety-five known moons; Ganymede is the largest.").withMetadata(Map.of("year", "2024")),
                Document.of("saturn", "Saturn has many moons, Titan the largest of them.").withMetadata(Map.of("year", "2024", "rings", "yes")));
    }

    @Test
    void aFilterKeepsEveryStageToTheMatchingDocuments() {
        try (RagInstance instance = RAG.openDocuments(planets())) {
            Query query = Query.of("How many moons does Mars have?");
            assertThat(instance.ask(query).context().chunks()).extracting(s -> s.chunk().documentId()).contains("mars");

            Answer answer = instance.ask(query.withFilter(MetadataFilter.where("year").is("2024")));
            assertThat(answer.context().chunks()).extracting(s -> s.chunk().documentId()).containsExactlyInAnyOrder("jupiter", "saturn");
            assertThat(answer.abstained()).as("Mars is in none of the 2024 documents").isTrue();
            Query largest = Query.of("Which moon is the largest?");
            Answer giants = instance.ask(largest.withFilter(MetadataFilter.where("year").is("2024")));
            assertThat(giants.citations()).isNotEmpty().allSatisfy(c -> assertThat(c.metadata()).containsEntry("year", "2024"));
            Trace.Stage retrieve = answer.trace().stage("retrieve").orElseThrow();
            assertThat(retrieve.candidates()).extracting(Trace.Candidate::id).containsExactlyInAnyOrder("jupiter#0", "saturn#0");
            assertThat(retrieve.candidates()).allSatisfy(c -> assertThat(c.metadata()).containsEntry("year", "2024"));

            Answer saturn = instance.ask(largest.withFilter(MetadataFilter.where("year").in("2023", "2024").and("rings").is("yes")));
            assertThat(saturn.citations()).extracting(Citation::chunkId).containsOnly("saturn#0");
        }
    }

    @Test
    void aFilterThatMatchesNothingLeavesAnEmptyContext() {
        try (RagInstance instance = RAG.openDocuments(planets())) {
            Answer answer = instance.ask(Query.of("How many moons?").withFilter(MetadataFilter.where("year").is("1999")));
            assertThat(answer.context().chunks()).isEmpty();
            assertThat(answer.citations()).isEmpty();
        }
    }

    @Test
    void theNewOperatorsFilterEveryStage() {
        try (RagInstance instance = RAG.openDocuments(planets())) {
            Query moons = Query.of("Which moon is the largest?");
            assertThat(instance.selectContext(moons.withFilter(MetadataFilter.where("year").lessThan("2024"))).chunks())
                    .extracting(s -> s.chunk().documentId()).containsExactly("mars");
            assertThat(instance.selectContext(moons.withFilter(MetadataFilter.where("rings").isNot("yes"))).chunks())
                    .extracting(s -> s.chunk().documentId()).containsExactlyInAnyOrder("mars", "jupiter");
            MetadataFilter marsOrRings = MetadataFilter.where("year").is("2023").or(MetadataFilter.where("rings").is("yes"));
            assertThat(instance.selectContext(moons.withFilter(marsOrRings)).chunks())
                    .extracting(s -> s.chunk().documentId()).containsExactlyInAnyOrder("mars", "saturn");
            assertThat(instance.selectContext(moons.withFilter(MetadataFilter.not(marsOrRings))).chunks())
                    .extracting(s -> s.chunk().documentId()).containsExactly("jupiter");
        }
    }

    /** The unknown-key rule: not refused; the trace names the key (stage {@code filter}), its conditions match nothing. */
    @Test
    void aKeyNoDocumentHasIsNamedInTheTrace() {
        try (RagInstance instance = RAG.openDocuments(planets())) {
            Context none = instance.selectContext(Query.of("moons").withFilter(MetadataFilter.where("planet").is("mars")));
            assertThat(none.chunks()).isEmpty();
            Trace trace = (Trace) none.details().get("trace");
            assertThat(trace.stage("filter").orElseThrow().details()).containsEntry("unknownFilterKeys", List.of("planet"));
            Context all = instance.selectContext(Query.of("moons").withFilter(MetadataFilter.where("planet").isNot("mars")));
            assertThat(all.chunks()).hasSize(3);
            Context known = instance.selectContext(Query.of("moons").withFilter(MetadataFilter.where("year").is("2024")));
            assertThat(((Trace) known.details().get("trace")).stage("filter")).isEmpty();
        }
    }

    @Test
    void documentsOfOneIdKeepTheirMetadata() {
        List<Document> twins = List.of(Document.of("d", "Vega is bright.").withMetadata(Map.of("n", "1")),
                Document.of("d", "Deneb is far.").withMetadata(Map.of("n", "2")));
        try (RagInstance instance = RAG.openDocuments(twins)) {
            assertThat(instance.documents()).extracting(Document::id).containsExactly("d", "d~2");
            assertThat(instance.index().chunks()).extracting(c -> c.metadata().get("n")).containsExactly("1", "2");
            List<ScoredChunk> hits = instance.index().search(RAG.embedder().embedQuery("star"), 5, MetadataFilter.where("n").is("2"));
            assertThat(hits).extracting(ScoredChunk::id).containsExactly("d~2#0");
        }
    }
}
