package io.github.astrorag.retrieval.mmr;

import static io.github.astrorag.retrieval.TestChunks.scored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed example, q = (1,0,0):
 * <pre>
 *   A = (0.8, 0.6, 0)  s(A,q) = 0.8
 *   B = (0.6, 0.8, 0)  s(B,q) = 0.6   s(A,B) = 0.96 (near-duplicate of A)
 *   C = (0.6, 0, 0.8)  s(C,q) = 0.6   s(A,C) = 0.48  s(B,C) = 0.36
 *   D = (0, 0, 1)      s(D,q) = 0     s(A,D) = 0     s(B,D) = 0     s(C,D) = 0.8
 * </pre>
 * λ = 0.5: pick A (0.5·0.8 = 0.4); then B: 0.3−0.48 = −0.18, C: 0.3−0.24 = 0.06, D: 0−0 = 0 → C (0.06);
 * then B: 0.3−0.48 = −0.18, D: 0−0.5·0.8 = −0.4 → B (−0.18).
 * λ = 1: A (0.8), then B and C tie at 0.6 → B by id, then C.
 * λ = 0: A first (most relevant, value 0); then B −0.96, C −0.48, D 0 → D (0); then B −0.96, C −0.8 → C (−0.8).
 */
class MmrRetrieverTest {

    private static final Query Q = Query.of("q").withEmbedding(new float[] {1, 0, 0});

    private static List<ScoredChunk> candidates() {
        return List.of(
                scored("D", 0.0, 0, 0, 1),
                scored("C", 0.6, 0.6f, 0, 0.8f),
                scored("B", 0.6, 0.6f, 0.8f, 0),
                scored("A", 0.8, 0.8f, 0.6f, 0));
    }

    private static Map<String, Double> scores(List<ScoredChunk> out) {
        Map<String, Double> m = new HashMap<>();
        out.forEach(s -> m.put(s.id(), s.score()));
        return m;
    }

    @Test
    void balancedLambdaPicksTheComplementaryChunkBeforeTheNearDuplicate() {
        List<ScoredChunk> out = MmrRetriever.defaults().rerank(Q, candidates());
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "C", "B");
        assertThat(scores(out).get("A")).isCloseTo(0.4, within(1e-6));
        assertThat(scores(out).get("C")).isCloseTo(0.06, within(1e-6));
        assertThat(scores(out).get("B")).isCloseTo(-0.18, within(1e-6));
    }

    @Test
    void lambdaOneIsPureRelevanceWithTiesById() {
        List<ScoredChunk> out = MmrRetriever.builder().lambda(1).build().rerank(Q, candidates());
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out).extracting(ScoredChunk::score)
                .satisfiesExactly(s -> assertThat(s).isCloseTo(0.8, within(1e-6)),
                        s -> assertThat(s).isCloseTo(0.6, within(1e-6)),
                        s -> assertThat(s).isCloseTo(0.6, within(1e-6)));
    }

    @Test
    void lambdaZeroIsPureDiversityAfterTheMostRelevant() {
        List<ScoredChunk> out = MmrRetriever.builder().lambda(0).build().rerank(Q, candidates());
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "D", "C");
        assertThat(scores(out).get("D")).isCloseTo(0.0, within(1e-6));
        assertThat(scores(out).get("C")).isCloseTo(-0.8, within(1e-6));
    }

    @Test
    void kLimitsTheSelectionAndEmptyInputGivesEmptyOutput() {
        assertThat(MmrRetriever.builder().k(1).build().rerank(Q, candidates())).extracting(ScoredChunk::id)
                .containsExactly("A");
        assertThat(MmrRetriever.builder().k(10).build().rerank(Q, candidates())).hasSize(4);
        assertThat(MmrRetriever.defaults().rerank(Q, List.of())).isEmpty();
    }

    @Test
    void asRetrieverItFetchesFromTheIndexAndSelectsAtMostTheRequestedNumber() {
        try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("t", 3)) {
            List<ScoredChunk> c = candidates();
            index.add(c.stream().map(ScoredChunk::chunk).toList(), c.stream().map(ScoredChunk::embedding).toList());
            assertThat(MmrRetriever.defaults().retrieve(Q, index, 20)).extracting(ScoredChunk::id)
                    .containsExactly("A", "C", "B");
            assertThat(MmrRetriever.defaults().retrieve(Q, index, 2)).extracting(ScoredChunk::id)
                    .containsExactly("A", "C");
            // fetching only the 2 nearest (A, then B/C tie → B) leaves no choice
            assertThat(MmrRetriever.builder().k(2).fetchSize(2).build().retrieve(Q, index, 5))
                    .extracting(ScoredChunk::id).containsExactly("A", "B");
            Map<String, Object> trace = new HashMap<>();
            MmrRetriever.defaults().retrieve(Q, index, 3, trace::put);
            assertThat(trace).containsEntry("fetched", 4);
        }
    }

    @Test
    void rejectsBadSettingsAndMissingVectors() {
        assertThatThrownBy(() -> MmrRetriever.builder().lambda(1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.5");
        assertThatThrownBy(() -> MmrRetriever.builder().k(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MmrRetriever.builder().k(2).k(3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already");
        assertThatThrownBy(() -> MmrRetriever.builder().k(5).fetchSize(4).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fetchSize");
        ScoredChunk bare = new ScoredChunk(io.github.astrorag.retrieval.TestChunks.chunk("X", "x"), 1, null);
        assertThatThrownBy(() -> MmrRetriever.defaults().rerank(Q, List.of(bare))).isInstanceOf(RagException.class)
                .hasMessageContaining("X");
    }
}
