package io.github.astrorag.retrieval.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.retrieval.TestChunks;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bridge question of {@link BridgingCoverageSelectorTest} ("Ada river"; A names Lunaria, B is titled
 * Lunaria and holds the river, C is a distractor with the river), scored as whole ordered combinations.
 * With T = ln(8/3) + ln 1.6, w = 2, τ = 0.5 and without the question's title and the PageRank prior
 * (τ_q = ρ = 0: {@link #SCORER}):
 * <pre>
 *   [A, B]    = (1 + 2 ln(8/3)/T) + (0 + 2 ln 1.6/T + 0.5)   = 3.5
 *   [A, C]    = (1 + 2 ln(8/3)/T) + (1/3 + 2 ln 1.6/T)       = 3 + 1/3
 *   [B, A]    = (0 + 2 ln 1.6/T) + (1 + 2 ln(8/3)/T)         = 3      (B names no title of A: order matters)
 *   [A, B, C] = 3.5 + 1/3                                     (C adds its relevance only)
 * </pre>
 */
class EvidenceCoverageScorerTest {

    private static final Query Q = Query.of("Ada river");
    private static final double T = Math.log(8.0 / 3) + Math.log(1.6);

    private static final ScoredChunk A = new ScoredChunk(TestChunks.chunk("A", "A", "Ada", "Ada was born in Lunaria."), 0.9, null);
    private static final ScoredChunk C = new ScoredChunk(TestChunks.chunk("C", "C", "Orbis", "Orbis has a river port."), 0.7, null);
    private static final ScoredChunk B = new ScoredChunk(TestChunks.chunk("B", "B", "Lunaria", "Lunaria lies on the Vel river."), 0.6, null);
    private static final List<ScoredChunk> POOL = List.of(A, C, B);
    private static final EvidenceCoverageScorer SCORER = EvidenceCoverageScorer.of(
            BridgingCoverageSelector.builder().weight(2).questionTitleWeight(0).pageRankWeight(0).build());

    @Test
    void sumsTheCoverageObjectiveOverTheCombinationInOrder() {
        CombinationScorer s = SCORER.prepare(Q, POOL);
        double[] v = s.scoreAll(Q, List.of(List.of(A), List.of(A, B), List.of(A, C), List.of(B, A), List.of(A, B, C)));
        assertThat(v[0]).isCloseTo(1 + 2 * Math.log(8.0 / 3) / T, within(1e-12));
        assertThat(v[1]).isCloseTo(3.5, within(1e-12));
        assertThat(v[2]).isCloseTo(3 + 1.0 / 3, within(1e-12));
        assertThat(v[3]).isCloseTo(3.0, within(1e-12));
        assertThat(v[4]).isCloseTo(3.5 + 1.0 / 3, within(1e-12));
        // a repeated chunk adds nothing
        assertThat(s.score(Q, List.of(A, B, A))).isCloseTo(3.5, within(1e-12));
    }

    @Test
    void unpreparedEachCombinationIsItsOwnPool() {
        // pool {A, B}: relevance 1 and 0, idf(ada) = idf(river) = ln 2: 1 + 1, then 0 + 1 + 0.5
        assertThat(SCORER.score(Q, List.of(A, B))).isCloseTo(3.5, within(1e-12));
        assertThatThrownBy(() -> EvidenceCoverageScorer.defaults().scoreAll(Q, List.of(List.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty combination");
        assertThatThrownBy(() -> EvidenceCoverageScorer.defaults().prepare(Q, List.of(A, C)).score(Q, List.of(B)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not among the prepared candidates");
    }
}
