package io.github.astrorag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every retriever keeps to the chunks a query's metadata filter allows, also those that score all chunks themselves. */
class MetadataFilterRetrieversTest {

    /** The pdf chunks are nearest to the query and richest in its terms, so unfiltered they come first. */
    private final InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("filter-test", 2);

    MetadataFilterRetrieversTest() {
        index.add(List.of(
                        tagged("p0", "moon moon moon craters", "pdf"), tagged("p1", "moon moon orbit", "pdf"),
                        tagged("p2", "moon tides", "pdf"), tagged("m0", "moon phases and the calendar", "md"),
                        tagged("m1", "the moon and eclipses of the sun", "md"), tagged("m2", "sun spots", "md")),
                List.of(new float[] {1, 0}, new float[] {0.99f, 0.1f}, new float[] {0.98f, 0.2f},
                        new float[] {0.6f, 0.8f}, new float[] {0.5f, 0.9f}, new float[] {0, 1}));
    }

    @AfterEach
    void close() {
        index.close();
    }

    private static Chunk tagged(String id, String text, String type) {
        Chunk c = TestChunks.chunk(id, text);
        return new Chunk(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(), c.tokens(),
                c.start(), c.end(), Map.of("type", type));
    }

    private static final Query QUERY = Query.of("moon").withEmbedding(new float[] {1, 0});
    private static final MetadataFilter MD = MetadataFilter.where("type").is("md");

    private List<ScoredChunk> filtered(Retriever r, int k) {
        return r.retrieve(QUERY.withFilter(MD), index, k);
    }

    private static List<String> ids(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }

    @Test
    void bm25ScoresOnlyMatchingChunksWithTheWholeIndexsStatistics() {
        Bm25Retriever bm25 = new Bm25Retriever();
        List<ScoredChunk> all = bm25.retrieve(QUERY, index, 10);
        assertThat(ids(all)).startsWith("p0", "p1", "p2");
        // the same scores as unfiltered, restricted to md: m0 and m1 hold "moon", m2 does not
        List<ScoredChunk> expected = all.stream().filter(s -> s.chunk().metadata().get("type").equals("md")).toList();
        assertThat(ids(expected)).containsExactlyInAnyOrder("m0", "m1");
        assertThat(filtered(bm25, 10)).containsExactlyElementsOf(expected);
        assertThat(filtered(bm25, 1)).containsExactly(expected.get(0));
    }

    @Test
    void denseAndMmrTakeKFromTheMatchingChunks() {
        assertThat(ids(new DenseRetriever().retrieve(QUERY, index, 2))).containsExactly("p0", "p1");
        assertThat(ids(filtered(new DenseRetriever(), 2))).containsExactly("m0", "m1");
        // MMR over the md chunks only: m0 first (nearest); then λ·0.5 − 0.5·max sim to m0 picks m1 over m2
        assertThat(ids(filtered(MmrRetriever.builder().k(3).build(), 3))).containsExactly("m0", "m1", "m2");
        assertThat(ids(filtered(MmrRetriever.builder().k(2).build(), 2))).hasSize(2).allMatch(id -> id.startsWith("m"));
    }

    @Test
    void hybridFusesTwoFilteredRankings() {
        List<ScoredChunk> hybrid = filtered(HybridRetriever.rrf(), 3);
        // dense ranks m0, m1, m2; BM25 ranks m0, m1 (see above); RRF with k = 60
        assertThat(ids(hybrid)).containsExactly("m0", "m1", "m2");
        assertThat(hybrid.get(0).score()).isEqualTo(2.0 / 61);
        assertThat(hybrid.get(2).score()).isEqualTo(1.0 / 63);
        assertThat(ids(filtered(HybridRetriever.rrf(), 1))).containsExactly("m0");
    }
}
