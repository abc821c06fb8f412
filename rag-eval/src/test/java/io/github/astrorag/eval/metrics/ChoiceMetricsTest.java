package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChoiceMetricsTest {

    @Test
    void singleAndMultiSelectNeedTheExactSet() {
        assertThat(ChoiceMetrics.correct("B", "B")).isEqualTo(1.0);
        assertThat(ChoiceMetrics.correct("c", "B")).isZero();
        assertThat(ChoiceMetrics.correct("D, B", "BD")).isEqualTo(1.0);
        assertThat(ChoiceMetrics.correct("B", "BD")).isZero();
        assertThat(ChoiceMetrics.correct("BCD", "BD")).isZero();
        assertThat(ChoiceMetrics.correct(null, "A")).isZero();
        assertThatThrownBy(() -> ChoiceMetrics.correct("A", "12")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void judgmentKeysBecomeTwoOptions() {
        assertThat(ChoiceMetrics.judgmentKey(" True")).isEqualTo("A");
        assertThat(ChoiceMetrics.judgmentKey("false")).isEqualTo("B");
        assertThat(ChoiceMetrics.correct("A", ChoiceMetrics.judgmentKey("true"))).isEqualTo(1.0);
        assertThatThrownBy(() -> ChoiceMetrics.judgmentKey("yes")).hasMessageContaining("'yes'");
    }

    @Test
    void chanceAccuracyOfAUniformPick() {
        assertThat(ChoiceMetrics.chanceAccuracy(4, false)).isEqualTo(0.25);
        assertThat(ChoiceMetrics.chanceAccuracy(2, false)).isEqualTo(0.5);
        // 4 options, multi-select: 15 non-empty subsets
        assertThat(ChoiceMetrics.chanceAccuracy(4, true)).isEqualTo(1.0 / 15);
        assertThatThrownBy(() -> ChoiceMetrics.chanceAccuracy(0, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
