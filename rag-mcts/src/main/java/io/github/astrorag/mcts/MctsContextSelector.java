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
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * CORAG's context selection by Monte Carlo Tree Search over a policy tree (Wang et al., 2024, "CORAG: A
 * Cost-Constrained Retrieval Optimization System for Retrieval-Augmented Generation", §4).
 *
 * <p><b>Tree.</b> The root is the empty context; a child appends one more candidate chunk that is not
 * yet in its parent, so a node is an <em>ordered</em> combination and order matters. Children whose
 * joined text would exceed the budget B (counted in real tokens by the {@link TokenCounter}) are never
 * created. A node v has its combination's score S(v) from the {@link CombinationScorer}, a visit count
 * N(v) and a value V(v), the mean of S(v) and every reward back-propagated through v.
 *
 * <p><b>Iteration.</b> (1) Selection: from the root, repeatedly step to the child of highest utility
 * <pre>U(v) = V(v) + c·sqrt(ln N(parent) / N(v)) − λ·cost(v)/B</pre>
 * where an unvisited child (N(v) = 0) has infinite utility, so it is tried first (unvisited siblings by
 * S(v) − λ·cost(v)/B, best first), until a node not yet expanded is reached. (2) Parallel expansion:
 * all its children are created and scored in one batch, one {@link CombinationScorer#scoreAll} call run
 * on the executor. (3) Back-propagation: the best child's score is added as a reward to the expanded
 * node and each ancestor, and their visit counts grow by one. A node with no child that fits, or whose
 * children are all exhausted, is exhausted and never selected again; an iteration that reaches such a
 * node does not count, and the search stops early when the whole tree is exhausted.
 *
 * <p><b>Result.</b> Utility is <em>non-monotone</em>: adding a chunk may lower the value (a distractor,
 * a redundant paragraph), so budget exhaustion is not the goal. The answer is the node anywhere in the
 * tree (not only a leaf or a root child) that maximises S(v) − λ·cost(v)/B, ties broken by fewer tokens,
 * fewer chunks, then chunk ids; every such node fits the budget, and the empty root is never returned
 * when one chunk fits. If no candidate fits whole, the best-scored candidate is cut to the budget. The
 * context is built by {@link io.github.astrorag.core.select.TokenBudgetSelector#assemble} in the path's
 * order, so it is budget-exact. With {@link Builder#fill} the other candidates follow the path, best
 * first by the score of the path plus each of them, so the budget the path leaves is filled (the last one
 * cut to fit).
 *
 * <p><b>Paper versus the authors' public code (CARROT).</b> This class follows the paper. The public
 * code differs: it back-propagates every child's reward instead of the best one, picks the final node by
 * (the scorer's value, visits, depth) rather than by value minus cost, and counts cost in whitespace-separated
 * words; we count real tokens, because the budget is a token budget. Like that code, we score a whole
 * expansion in one batch.
 *
 * <p><b>Defaults</b> (the paper's experiments): {@value #DEFAULT_ITERATIONS} iterations, c =
 * {@value #DEFAULT_EXPLORATION}, λ = {@value #DEFAULT_COST_WEIGHT}; the cheap {@link QueryCoverageScorer};
 * p50k_base; the library's shared daemon pool for scoring (one thread per processor, idle threads ending after a
 * minute). Because unvisited children come first,
 * every child of the root is expanded before any node of depth two (with n candidates the first n + 1
 * iterations score all ordered pairs that fit); with scores in [0, 1] and c = 2.4 the exploration term
 * then keeps the search broad.
 *
 * <p><b>Cost.</b> At most {@code iterations} scorer calls of at most n combinations each (n candidates);
 * O(iterations · n) token counts and O(iterations · depth · n) work for selection. Scores and costs are
 * cached per ordered combination for the call. <b>Determinism:</b> no randomness besides exact-tie
 * breaking, which is decided by the seed and then by chunk id. Immutable and thread-safe.
 */
public final class MctsContextSelector implements ContextSelector {

    /** The paper's number of iterations. */
    public static final int DEFAULT_ITERATIONS = 10;
    /** The paper's exploration constant c. */
    public static final double DEFAULT_EXPLORATION = 2.4;
    /** The paper's cost weight λ. */
    public static final double DEFAULT_COST_WEIGHT = 0.1;
    /** The default seed for breaking exact ties. */
    public static final long DEFAULT_SEED = 42L;
    /** The largest number of iterations accepted. */
    public static final int MAX_ITERATIONS = 100_000;
    /** The largest exploration constant or cost weight accepted. */
    public static final double MAX_WEIGHT = 1_000.0;

    private final CombinationScorer scorer;
    private final int iterations;
    private final double exploration;
    private final double costWeight;
    private final long seed;
    private final TokenCounter counter;
    private final Executor executor;
    private final boolean ownExecutor;
    private final boolean fill;

    private MctsContextSelector(Builder b) {
        this.fill = b.fill != null && b.fill;
        this.scorer = b.scorer == null ? QueryCoverageScorer.defaults() : b.scorer;
        this.iterations = b.iterations == null ? DEFAULT_ITERATIONS : b.iterations;
        this.exploration = b.exploration == null ? DEFAULT_EXPLORATION : b.exploration;
        this.costWeight = b.costWeight == null ? DEFAULT_COST_WEIGHT : b.costWeight;
        this.seed = b.seed == null ? DEFAULT_SEED : b.seed;
        this.counter = b.counter == null ? TokenCounter.p50k() : b.counter;
        this.ownExecutor = b.executor == null;
        this.executor = b.executor == null ? ScoringExecutors.shared() : b.executor;
    }

    /**
     * The paper's defaults with the cheap scorer.
     *
     * @return the default selector
     */
    public static MctsContextSelector defaults() {
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
     * A builder holding this selector's settings, each of which may be given once more.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.scorer = scorer;
        b.iterations = iterations;
        b.exploration = exploration;
        b.costWeight = costWeight;
        b.seed = seed;
        b.counter = counter;
        b.executor = ownExecutor ? null : executor;
        b.fill = fill;
        b.replaced = new java.util.HashSet<>();
        return b;
    }

    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(candidates, "candidates");
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        SearchSpace space = new SearchSpace(query, candidates, scorer, counter, budget, costWeight, executor);
        PolicyTreeSearch search = new PolicyTreeSearch(space, iterations, exploration, costWeight, seed);
        search.run();
        PolicyTreeSearch.Node best = search.best();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("selector", "mcts");
        details.put("iterations", search.iterationsRun());
        details.put("nodesExpanded", search.expanded());
        details.put("nodesCreated", search.created());
        details.put("scorerCalls", space.scorerCalls());
        details.put("combinationsScored", space.combinationsScored());
        Context context;
        if (best != null) {
            details.put("path", best.path.stream().map(ScoredChunk::id).toList());
            details.put("score", best.score);
            details.put("utility", space.objective(best.score, best.cost));
            context = space.assemble(fill ? filled(space, best.path) : best.path, details);
        } else {
            List<ScoredChunk> fallback = space.candidates().stream().sorted(ScoredChunk.BY_SCORE).limit(1).toList();
            details.put("path", fallback.stream().map(ScoredChunk::id).toList());
            context = space.assemble(fallback, details);
        }
        context.details().forEach(trace::put);
        return context;
    }

    /**
     * The scorer.
     *
     * @return the combination scorer
     */
    public CombinationScorer scorer() {
        return scorer;
    }

    /**
     * The number of iterations.
     *
     * @return the number of iterations (expansions)
     */
    public int iterations() {
        return iterations;
    }

    /**
     * The exploration constant c.
     *
     * @return c
     */
    public double exploration() {
        return exploration;
    }

    /**
     * The cost weight λ.
     *
     * @return λ
     */
    public double costWeight() {
        return costWeight;
    }

    /**
     * The seed.
     *
     * @return the seed that breaks exact ties
     */
    public long seed() {
        return seed;
    }

    /**
     * The token counter.
     *
     * @return the token counter
     */
    public TokenCounter counter() {
        return counter;
    }

    /**
     * {@code path}, then the other candidates by the score of {@code path} plus each of them (one batch;
     * best first, ties by chunk id): the rest of the budget is filled in the order of the search's own
     * objective given what the path holds.
     */
    private static List<ScoredChunk> filled(SearchSpace space, List<ScoredChunk> path) {
        Set<String> inPath = new HashSet<>();
        path.forEach(c -> inPath.add(c.id()));
        List<ScoredChunk> rest = space.candidates().stream().filter(c -> !inPath.contains(c.id())).toList();
        List<ScoredChunk> order = new ArrayList<>(path);
        if (rest.isEmpty()) {
            return order;
        }
        List<List<ScoredChunk>> extended = new ArrayList<>();
        for (ScoredChunk c : rest) {
            List<ScoredChunk> e = new ArrayList<>(path);
            e.add(c);
            extended.add(e);
        }
        double[] scores = space.score(extended);
        Integer[] idx = new Integer[rest.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.comparingDouble((Integer i) -> -scores[i])
                .thenComparing(i -> rest.get(i).id()));
        for (int i : idx) {
            order.add(rest.get(i));
        }
        return order;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "mcts");
        m.put("iterations", iterations);
        m.put("exploration", exploration);
        m.put("costWeight", costWeight);
        m.put("seed", seed);
        m.put("encoding", counter.name());
        m.put("scorer", scorer.describe());
        m.put("fill", fill);
        return m;
    }

    @Override
    public String toString() {
        return "MctsContextSelector" + describe();
    }

    /**
     * Fail-fast builder: a value out of range fails at once with {@link IllegalArgumentException} naming
     * the value and the limit, a setting given twice with {@link IllegalStateException} (a builder from
     * {@link MctsContextSelector#toBuilder()} takes each setting once more).
     */
    public static final class Builder {
        private CombinationScorer scorer;
        private Integer iterations;
        private Double exploration;
        private Double costWeight;
        private Long seed;
        private TokenCounter counter;
        private Executor executor;
        private Boolean fill;
        /** In a builder from {@link MctsContextSelector#toBuilder()}: the settings replaced so far; else null. */
        private java.util.Set<String> replaced;

        private Builder() {
        }

        private void once(Object current, String name) {
            Arguments.checkState(replaced != null ? replaced.add(name) : current == null, "%s was already set", name);
        }

        /**
         * How combinations are scored; default: {@link QueryCoverageScorer#defaults()}.
         *
         * @param value the scorer; not {@code null}
         * @return this builder
         */
        public Builder scorer(CombinationScorer value) {
            once(scorer, "scorer");
            scorer = Objects.requireNonNull(value, "scorer");
            return this;
        }

        /**
         * Iterations (expansions); default {@value #DEFAULT_ITERATIONS}; 1 to {@value #MAX_ITERATIONS}.
         *
         * @param value the number of iterations
         * @return this builder
         */
        public Builder iterations(int value) {
            once(iterations, "iterations");
            Arguments.check(value >= 1 && value <= MAX_ITERATIONS,
                    "iterations must be between 1 and %d, was %d", MAX_ITERATIONS, value);
            iterations = value;
            return this;
        }

        /**
         * The exploration constant c; default {@value #DEFAULT_EXPLORATION}; 0 to {@value #MAX_WEIGHT}.
         *
         * @param value c
         * @return this builder
         */
        public Builder exploration(double value) {
            once(exploration, "exploration");
            Arguments.check(value >= 0 && value <= MAX_WEIGHT,
                    "exploration constant c must be between 0 and %s, was %s", MAX_WEIGHT, value);
            exploration = value;
            return this;
        }

        /**
         * The cost weight λ; default {@value #DEFAULT_COST_WEIGHT}; 0 to {@value #MAX_WEIGHT}.
         *
         * @param value λ
         * @return this builder
         */
        public Builder costWeight(double value) {
            once(costWeight, "costWeight");
            Arguments.check(value >= 0 && value <= MAX_WEIGHT,
                    "cost weight lambda must be between 0 and %s, was %s", MAX_WEIGHT, value);
            costWeight = value;
            return this;
        }

        /**
         * The seed that breaks exact ties; default {@value #DEFAULT_SEED}.
         *
         * @param value the seed that breaks exact ties
         * @return this builder
         */
        public Builder seed(long value) {
            once(seed, "seed");
            seed = value;
            return this;
        }

        /**
         * The token counter for costs and the budget; default p50k_base.
         *
         * @param value the token counter; not {@code null}
         * @return this builder
         */
        public Builder counter(TokenCounter value) {
            once(counter, "counter");
            counter = Objects.requireNonNull(value, "counter");
            return this;
        }

        /**
         * Where scoring batches run; default: the library's shared daemon pool for scoring.
         *
         * @param value the executor; not {@code null}
         * @return this builder
         */
        public Builder executor(Executor value) {
            once(executor, "executor");
            executor = Objects.requireNonNull(value, "executor");
            return this;
        }

        /**
         * Whether the budget the best combination leaves is filled: after its chunks come the other
         * candidates, best first by the scorer's value of the combination plus that candidate (one more
         * batch), taken whole while they fit and the first that does not cut to the tokens left ({@link io.github.astrorag.core.select.TokenBudgetSelector#assemble}). The search and
         * its objective are unchanged; only whole chunks are searched, so without filling up to a chunk's
         * length of the budget stays unused. Default {@code false} (the paper).
         *
         * @param value whether to fill
         * @return this builder
         */
        public Builder fill(boolean value) {
            once(fill, "fill");
            fill = value;
            return this;
        }

        /**
         * The selector.
         *
         * @return the immutable selector
         */
        public MctsContextSelector build() {
            return new MctsContextSelector(this);
        }
    }
}
