package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BootstrapTest {

    @Test
    void percentilesInterpolateLinearly() {
        // h = (n-1)q + 1; [1,2,3,4] at 50 -> between 2 and 3; [1..5] at 95 -> 4 + 0.8
        assertThat(Bootstrap.percentile(new double[] {4, 1, 3, 2}, 50)).isEqualTo(2.5);
        assertThat(Bootstrap.percentile(new double[] {1, 2, 3, 4, 5}, 95)).isCloseTo(4.8, within(1e-12));
        assertThat(Bootstrap.percentile(new double[0], 50)).isNaN();
    }

    @Test
    void intervalOfAConstantIsThePoint() {
        assertThat(new Bootstrap(1).meanInterval(new double[] {0.5, 0.5, 0.5})).containsExactly(0.5, 0.5);
    }

    @Test
    void seededIntervalsAreReproducibleAndCoverTheMean() {
        double[] v = new double[40];
        for (int i = 0; i < v.length; i++) {
            v[i] = i % 4 == 0 ? 1 : 0;   // mean 0.25
        }
        double[] a = new Bootstrap(42).meanInterval(v);
        assertThat(new Bootstrap(42).meanInterval(v)).containsExactly(a);
        assertThat(a[0]).isLessThan(0.25).isGreaterThanOrEqualTo(0.0);
        assertThat(a[1]).isGreaterThan(0.25).isLessThanOrEqualTo(1.0);
        // the normal approximation's half-width is 1.96·sqrt(0.25·0.75/40) = 0.134; the bootstrap's is close
        assertThat((a[1] - a[0]) / 2).isCloseTo(0.134, within(0.03));
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> new Bootstrap(0, 0.95, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("resamples must be at least 1, was 0");
        assertThatThrownBy(() -> new Bootstrap(10, 1.0, 1)).hasMessageContaining("level must be in (0, 1)");
    }
}
