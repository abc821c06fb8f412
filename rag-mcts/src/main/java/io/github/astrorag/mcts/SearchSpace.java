package io.github.astrorag.mcts;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.internal.ScoringExecutors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * One selection's search space, shared by the MCTS, exhaustive and greedy selectors: the distinct
 * candidates, the real token cost of an ordered combination (its texts joined by
 * {@link Context#SEPARATOR}, counted by the selector's {@link TokenCounter}) and its score, both cached
 * per ordered combination, and the objective {@code V − λ·cost/B} that every selector here maximises.
 * Not thread-safe: one per call.
 */
final class SearchSpace {

    private final Query query;
    private final List<ScoredChunk> candidates;
    private final CombinationScorer scorer;
    private final TokenCounter counter;
    private final int budget;
    private final double costWeight;
    private final Executor executor;
    private final Map<String, Integer> costs = new HashMap<>();
    private final Map<String, Double> scores = new HashMap<>();
    private int scorerCalls;
    private int combinationsScored;

    SearchSpace(Query query, List<ScoredChunk> candidates, CombinationScorer scorer, TokenCounter counter, int budget,
                double costWeight, Executor executor) {
        this.query = query;
        this.candidates = ScoredChunk.distinct(candidates);
        this.scorer = scorer.prepare(query, this.candidates);
        this.counter = counter;
        this.budget = budget;
        this.costWeight = costWeight;
        this.executor = executor;
    }

    List<ScoredChunk> candidates() {
        return candidates;
    }

    int budget() {
        return budget;
    }

    /** The key of an ordered combination: its chunk ids in order. */
    static String key(List<ScoredChunk> path) {
        StringBuilder sb = new StringBuilder();
        for (ScoredChunk c : path) {
            sb.append(c.id()).append('\u0000');
        }
        return sb.toString();
    }

    /** The chunk texts joined as the context will join them. */
    static String join(List<ScoredChunk> path) {
        StringBuilder sb = new StringBuilder();
        for (ScoredChunk c : path) {
            if (sb.length() > 0) {
                sb.append(Context.SEPARATOR);
            }
            sb.append(c.chunk().text());
        }
        return sb.toString();
    }

    /** The tokens of the joined combination. */
    int cost(List<ScoredChunk> path) {
        return path.isEmpty() ? 0 : costs.computeIfAbsent(key(path), k -> counter.count(join(path)));
    }

    /** Whether the combination fits the budget. */
    boolean fits(List<ScoredChunk> path) {
        return cost(path) <= budget;
    }

    /**
     * The scores of {@code paths}; those not yet cached are scored in one {@link CombinationScorer#scoreAll}
     * call run on the executor.
     */
    double[] score(List<List<ScoredChunk>> paths) {
        double[] out = new double[paths.size()];
        List<List<ScoredChunk>> missing = new ArrayList<>();
        List<String> missingKeys = new ArrayList<>();
        Set<String> pending = new HashSet<>();
        String[] keys = new String[paths.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key(paths.get(i));
            if (!scores.containsKey(keys[i]) && pending.add(keys[i])) {
                missing.add(List.copyOf(paths.get(i)));
                missingKeys.add(keys[i]);
            }
        }
        if (!missing.isEmpty()) {
            double[] fresh = run(missing);
            if (fresh == null || fresh.length != missing.size()) {
                throw new RagException("combination scorer " + scorer.describe().get("name") + " returned "
                        + (fresh == null ? "null" : fresh.length + " scores") + " for " + missing.size() + " combinations");
            }
            scorerCalls++;
            combinationsScored += missing.size();
            for (int i = 0; i < fresh.length; i++) {
                if (!Double.isFinite(fresh[i])) {
                    throw new RagException("combination scorer " + scorer.describe().get("name") + " returned a non-finite score ("
                            + fresh[i] + ") for " + missingKeys.get(i).replace('\u0000', ' ').trim());
                }
                scores.put(missingKeys.get(i), fresh[i]);
            }
        }
        for (int i = 0; i < paths.size(); i++) {
            out[i] = scores.get(keys[i]);
        }
        return out;
    }

    private double[] run(List<List<ScoredChunk>> batch) {
        if (executor == ScoringExecutors.shared() && ScoringExecutors.onSharedPool()) {
            return scorer.scoreAll(query, batch);
        }
        try {
            return CompletableFuture.supplyAsync(() -> scorer.scoreAll(query, batch), executor).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new RagException("combination scoring failed: " + e.getCause(), e.getCause());
        }
    }

    /** CORAG's exploitation term: {@code score − λ·cost/B}. */
    double objective(double score, int cost) {
        return score - costWeight * cost / budget;
    }

    /** Calls of {@link CombinationScorer#scoreAll} so far. */
    int scorerCalls() {
        return scorerCalls;
    }

    /** Combinations scored so far (cache misses). */
    int combinationsScored() {
        return combinationsScored;
    }

    /** A budget-exact context of {@code path} in its order. */
    Context assemble(List<ScoredChunk> path, Map<String, Object> details) {
        return new TokenBudgetSelector(counter, ContextOrder.RELEVANCE).assemble(query, path, budget, details);
    }
}
