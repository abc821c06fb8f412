package io.github.astrorag.mcts;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import io.github.astrorag.mcts.internal.ScoringExecutors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * CORAG's upper bound ("CORAG Upper"): scores every ordered combination of 1 to {@code maxChunks}
 * (default {@value #DEFAULT_MAX_CHUNKS}: fewer than six) distinct candidates whose joined text fits the
 * budget, and returns the one maximising the same objective as {@link MctsContextSelector},
 * S(v) − λ·cost(v)/B (λ default {@value MctsContextSelector#DEFAULT_COST_WEIGHT}), with the same tie
 * breaks (fewer tokens, fewer chunks, chunk ids). It is the reference MCTS is measured against.
 *
 * <p>Enumeration is depth first and does not extend a combination that is already over the budget.
 * Combinations are scored in batches of {@value #BATCH} per {@link CombinationScorer#scoreAll} call.
 * Cost: up to Σ<sub>k≤m</sub> n!/(n−k)! combinations for n candidates and m = maxChunks; that bound
 * must not exceed {@code maxCombinations} (default {@value #DEFAULT_MAX_COMBINATIONS}, which admits 13
 * candidates at m = 5), otherwise {@link #select} refuses with an {@link IllegalArgumentException}
 * before any work. Immutable and thread-safe.
 */
public final class ExhaustiveContextSelector implements ContextSelector {

    /** CORAG Upper: combinations of fewer than six chunks. */
    public static final int DEFAULT_MAX_CHUNKS = 5;
    /** The largest worst-case enumeration accepted by default. */
    public static final long DEFAULT_MAX_COMBINATIONS = 200_000;
    /** Combinations per scorer call. */
    public static final int BATCH = 512;

    private final CombinationScorer scorer;
    private final double costWeight;
    private final int maxChunks;
    private final long maxCombinations;
    private final TokenCounter counter;
    private final Executor executor;

    private ExhaustiveContextSelector(Builder b) {
        this.scorer = b.scorer == null ? QueryCoverageScorer.defaults() : b.scorer;
        this.costWeight = b.costWeight == null ? MctsContextSelector.DEFAULT_COST_WEIGHT : b.costWeight;
        this.maxChunks = b.maxChunks == null ? DEFAULT_MAX_CHUNKS : b.maxChunks;
        this.maxCombinations = b.maxCombinations == null ? DEFAULT_MAX_COMBINATIONS : b.maxCombinations;
        this.counter = b.counter == null ? TokenCounter.p50k() : b.counter;
        this.executor = b.executor == null ? ScoringExecutors.shared() : b.executor;
    }

    /**
     * The defaults with the cheap scorer.
     *
     * @return the default selector
     */
    public static ExhaustiveContextSelector defaults() {
        return builder().build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The worst-case number of ordered combinations of 1 to {@code m} of {@code n} items (saturating).
     *
     * @param n the number of items
     * @param m the most items in a combination
     * @return the number, or {@link Long#MAX_VALUE} when it overflows
     */
    public static long orderedCombinations(int n, int m) {
        long total = 0;
        long term = 1;
        try {
            for (int k = 1; k <= Math.min(m, n); k++) {
                term = Math.multiplyExact(term, n - k + 1L);
                total = Math.addExact(total, term);
            }
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
        return total;
    }

    /**
     * The largest number of candidates this selector accepts.
     *
     * @return the largest n whose enumeration stays within the combination limit
     */
    public int maxCandidates() {
        int n = 0;
        while (orderedCombinations(n + 1, maxChunks) <= maxCombinations) {
            n++;
        }
        return n;
    }


    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        Objects.requireNonNull(query, "query");
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        List<ScoredChunk> pool = ScoredChunk.distinct(candidates);
        long bound = orderedCombinations(pool.size(), maxChunks);
        Arguments.check(bound <= maxCombinations,
                "exhaustive search over %d candidates would enumerate up to %d ordered combinations of at most %d chunks, "
                        + "more than the limit of %d: pass at most %d candidates, or lower maxChunks, or raise maxCombinations",
                pool.size(), bound, maxChunks, maxCombinations, maxCandidates());
        SearchSpace space = new SearchSpace(query, pool, scorer, counter, budget, costWeight, executor);
        Enumeration e = new Enumeration(space);
        e.extend(new ArrayList<>(), new boolean[pool.size()]);
        e.flush();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("selector", "exhaustive");
        details.put("scorerCalls", space.scorerCalls());
        details.put("combinationsScored", space.combinationsScored());
        List<ScoredChunk> path;
        if (e.best != null) {
            path = e.best;
            details.put("score", e.bestScore);
            details.put("utility", space.objective(e.bestScore, space.cost(path)));
        } else {
            path = pool.stream().sorted(ScoredChunk.BY_SCORE).limit(1).toList();
        }
        details.put("path", path.stream().map(ScoredChunk::id).toList());
        Context context = space.assemble(path, details);
        context.details().forEach(trace::put);
        return context;
    }

    /** Depth-first enumeration with batched scoring. */
    private final class Enumeration {
        private final SearchSpace space;
        private final List<List<ScoredChunk>> batch = new ArrayList<>();
        List<ScoredChunk> best;
        double bestScore;
        double bestObjective = Double.NEGATIVE_INFINITY;

        Enumeration(SearchSpace space) {
            this.space = space;
        }

        void extend(List<ScoredChunk> path, boolean[] used) {
            if (path.size() == maxChunks) {
                return;
            }
            List<ScoredChunk> pool = space.candidates();
            for (int i = 0; i < pool.size(); i++) {
                if (used[i]) {
                    continue;
                }
                path.add(pool.get(i));
                if (space.fits(path)) {
                    batch.add(List.copyOf(path));
                    if (batch.size() == BATCH) {
                        flush();
                    }
                    used[i] = true;
                    extend(path, used);
                    used[i] = false;
                }
                path.remove(path.size() - 1);
            }
        }

        void flush() {
            if (batch.isEmpty()) {
                return;
            }
            double[] scores = space.score(batch);
            for (int i = 0; i < scores.length; i++) {
                List<ScoredChunk> p = batch.get(i);
                double objective = space.objective(scores[i], space.cost(p));
                if (best == null || objective > bestObjective || (objective == bestObjective && before(p, best))) {
                    best = p;
                    bestScore = scores[i];
                    bestObjective = objective;
                }
            }
            batch.clear();
        }

        private boolean before(List<ScoredChunk> a, List<ScoredChunk> b) {
            int byCost = Integer.compare(space.cost(a), space.cost(b));
            if (byCost != 0) {
                return byCost < 0;
            }
            if (a.size() != b.size()) {
                return a.size() < b.size();
            }
            return SearchSpace.key(a).compareTo(SearchSpace.key(b)) < 0;
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "exhaustive");
        m.put("maxChunks", maxChunks);
        m.put("costWeight", costWeight);
        m.put("maxCombinations", maxCombinations);
        m.put("encoding", counter.name());
        m.put("scorer", scorer.describe());
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private CombinationScorer scorer;
        private Double costWeight;
        private Integer maxChunks;
        private Long maxCombinations;
        private TokenCounter counter;
        private Executor executor;

        private Builder() {
        }

        /**
         * How combinations are scored; default {@link QueryCoverageScorer#defaults()}.
         *
         * @param value the scorer; not {@code null}
         * @return this builder
         */
        public Builder scorer(CombinationScorer value) {
            Arguments.checkState(scorer == null, "scorer was already set");
            scorer = Objects.requireNonNull(value, "scorer");
            return this;
        }

        /**
         * λ; default {@value MctsContextSelector#DEFAULT_COST_WEIGHT}; 0 to {@value MctsContextSelector#MAX_WEIGHT}.
         *
         * @param value the cost weight λ
         * @return this builder
         */
        public Builder costWeight(double value) {
            Arguments.checkState(costWeight == null, "costWeight was already set");
            Arguments.check(value >= 0 && value <= MctsContextSelector.MAX_WEIGHT,
                    "cost weight lambda must be between 0 and %s, was %s", MctsContextSelector.MAX_WEIGHT, value);
            costWeight = value;
            return this;
        }

        /**
         * The most chunks in a combination; default {@value #DEFAULT_MAX_CHUNKS}; 1 to 8.
         *
         * @param value the most chunks per combination
         * @return this builder
         */
        public Builder maxChunks(int value) {
            Arguments.checkState(maxChunks == null, "maxChunks was already set");
            Arguments.check(value >= 1 && value <= 8, "maxChunks must be between 1 and 8, was %d", value);
            maxChunks = value;
            return this;
        }

        /**
         * The worst-case enumeration accepted; default {@value #DEFAULT_MAX_COMBINATIONS}; 1 to 100,000,000.
         *
         * @param value the most combinations
         * @return this builder
         */
        public Builder maxCombinations(long value) {
            Arguments.checkState(maxCombinations == null, "maxCombinations was already set");
            Arguments.check(value >= 1 && value <= 100_000_000L,
                    "maxCombinations must be between 1 and 100000000, was %d", value);
            maxCombinations = value;
            return this;
        }

        /**
         * The token counter; default p50k_base.
         *
         * @param value the token counter; not {@code null}
         * @return this builder
         */
        public Builder counter(TokenCounter value) {
            Arguments.checkState(counter == null, "counter was already set");
            counter = Objects.requireNonNull(value, "counter");
            return this;
        }

        /**
         * Where scoring batches run; default the shared daemon pool.
         *
         * @param value the executor; not {@code null}
         * @return this builder
         */
        public Builder executor(Executor value) {
            Arguments.checkState(executor == null, "executor was already set");
            executor = Objects.requireNonNull(value, "executor");
            return this;
        }

        /**
         * The selector.
         *
         * @return the immutable selector
         */
        public ExhaustiveContextSelector build() {
            return new ExhaustiveContextSelector(this);
        }
    }
}
