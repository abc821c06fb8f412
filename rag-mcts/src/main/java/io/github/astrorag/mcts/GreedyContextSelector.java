package io.github.astrorag.mcts;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.internal.ScoringExecutors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * CORAG's NaiveRAG baseline: rank the candidates by their single-chunk score and take them in that
 * order while they fit, skipping a chunk that would overflow the budget and going on with the next,
 * until none is left. Each chunk is judged alone, so a chunk that lowers the value of the set it joins,
 * or a better order, is never found (see {@link MctsContextSelector}).
 *
 * <p>The single-chunk score is the candidate's own score by default, or, with {@link Builder#scorer}, the
 * {@link CombinationScorer}'s score of the one-chunk combination (one batch of n). Ties by chunk id. If
 * no candidate fits whole, the best one is cut to the budget. Cost: O(n) token counts. Immutable and
 * thread-safe.
 */
public final class GreedyContextSelector implements ContextSelector {

    private final CombinationScorer scorer;
    private final TokenCounter counter;
    private final Executor executor;

    private GreedyContextSelector(Builder b) {
        this.scorer = b.scorer;
        this.counter = b.counter == null ? TokenCounter.p50k() : b.counter;
        this.executor = b.executor == null ? ScoringExecutors.shared() : b.executor;
    }

    /**
     * Greedy by the candidates' own scores, p50k_base.
     *
     * @return a greedy selector ranking by the candidates' scores
     */
    public static GreedyContextSelector byCandidateScore() {
        return builder().build();
    }

    /**
     * A builder: by default ranking by the candidates' own scores.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }


    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        Objects.requireNonNull(query, "query");
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        CombinationScorer s = scorer == null ? new CandidateScore() : scorer;
        SearchSpace space = new SearchSpace(query, candidates, s, counter, budget, 0, scorer == null ? Runnable::run : executor);
        List<ScoredChunk> pool = space.candidates();
        double[] single = pool.isEmpty() ? new double[0] : space.score(pool.stream().map(List::of).toList());
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < pool.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer>comparingDouble(i -> -single[i]).thenComparing(i -> pool.get(i).id()));
        List<ScoredChunk> path = new ArrayList<>();
        for (int i : order) {
            path.add(pool.get(i));
            if (!space.fits(path)) {
                path.remove(path.size() - 1);
            }
        }
        if (path.isEmpty() && !order.isEmpty()) {
            path.add(pool.get(order.get(0))); // nothing fits whole: the best, cut to the budget
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("selector", "greedy");
        details.put("scorerCalls", scorer == null ? 0 : space.scorerCalls());
        details.put("path", path.stream().map(ScoredChunk::id).toList());
        Context context = space.assemble(path, details);
        context.details().forEach(trace::put);
        return context;
    }

    /** The candidates' own scores as single-chunk scores. */
    private static final class CandidateScore implements CombinationScorer {
        @Override
        public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
            return combinations.stream().mapToDouble(c -> c.get(0).score()).toArray();
        }
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "greedy");
        m.put("encoding", counter.name());
        m.put("scorer", scorer == null ? "candidate-score" : scorer.describe());
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private CombinationScorer scorer;
        private TokenCounter counter;
        private Executor executor;

        private Builder() {
        }

        /**
         * Rank by this scorer's single-chunk scores instead of the candidates' own.
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
         * Where the scoring batch runs; default the shared daemon pool.
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
        public GreedyContextSelector build() {
            return new GreedyContextSelector(this);
        }
    }
}
