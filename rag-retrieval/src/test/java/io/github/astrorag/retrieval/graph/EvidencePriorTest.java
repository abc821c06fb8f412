package io.github.astrorag.retrieval.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.retrieval.TestChunks;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A path of mentions A - B - C (A names "Bel", B names "Cyr"), the walk restarting only at A (p = 1, 0, 0),
 * damping d. Stationary: x_B = d (x_A + x_C), x_C = d x_B / 2, x_A = (1 − d) + d x_B / 2, so x_B = d / (1 + d),
 * x_C = d² / (2 (1 + d)). Beyond the restart share: A: x_A − 1 &lt; 0 → 0; B: x_B; C: x_C; divided by
 * the largest: (0, 1, d / 2).
 */
class EvidencePriorTest {

    private static final double D = PersonalizedPageRank.DEFAULT_DAMPING;

    private static ScoredChunk chunk(String id, String title, String text) {
        return new ScoredChunk(TestChunks.chunk(id, id, title, text), 0.5, null);
    }

    private static final List<ScoredChunk> PATH = List.of(
            chunk("A", "Ada", "Ada lived in Bel."),
            chunk("B", "Bel", "Bel lies north of Cyr."),
            chunk("C", "Cyr", "A quiet harbour town."));

    @Test
    void givesWhatTheLinksAddBeyondTheRestartShare() {
        double[] prior = EvidencePrior.of(PATH, new double[] {1, 0, 0});
        assertThat(prior[0]).isZero();
        assertThat(prior[1]).isEqualTo(1.0);
        assertThat(prior[2]).isCloseTo(D / 2, within(1e-3)); // power iteration to tolerance 1e-4
    }

    @Test
    void isZeroWithoutEdges() {
        List<ScoredChunk> unlinked = List.of(chunk("A", "Ada", "Ada lived here."), chunk("B", "Bel", "A town."));
        assertThat(EvidencePrior.of(unlinked, new double[] {1, 2})).containsExactly(0, 0);
        assertThat(EvidencePrior.of(List.of(), new double[0])).isEmpty();
    }

    @Test
    void refusesBadWeights() {
        assertThatThrownBy(() -> EvidencePrior.of(PATH, new double[] {1, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 weights for 3 candidates");
        assertThatThrownBy(() -> EvidencePrior.of(PATH, new double[] {1, -1, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(">= 0");
        assertThatThrownBy(() -> EvidencePrior.of(PATH, new double[] {0, 0, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
        assertThatThrownBy(() -> EvidencePrior.of(PATH, new double[] {0, 0, 0}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("all 0");
    }
}
