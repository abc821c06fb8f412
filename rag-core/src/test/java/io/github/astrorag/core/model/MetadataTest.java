package io.github.astrorag.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataTest {

    private static final Document PAGED = new Document("guide.pdf", "Guide", "guide.pdf", "page one\npage two\n",
            List.of(0, 9), Map.of("type", "pdf", "source", "guide.pdf"));

    @Test
    void documentMetadataIsSortedImmutableAndChecked() {
        Map<String, String> given = new HashMap<>(Map.of("z", "1", "a", "2", "m", "3"));
        Document doc = Document.of("d", "text").withMetadata(given);
        given.put("b", "changed later");
        assertThat(doc.metadata()).containsExactly(Map.entry("a", "2"), Map.entry("m", "3"), Map.entry("z", "1"));
        assertThatThrownBy(() -> doc.metadata().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> doc.withMetadata(Map.of(" ", "v"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("blank");
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("k", null);
        assertThatThrownBy(() -> doc.withMetadata(nullValue)).isInstanceOf(NullPointerException.class).hasMessageContaining("'k'");
        assertThat(Document.of("d", "text").metadata()).isEmpty();
    }

    @Test
    void withMetadataAddsAndReplacesAndWithIdKeepsIt() {
        Document doc = Document.of("d", "text").withMetadata(Map.of("year", "2023", "team", "a"));
        Document more = doc.withMetadata(Map.of("year", "2024"));
        assertThat(more.metadata()).isEqualTo(Map.of("year", "2024", "team", "a"));
        assertThat(more.withId("e").metadata()).isEqualTo(more.metadata());
        assertThat(more.withId("e").id()).isEqualTo("e");
    }

    @Test
    void chunksCarryTheirDocumentsMetadataWithTheirPage() {
        Chunk second = Chunk.of(PAGED, 1, "page two", 2, 9, 17);
        assertThat(second.id()).isEqualTo("guide.pdf#1");
        assertThat(second.page()).isEqualTo(2);
        assertThat(second.metadata()).containsExactly(Map.entry("page", "2"), Map.entry("source", "guide.pdf"), Map.entry("type", "pdf"));
        assertThat(second.truncatedTo("page", 1).metadata()).isEqualTo(second.metadata());
        Chunk unpaged = Chunk.of(Document.of("n", "notes").withMetadata(Map.of("type", "txt")), 0, "notes", 1, 0, 5);
        assertThat(unpaged.metadata()).isEqualTo(Map.of("type", "txt"));
        assertThat(new Chunk("x#0", "x", "x", "x", null, 0, "t", 1, 0, 1).metadata()).isEmpty();
    }

    @Test
    void citationsAndTraceCandidatesCarryTheChunksMetadata() {
        Chunk chunk = Chunk.of(PAGED, 1, "page two", 2, 9, 17);
        assertThat(Citation.of(1, chunk, "page two").metadata()).isEqualTo(chunk.metadata());
        assertThat(Trace.Candidate.of(new ScoredChunk(chunk, 0.5, null)).metadata()).isEqualTo(chunk.metadata());
        assertThat(new Citation(1, "c", "s", null, "q").metadata()).isEmpty();
        assertThat(new Trace.Candidate("c", 1).metadata()).isEmpty();
    }

    @Test
    void traceJsonHoldsTheMetadataSortedByKey() {
        Chunk chunk = Chunk.of(PAGED, 1, "page two", 2, 9, 17);
        Trace trace = new Trace(Map.of(), List.of(new Trace.Stage("retrieve", 1,
                List.of(Trace.Candidate.of(new ScoredChunk(chunk, 0.5, null))), Map.of())), 2, 10);
        assertThat(trace.toJson().replaceAll("\\s+", ""))
                .contains("\"candidates\":[{\"id\":\"guide.pdf#1\",\"score\":0.5,\"metadata\":{\"page\":\"2\",\"source\":\"guide.pdf\",\"type\":\"pdf\"}}]");
    }

    @Test
    void queryKeepsItsFilterThroughEmbedding() {
        MetadataFilter filter = MetadataFilter.where("type").is("pdf");
        Query q = Query.of("Where?").withFilter(filter);
        assertThat(q.withEmbedding(new float[] {1, 0}).filter()).isEqualTo(filter);
        assertThat(Query.of("Where?").filter()).isEqualTo(MetadataFilter.NONE);
        assertThat(q).isNotEqualTo(Query.of("Where?")).hasToString("Query[Where?, filter=type = pdf]");
        assertThat(new Query("Where?", Map.of(), null).filter()).isEqualTo(MetadataFilter.NONE);
    }
}
