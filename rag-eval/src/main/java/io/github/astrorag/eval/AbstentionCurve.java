package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The abstention trade-off of a generator that abstains when its support score is below a threshold
 * {@code t} (abstain iff {@code support < t}): for each {@code t}, the <em>false abstention</em> rate (the
 * share of answerable questions whose context holds the answer that would abstain) against the <em>correct
 * abstention</em> rate of each type of question the documents cannot answer ({@code unanswerable},
 * {@code off-corpus}, each apart). Both rates grow with {@code t}, so the best threshold under a
 * false-abstention limit is the highest one that keeps it ({@link #atMost}).
 *
 * <p>{@link #crossValidate} chooses that threshold by 2-fold cross-validation: split the observations by
 * their instance's position as {@link EvalDataset#fold} splits instances (position modulo 2, so fold
 * {@code k} is the run {@code --fold k/2} would make), choose {@code t} on one half, measure it on the
 * other, both ways; the held-out rates are pooled over the two halves, each with a percentile-bootstrap
 * interval ({@link Bootstrap}).
 *
 * <p>Immutable, thread-safe. Building a curve sorts the scores and sweeps them once per threshold:
 * {@code O(n · d)} for {@code n} observations and {@code d} distinct scores.
 */
public final class AbstentionCurve {

    /** The false-abstention limit of {@link #atMost} used by the reports: 5%. */
    public static final double DEFAULT_MAX_FALSE_ABSTENTION = 0.05;

    /**
     * One question's support score.
     *
     * @param position      the instance's position in the run (what {@link EvalDataset#fold} splits by)
     * @param type          the instance's type; for an expected abstention, the group its correct-abstention
     *                      rate is reported in
     * @param support       the generator's support score (higher = better supported); finite
     * @param shouldAbstain {@code true} for a question the documents cannot answer, {@code false} for an
     *                      answerable one whose context holds the answer
     */
    public record Observation(int position, String type, double support, boolean shouldAbstain) {
        /**
         * Checks the values.
         *
         * @param position      the instance's position in the run, at least 0
         * @param type          the instance's type; not {@code null}
         * @param support       the support score; finite
         * @param shouldAbstain whether abstaining is right
         * @throws IllegalArgumentException if {@code position < 0} or {@code support} is not finite
         */
        public Observation {
            Arguments.check(position >= 0, "position must be at least 0, was %d", position);
            Objects.requireNonNull(type, "type");
            Arguments.check(Double.isFinite(support), "support must be finite, was %s", support);
        }
    }

    /**
     * The rates at one threshold.
     *
     * @param threshold         {@code t}: abstain iff {@code support < t}
     * @param falseAbstention   the share of answerable observations with {@code support < t}; NaN if there are none
     * @param correctAbstention per type of expected abstention, the share with {@code support < t}, types in
     *                          alphabetical order
     */
    public record Point(double threshold, double falseAbstention, Map<String, Double> correctAbstention) {
        /**
         * Copies the map, immutable and sorted by type.
         *
         * @param threshold         the threshold
         * @param falseAbstention   the false-abstention rate
         * @param correctAbstention type to correct-abstention rate
         */
        public Point {
            correctAbstention = java.util.Collections.unmodifiableMap(new TreeMap<>(correctAbstention));
        }
    }

    /**
     * One half of the cross-validation.
     *
     * @param chosenOn          the fold the threshold was chosen on (0 or 1); it is measured on the other
     * @param threshold         the threshold chosen on fold {@code chosenOn}
     * @param falseAbstention   the false-abstention rate on the other fold at that threshold
     * @param correctAbstention the correct-abstention rates on the other fold, per type
     */
    public record Fold(int chosenOn, double threshold, double falseAbstention, Map<String, Double> correctAbstention) {
        /**
         * Copies the map, immutable and sorted by type.
         *
         * @param chosenOn          the fold the threshold was chosen on
         * @param threshold         the threshold
         * @param falseAbstention   the held-out false-abstention rate
         * @param correctAbstention the held-out correct-abstention rates per type
         */
        public Fold {
            correctAbstention = java.util.Collections.unmodifiableMap(new TreeMap<>(correctAbstention));
        }
    }

    /**
     * The result of {@link #crossValidate}: both folds and the held-out rates pooled over them (each observation
     * is held out exactly once), with 95% bootstrap intervals.
     *
     * @param maxFalseAbstention     the limit the thresholds were chosen under
     * @param folds                  the two folds, chosen on fold 0 then on fold 1
     * @param falseAbstention        the pooled held-out false-abstention rate
     * @param falseAbstentionCi95    its interval {@code [low, high]}
     * @param correctAbstention      the pooled held-out correct-abstention rate per type
     * @param correctAbstentionCi95  their intervals per type
     */
    public record CrossValidation(double maxFalseAbstention, List<Fold> folds, double falseAbstention,
                                  double[] falseAbstentionCi95, Map<String, Double> correctAbstention,
                                  Map<String, double[]> correctAbstentionCi95) {
        /**
         * Copies the collections.
         *
         * @param maxFalseAbstention    the limit
         * @param folds                 the folds
         * @param falseAbstention       the pooled false-abstention rate
         * @param falseAbstentionCi95   its interval
         * @param correctAbstention     the pooled correct-abstention rates
         * @param correctAbstentionCi95 their intervals
         */
        public CrossValidation {
            folds = List.copyOf(folds);
            falseAbstentionCi95 = falseAbstentionCi95.clone();
            correctAbstention = java.util.Collections.unmodifiableMap(new TreeMap<>(correctAbstention));
            correctAbstentionCi95 = java.util.Collections.unmodifiableMap(new TreeMap<>(correctAbstentionCi95));
        }
    }

    private final List<Observation> observations;
    private final List<Point> points;

    private AbstentionCurve(List<Observation> observations) {
        this.observations = List.copyOf(observations);
        this.points = sweep(this.observations);
    }

    /**
     * The curve of {@code observations}: one point per distinct support score {@code v} (threshold {@code v}:
     * the observations scoring below it abstain; at the lowest none does), then {@code +∞} (all abstain).
     *
     * @param observations the scores, in any order
     * @return the curve
     * @throws IllegalArgumentException if there is no answerable observation or no expected abstention
     */
    public static AbstentionCurve of(List<Observation> observations) {
        Arguments.check(defined(observations), "an abstention curve needs answerable questions and questions to abstain on, had %d observations", observations.size());
        return new AbstentionCurve(observations);
    }

    /**
     * The observations of a run: every instance that did not fail, has a {@value MetricNames#SUPPORT} score and is
     * either an expected abstention or answerable with {@value MetricNames#ANSWER_IN_CONTEXT} = 1; positioned by
     * its place in {@code results} (one result per instance, in instance order).
     *
     * @param results a pipeline's results, in instance order
     * @return the observations, in instance order; empty when no trace reported a support score
     */
    public static List<Observation> observations(List<QuestionResult> results) {
        List<Observation> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            QuestionResult r = results.get(i);
            Double support = r.scores().get(MetricNames.SUPPORT);
            if (r.failed() || support == null) {
                continue;
            }
            if (r.scores().containsKey(MetricNames.CORRECT_ABSTENTION)) {
                out.add(new Observation(i, r.type(), support, true));
            } else if (Double.valueOf(1.0).equals(r.scores().get(MetricNames.ANSWER_IN_CONTEXT))) {
                out.add(new Observation(i, r.type(), support, false));
            }
        }
        return out;
    }

    /**
     * Whether {@link #of} accepts {@code observations}.
     *
     * @param observations the scores
     * @return {@code true} if there is at least one answerable observation and one expected abstention
     */
    public static boolean defined(List<Observation> observations) {
        return observations.stream().anyMatch(o -> !o.shouldAbstain()) && observations.stream().anyMatch(Observation::shouldAbstain);
    }

    /**
     * The whole curve.
     *
     * @return the points in ascending threshold order, the last at {@code +∞}
     */
    public List<Point> points() {
        return points;
    }

    /**
     * The observations the curve was built from.
     *
     * @return them, in the order given
     */
    public List<Observation> observations() {
        return observations;
    }

    /**
     * The point of the highest threshold whose false-abstention rate is at most {@code maxFalseAbstention}: the
     * most correct abstention under that limit. The lowest threshold abstains on nothing, so there always is one.
     *
     * @param maxFalseAbstention the limit, in [0, 1] (0.05 for 5%)
     * @return that point
     * @throws IllegalArgumentException if {@code maxFalseAbstention} is not in [0, 1]
     */
    public Point atMost(double maxFalseAbstention) {
        return atMost(points, maxFalseAbstention);
    }

    private static Point atMost(List<Point> points, double maxFalseAbstention) {
        Arguments.check(maxFalseAbstention >= 0 && maxFalseAbstention <= 1, "the false-abstention limit must be in [0, 1], was %s",
                maxFalseAbstention);
        Point best = points.get(0);
        for (Point p : points) {
            if (!(p.falseAbstention() > maxFalseAbstention)) {
                best = p;
            }
        }
        return best;
    }

    /**
     * About {@code n} points spread evenly over the curve, for a table: the first, the last and the point of
     * {@link #atMost}({@code maxFalseAbstention}) always among them.
     *
     * @param n                  how many points are wanted, at least 2
     * @param maxFalseAbstention the limit whose point must be shown
     * @return at most {@code n + 1} points in ascending threshold order
     * @throws IllegalArgumentException if {@code n < 2}
     */
    public List<Point> summary(int n, double maxFalseAbstention) {
        Arguments.check(n >= 2, "at least 2 points, was %d", n);
        TreeSet<Integer> idx = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            idx.add((int) Math.round(i * (points.size() - 1) / (double) (n - 1)));
        }
        idx.add(points.indexOf(atMost(maxFalseAbstention)));
        return idx.stream().map(points::get).toList();
    }

    /**
     * 2-fold cross-validation of the threshold: for {@code k} in 0, 1, the threshold {@link #atMost} chooses on
     * the observations of fold {@code k} ({@code position % 2 == k}), applied to those of fold {@code 1 - k}.
     * The pooled rates are the means of the held-out 0/1 outcomes, their intervals {@code bootstrap}'s.
     *
     * @param maxFalseAbstention the limit, in [0, 1]
     * @param bootstrap          the seeded resampler of the intervals
     * @return both folds and the pooled held-out rates
     * @throws IllegalArgumentException if a fold lacks answerable observations or expected abstentions
     */
    public CrossValidation crossValidate(double maxFalseAbstention, Bootstrap bootstrap) {
        List<Fold> folds = new ArrayList<>();
        List<Double> heldOutFalse = new ArrayList<>();
        Map<String, List<Double>> heldOutCorrect = new TreeMap<>();
        for (int k = 0; k < 2; k++) {
            int train = k;
            List<Observation> chooseOn = observations.stream().filter(o -> o.position() % 2 == train).toList();
            List<Observation> measureOn = observations.stream().filter(o -> o.position() % 2 != train).toList();
            Arguments.check(defined(chooseOn) && defined(measureOn),
                    "fold %d or %d lacks answerable questions or questions to abstain on", train, 1 - train);
            double t = atMost(sweep(chooseOn), maxFalseAbstention).threshold();
            Point p = at(measureOn, t);
            folds.add(new Fold(train, t, p.falseAbstention(), p.correctAbstention()));
            for (Observation o : measureOn) {
                double abstains = o.support() < t ? 1.0 : 0.0;
                if (o.shouldAbstain()) {
                    heldOutCorrect.computeIfAbsent(o.type(), x -> new ArrayList<>()).add(abstains);
                } else {
                    heldOutFalse.add(abstains);
                }
            }
        }
        Map<String, Double> correct = new LinkedHashMap<>();
        Map<String, double[]> correctCi = new LinkedHashMap<>();
        heldOutCorrect.forEach((type, v) -> {
            double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
            correct.put(type, mean(a));
            correctCi.put(type, bootstrap.meanInterval(a));
        });
        double[] f = heldOutFalse.stream().mapToDouble(Double::doubleValue).toArray();
        return new CrossValidation(maxFalseAbstention, folds, mean(f), bootstrap.meanInterval(f), correct, correctCi);
    }

    /** The distinct scores ascending, then +∞, each with its rates. */
    private static List<Point> sweep(List<Observation> observations) {
        TreeSet<Double> thresholds = new TreeSet<>();
        observations.forEach(o -> thresholds.add(o.support()));
        thresholds.add(Double.POSITIVE_INFINITY);
        List<Point> out = new ArrayList<>();
        for (double t : thresholds) {
            out.add(at(observations, t));
        }
        return out;
    }

    /** The rates at threshold {@code t}. */
    private static Point at(List<Observation> observations, double t) {
        int answerable = 0;
        int falseAbstentions = 0;
        Map<String, int[]> correct = new TreeMap<>();
        for (Observation o : observations) {
            boolean abstains = o.support() < t;
            if (o.shouldAbstain()) {
                int[] c = correct.computeIfAbsent(o.type(), x -> new int[2]);
                c[0] += abstains ? 1 : 0;
                c[1]++;
            } else {
                answerable++;
                falseAbstentions += abstains ? 1 : 0;
            }
        }
        Map<String, Double> rates = new TreeMap<>();
        correct.forEach((type, c) -> rates.put(type, c[0] / (double) c[1]));
        return new Point(t, answerable == 0 ? Double.NaN : falseAbstentions / (double) answerable, rates);
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return a.length == 0 ? Double.NaN : s / a.length;
    }
}
