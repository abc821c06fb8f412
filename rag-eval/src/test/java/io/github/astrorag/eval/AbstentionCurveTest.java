package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.eval.AbstentionCurve.Observation;
import io.github.astrorag.eval.AbstentionCurve.Point;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AbstentionCurveTest {

    private static final String U = EvalQuestion.UNANSWERABLE;
    private static final String O = EvalQuestion.OFF_CORPUS;

    /**
     * Answerable (answer in context): 0.9, 0.6, 0.3, 0.8; unanswerable: 0.1, 0.5, 0.7; off-corpus: 0.2. Positions
     * 0..7, so fold 0 = {A .9, A .6, A .3, U .7} and fold 1 = {U .1, U .5, O .2, A .8}.
     */
    private static List<Observation> observations() {
        return List.of(new Observation(0, "extractive", 0.9, false), new Observation(1, U, 0.1, true),
                new Observation(2, "extractive", 0.6, false), new Observation(3, U, 0.5, true),
                new Observation(4, "extractive", 0.3, false), new Observation(5, O, 0.2, true),
                new Observation(6, U, 0.7, true), new Observation(7, "extractive", 0.8, false));
    }

    @Test
    void theCurveAbstainsBelowEachDistinctScoreByHand() {
        AbstentionCurve curve = AbstentionCurve.of(observations());
        List<Point> p = curve.points();
        assertThat(p).extracting(Point::threshold).containsExactly(0.1, 0.2, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, Double.POSITIVE_INFINITY);
        assertThat(p).extracting(Point::falseAbstention).containsExactly(0.0, 0.0, 0.0, 0.25, 0.25, 0.5, 0.5, 0.75, 1.0);
        assertThat(p).extracting(x -> x.correctAbstention().get(U))
                .containsExactly(0.0, 1.0 / 3, 1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3, 1.0, 1.0, 1.0);
        assertThat(p).extracting(x -> x.correctAbstention().get(O)).containsExactly(0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0);
        // the highest threshold within 5% false abstention abstains on 0.1 and 0.2 only
        assertThat(curve.atMost(0.05)).isEqualTo(p.get(2));
        assertThat(curve.atMost(0.25).threshold()).isEqualTo(0.6);
        assertThat(curve.atMost(0.0).threshold()).isEqualTo(0.3);
        // indices round(i * 8 / 3) = 0, 3, 5, 8, and the 5% point (2)
        assertThat(curve.summary(4, 0.05)).extracting(Point::threshold).containsExactly(0.1, 0.3, 0.5, 0.7, Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> curve.atMost(1.5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.5");
    }

    /**
     * Chosen on fold 0 (answerable .9 .6 .3): t = 0.3 (0.6 would abstain on 1 of 3); on fold 1 answerable .8 keeps
     * answering (FA 0), unanswerable .1 abstains and .5 not (1/2), off-corpus .2 abstains (1). Chosen on fold 1
     * (answerable .8): t = 0.8; on fold 0 .6 and .3 abstain (FA 2/3), unanswerable .7 abstains (1). Pooled: FA 2/4,
     * unanswerable 2/3, off-corpus 1/1.
     */
    @Test
    void crossValidationChoosesOnOneFoldAndMeasuresOnTheOtherByHand() {
        AbstentionCurve.CrossValidation cv = AbstentionCurve.of(observations()).crossValidate(0.05, new Bootstrap(1));
        assertThat(cv.folds()).hasSize(2);
        AbstentionCurve.Fold f0 = cv.folds().get(0);
        assertThat(f0.chosenOn()).isZero();
        assertThat(f0.threshold()).isEqualTo(0.3);
        assertThat(f0.falseAbstention()).isZero();
        assertThat(f0.correctAbstention()).isEqualTo(Map.of(U, 0.5, O, 1.0));
        AbstentionCurve.Fold f1 = cv.folds().get(1);
        assertThat(f1.threshold()).isEqualTo(0.8);
        assertThat(f1.falseAbstention()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(f1.correctAbstention()).isEqualTo(Map.of(U, 1.0));
        assertThat(cv.falseAbstention()).isEqualTo(0.5);
        assertThat(cv.correctAbstention().get(U)).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(cv.correctAbstention()).containsEntry(O, 1.0);
        assertThat(cv.correctAbstentionCi95().get(O)).containsExactly(1.0, 1.0);
        assertThat(cv.falseAbstentionCi95()[0]).isBetween(0.0, 0.5);
        assertThat(cv.falseAbstentionCi95()[1]).isBetween(0.5, 1.0);
        // the folds are those of EvalDataset.fold: position modulo 2
        List<Integer> positions = List.of(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(EvalDataset.fold(positions.stream().map(i -> new EvalQuestion("i" + i, "x", "q", List.of(),
                List.of(io.github.astrorag.core.model.Document.of("d", "t")), null, List.of(), Map.of(), null)).toList(), 0, 2))
                .extracting(EvalQuestion::id).containsExactly("i0", "i2", "i4", "i6");
    }

    @Test
    void observationsComeFromTheScoresOfARun() {
        List<QuestionResult> results = List.of(
                result("a", "extractive", Map.of(MetricNames.SUPPORT, 0.7, MetricNames.ANSWER_IN_CONTEXT, 1.0)),
                result("b", "extractive", Map.of(MetricNames.SUPPORT, 0.2, MetricNames.ANSWER_IN_CONTEXT, 0.0)),
                result("c", U, Map.of(MetricNames.SUPPORT, 0.1, MetricNames.CORRECT_ABSTENTION, 1.0)),
                result("d", U, Map.of(MetricNames.CORRECT_ABSTENTION, 0.0)));
        // b's context lacks the answer, d has no support score
        assertThat(AbstentionCurve.observations(results)).containsExactly(new Observation(0, "extractive", 0.7, false),
                new Observation(2, U, 0.1, true));
        assertThat(AbstentionCurve.defined(AbstentionCurve.observations(results.subList(0, 2)))).isFalse();
        assertThatThrownBy(() -> AbstentionCurve.of(List.of(new Observation(0, U, 0.1, true))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("answerable");
    }

    private static QuestionResult result(String id, String type, Map<String, Double> scores) {
        return new QuestionResult(id, type, null, scores, 1.0, Map.of(), 0, List.of(), "x");
    }
}
