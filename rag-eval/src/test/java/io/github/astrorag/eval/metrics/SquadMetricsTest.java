package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SquadMetricsTest {

    @Test
    void normalizesAsTheSquadScriptDoes() {
        assertThat(SquadMetrics.normalize("The  Cat's hat!")).isEqualTo("cats hat");
        assertThat(SquadMetrics.normalize("An apple, a pear and THE end.")).isEqualTo("apple pear and end");
        // articles only as whole words; punctuation is deleted, not replaced by a space
        assertThat(SquadMetrics.normalize("theatre anatomy U.S.A.")).isEqualTo("theatre anatomy usa");
        assertThat(SquadMetrics.tokens("  the  ")).isEmpty();
    }

    @Test
    void exactMatchIsTheBestOverGoldAnswers() {
        assertThat(SquadMetrics.exactMatch("the Chief of Protocol.", List.of("Ambassador", "Chief of Protocol")))
                .isEqualTo(1.0);
        assertThat(SquadMetrics.exactMatch("Chief of Protocol of the US", List.of("Chief of Protocol"))).isZero();
    }

    @Test
    void tokenF1ByHand() {
        // pred [chief, of, protocol, of, united, states], gold [chief, of, protocol]: 3 common, P=1/2, R=1 -> 2/3
        assertThat(SquadMetrics.tokenF1("Chief of Protocol of the United States", List.of("Chief of Protocol")))
                .isCloseTo(2.0 / 3, within(1e-12));
        // repeats count once per gold occurrence: [of, of, of] vs [of, protocol]: 1 common, P=1/3, R=1/2 -> 0.4
        assertThat(SquadMetrics.tokenF1("of of of", List.of("of protocol"))).isCloseTo(0.4, within(1e-12));
        // best over golds
        assertThat(SquadMetrics.tokenF1("Paris", List.of("London", "Paris France"))).isCloseTo(2.0 / 3, within(1e-12));
        // empty after normalisation: 1 only if both empty
        assertThat(SquadMetrics.tokenF1("the", List.of("a"))).isEqualTo(1.0);
        assertThat(SquadMetrics.tokenF1("the", List.of("cat"))).isZero();
    }

    @Test
    void answerInNormalizedSearchesAnAlreadyNormalisedText() {
        String normalized = SquadMetrics.normalize("The Normans were in Normandy in the 10th century.");
        assertThat(normalized).isEqualTo("normans were in normandy in 10th century");
        assertThat(SquadMetrics.answerInNormalized(normalized, List.of("the Normans"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInNormalized(normalized, List.of("Norman", "yes"))).isZero();
    }

    @Test
    void answerInContextMatchesWholeNormalisedTokens() {
        String context = "In 1000 AD, the Normans settled in the 10th and 11th centuries.";
        assertThat(SquadMetrics.answerInContext(context, List.of("100"))).isZero();
        assertThat(SquadMetrics.answerInContext(context, List.of("Denmark", "normans"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("in the 10th and 11th centuries"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("the", "!"))).isZero();
    }

    @Test
    void answerInContextReadsADashBetweenWordsAsASpace() {
        String context = "It has one-sixth of the gravity\u2014too low to keep an atmosphere, in 1914\u20131918.";
        assertThat(SquadMetrics.answerInContext(context, List.of("too low to keep an atmosphere"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("gravity"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("1914 \u2013 1918"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("1918"))).isEqualTo(1.0);
        assertThat(SquadMetrics.answerInContext(context, List.of("sixth"))).isZero(); // an ASCII hyphen joins, as in the script
        assertThat(SquadMetrics.answerInContext(context, List.of("\u2014"))).isZero();
        // a corpus brought to that form once is searched as answerInContext searches a context
        String corpus = SquadMetrics.containmentForm(context);
        assertThat(corpus).contains("gravity too low").contains("1914 1918");
        assertThat(SquadMetrics.answerInNormalized(corpus, List.of("too low to keep an atmosphere"))).isEqualTo(1.0);
        // exact match and F1 keep the script's tokens
        assertThat(SquadMetrics.exactMatch("gravity too", List.of("gravity\u2014too"))).isZero();
    }

    @Test
    void answerInContextReadsTypographicQuotesAsTheScriptReadsAsciiOnes() {
        String context = "The Moon\u2019s orbit is tilted, and the \u201Cdrifting\u201D plates move.";
        assertThat(SquadMetrics.containmentForm(context)).isEqualTo("moons orbit is tilted and drifting plates move");
        // a key typed with either apostrophe is found; "Moon orbit" is not, as it is not in "Moon's orbit"
        assertThat(List.of("Moon's orbit is tilted", "Moon\u2019s orbit", "drifting plates", "Moon orbit"))
                .extracting(gold -> SquadMetrics.answerInContext(context, List.of(gold)))
                .containsExactly(1.0, 1.0, 1.0, 0.0);
        // exact match and F1 keep the script's tokens
        assertThat(SquadMetrics.exactMatch("Moon\u2019s orbit", List.of("Moon's orbit"))).isZero();
    }

    @Test
    void refusesAnEmptyGoldList() {
        assertThatThrownBy(() -> SquadMetrics.tokenF1("x", List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no gold answer");
    }
}
