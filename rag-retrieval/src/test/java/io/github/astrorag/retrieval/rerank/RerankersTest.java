package io.github.astrorag.retrieval.rerank;

import static io.github.astrorag.retrieval.TestChunks.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RerankersTest {

    /** Hand-made vectors by text; the question gets (1, 0). */
    private static final class TableEmbedder implements Embedder {
        private final Map<String, float[]> table = Map.of("x", new float[] {0.6f, 0.8f}, "y", new float[] {1, 0},
                "z", new float[] {0, 1});
        final List<String> queries = new ArrayList<>();

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            return texts.stream().map(table::get).toList();
        }

        @Override
        public float[] embedQuery(String text) {
            queries.add(text);
            return new float[] {1, 0};
        }
    }

    private static ScoredChunk candidate(String id, String text, double score) {
        return new ScoredChunk(chunk(id, text), score, new float[] {9, 9});
    }

    @Test
    void embeddingRerankerScoresByCosineWithTheQueryEmbeddingAndKeepsTheOriginalVectors() {
        TableEmbedder embedder = new TableEmbedder();
        List<ScoredChunk> in = List.of(candidate("cz", "z", 0.9), candidate("cx", "x", 0.5), candidate("cy", "y", 0.1));
        List<ScoredChunk> all = new EmbeddingReranker(embedder).rerank(Query.of("which?"), in);
        assertThat(all).extracting(ScoredChunk::id).containsExactly("cy", "cx", "cz");
        assertThat(all).extracting(ScoredChunk::score).satisfiesExactly(
                s -> assertThat(s).isCloseTo(1.0, within(1e-6)),
                s -> assertThat(s).isCloseTo(0.6, within(1e-6)),
                s -> assertThat(s).isCloseTo(0.0, within(1e-6)));
        assertThat(all.get(0).embedding()).containsExactly(9, 9);
        assertThat(embedder.queries).containsExactly("which?");
        assertThat(new EmbeddingReranker(embedder, 2).rerank(Query.of("which?"), in)).hasSize(2);
        assertThatThrownBy(() -> new EmbeddingReranker(embedder, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** BM25 over the three candidates only: the hand computation of Bm25Test ("sun": d1 > d0 > d2 = 0). */
    @Test
    void bm25RerankerUsesStatisticsOfTheCandidateSetOnly() {
        List<ScoredChunk> in = List.of(candidate("d2", "star", 0.9), candidate("d0", "sun moon", 0.8),
                candidate("d1", "sun sun star", 0.7));
        List<ScoredChunk> out = new Bm25Reranker().rerank(Query.of("the sun"), in);
        double ln16 = Math.log(1.6);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("d1", "d0", "d2");
        assertThat(out.get(0).score()).isCloseTo(ln16 * 4.4 / 3.65, within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(ln16, within(1e-12));
        assertThat(out.get(2).score()).isZero();
        assertThat(new Bm25Reranker(1).rerank(Query.of("the sun"), in)).extracting(ScoredChunk::id).containsExactly("d1");
        assertThat(new Bm25Reranker().rerank(Query.of("sun"), List.of())).isEmpty();
        assertThatThrownBy(() -> new Bm25Reranker(-2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-2");
    }
}
