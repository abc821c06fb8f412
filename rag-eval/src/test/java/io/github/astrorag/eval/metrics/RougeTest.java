package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.eval.metrics.Rouge.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reference values worked out by hand (token lists, overlaps and LCS written next to each). */
class RougeTest {

    private final Rouge rouge = Rouge.withStemming();

    @Test
    void tokenizesLikeRougeScore() {
        assertThat(rouge.tokenize("Hello, World! It's 2024.")).containsExactly("hello", "world", "it", "s", "2024");
        assertThat(rouge.tokenize("Café—naïve")).containsExactly("caf", "na", "ve");
        assertThat(rouge.tokenize("The cats were running quickly"))
                .containsExactly("the", "cat", "were", "run", "quickli");
        assertThat(Rouge.withoutStemming().tokenize("The cats")).containsExactly("the", "cats");
        assertThat(rouge.tokenize(" ... ")).isEmpty();
    }

    @Test
    void catUnderTheBed() {
        String pred = "the cat was found under the bed";   // 7 tokens, 6 bigrams
        String ref = "the cat was under the bed";          // 6 tokens, 5 bigrams
        // unigram overlap 6: P=6/7, R=1 -> F=12/13
        assertThat(rouge.score(Type.ROUGE_1, pred, ref).f1()).isCloseTo(12.0 / 13, within(1e-12));
        assertThat(rouge.score(Type.ROUGE_1, pred, ref).f1()).isCloseTo(0.923, within(5e-4));
        // bigram overlap 4 (the cat, cat was, under the, the bed): P=4/6, R=4/5 -> F=8/11
        Rouge.Score r2 = rouge.score(Type.ROUGE_2, pred, ref);
        assertThat(r2.precision()).isCloseTo(4.0 / 6, within(1e-12));
        assertThat(r2.recall()).isCloseTo(4.0 / 5, within(1e-12));
        assertThat(r2.f1()).isCloseTo(0.727, within(5e-4));
        // LCS = the cat was under the bed = 6
        assertThat(rouge.score(Type.ROUGE_L, pred, ref).f1()).isCloseTo(12.0 / 13, within(1e-12));
    }

    @Test
    void stemmingMakesInflectionsMatch() {
        String pred = "The cats were running quickly";   // [the, cat, were, run, quickli]
        String ref = "a cat runs quick";                 // [a, cat, run, quick]
        // overlap {cat, run}: P=2/5, R=2/4 -> F=4/9; LCS [cat, run] = 2 -> same
        assertThat(rouge.score(Type.ROUGE_1, pred, ref).f1()).isCloseTo(4.0 / 9, within(1e-12));
        assertThat(rouge.score(Type.ROUGE_2, pred, ref).f1()).isZero();
        assertThat(rouge.score(Type.ROUGE_L, pred, ref).f1()).isCloseTo(4.0 / 9, within(1e-12));
        assertThat(Rouge.withoutStemming().score(Type.ROUGE_1, pred, ref).f1()).isZero();
    }

    @Test
    void wordOrderSeparatesTheVariants() {
        String pred = "police killed the gunman";   // [polic, kill, the, gunman]
        String ref = "the gunman kill police";       // [the, gunman, kill, polic]
        assertThat(rouge.score(Type.ROUGE_1, pred, ref).f1()).isCloseTo(1.0, within(1e-12));
        // bigrams: only "the gunman" shared of 3 and 3 -> 1/3
        assertThat(rouge.score(Type.ROUGE_2, pred, ref).f1()).isCloseTo(1.0 / 3, within(1e-12));
        // LCS = [the, gunman] = 2 of 4 and 4 -> 1/2
        assertThat(rouge.score(Type.ROUGE_L, pred, ref).f1()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void keepsTheBestReference() {
        // vs "the cat sat": overlap 2, P=1, R=2/3 -> F=0.8; vs "a dog": 0
        Rouge.Score best = rouge.best(Type.ROUGE_1, "the cat", List.of("a dog", "the cat sat"));
        assertThat(best.f1()).isCloseTo(0.8, within(1e-12));
        assertThat(best.precision()).isEqualTo(1.0);
    }

    @Test
    void emptySidesScoreZero() {
        assertThat(rouge.score(Type.ROUGE_L, "", "the cat")).isEqualTo(Rouge.Score.ZERO);
        assertThat(rouge.score(Type.ROUGE_2, "cat", "cat")).isEqualTo(Rouge.Score.ZERO);
        assertThat(rouge.score(Type.ROUGE_1, "cat", "cat").f1()).isEqualTo(1.0);
    }
}
