package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Percentile-bootstrap confidence intervals of a mean (Efron and Tibshirani, "An Introduction to the
 * Bootstrap", 1993, ch. 13): draw {@code resamples} samples of the same size with replacement, take each
 * one's mean, and report the {@code (1−level)/2} and {@code (1+level)/2} percentiles of those means.
 * Seeded ({@link Well19937c}), so the same values and seed give the same interval. Percentiles use
 * Commons Math's R-7 estimator (linear interpolation, numpy's default). O(resamples · n).
 */
public final class Bootstrap {

    /** Resamples drawn by default. */
    public static final int DEFAULT_RESAMPLES = 1000;
    /** Confidence level by default. */
    public static final double DEFAULT_LEVEL = 0.95;

    private final int resamples;
    private final double level;
    private final long seed;

    /**
     * A bootstrap with {@value #DEFAULT_RESAMPLES} resamples at the {@value #DEFAULT_LEVEL} level.
     *
     * @param seed seed of the resampling; the same seed and values give the same interval
     */
    public Bootstrap(long seed) {
        this(DEFAULT_RESAMPLES, DEFAULT_LEVEL, seed);
    }

    /**
     * A bootstrap with the given settings.
     *
     * @param resamples how many resamples to draw, at least 1; the cost grows linearly with it
     * @param level     the confidence level, strictly between 0 and 1 ({@code 0.95} for a 95% interval)
     * @param seed      seed of the resampling; the same seed and values give the same interval
     * @throws IllegalArgumentException if {@code resamples < 1} or {@code level} is not in (0, 1)
     */
    public Bootstrap(int resamples, double level, long seed) {
        Arguments.check(resamples >= 1, "resamples must be at least 1, was %d", resamples);
        Arguments.check(level > 0 && level < 1, "level must be in (0, 1), was %s", level);
        this.resamples = resamples;
        this.level = level;
        this.seed = seed;
    }

    /**
     * The percentile-bootstrap interval of the mean of {@code values}. Deterministic: every call resamples
     * from a generator freshly seeded with this bootstrap's seed.
     *
     * @param values the sample, for instance one metric's per-instance scores; not modified; may be empty
     * @return a new two-element array {@code [low, high]}, with {@code low <= high}; {@code [v, v]} for a single
     *         value {@code v}; {@code [NaN, NaN]} when {@code values} is empty
     */
    public double[] meanInterval(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        RandomGenerator random = new Well19937c(seed);
        double[] means = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += values[random.nextInt(n)];
            }
            means[r] = sum / n;
        }
        Percentile p = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        p.setData(means);
        double tail = (1 - level) / 2 * 100;
        return new double[] {p.evaluate(tail), p.evaluate(100 - tail)};
    }

    /**
     * The {@code q}-th percentile of {@code values} with the R-7 estimator (linear interpolation between the
     * two nearest order statistics), as used for the latency percentiles of a report.
     *
     * @param values the sample, in any order; not modified; may be empty
     * @param q      the percentile, in {@code (0, 100]} ({@code 50} for the median)
     * @return the percentile, in the units of {@code values}; NaN when {@code values} is empty
     * @throws IllegalArgumentException if {@code values} is not empty and {@code q} is not in {@code (0, 100]}
     */
    public static double percentile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        return new Percentile().withEstimationType(Percentile.EstimationType.R_7).evaluate(values, q);
    }
}
