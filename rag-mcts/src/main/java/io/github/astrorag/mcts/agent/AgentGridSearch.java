package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Labels queries for the configuration agent by grid search, as CORAG builds its training data: for
 * each query, MCTS is run with every named combination scorer × iterations {5, 10, 20} × λ {0, 0.1, 0.3}
 * × c {1, 2.4}, the selected context is judged by the caller's quality function, and the best cell
 * becomes the query's {@link AgentExample} (best scorer and settings, and the best quality reached with
 * each scorer). Ties keep the first cell in grid order: scorers by name, then fewer iterations, smaller
 * λ, smaller c. Each scorer is prepared once per query and remembers the combinations it scored, so a
 * combination is scored once per query however many cells reach it. Cost: |scorers| × 18 MCTS runs per query. Immutable and thread-safe if the scorers and
 * the quality function are.
 */
public final class AgentGridSearch {

    /** CORAG's grid of iterations. */
    public static final List<Integer> ITERATIONS = List.of(5, 10, 20);
    /** CORAG's grid of λ. */
    public static final List<Double> COST_WEIGHTS = List.of(0.0, 0.1, 0.3);
    /** CORAG's grid of c. */
    public static final List<Double> EXPLORATIONS = List.of(1.0, 2.4);

    /**
     * A query to label: an id for the quality function, the query with its embedding, and its candidates.
     *
     * @param id the id the quality function knows the query by
     * @param query the query, with its embedding
     * @param candidates the candidate pool, best first, with vectors
     */
    public record GridQuery(String id, Query query, List<ScoredChunk> candidates) {
        /**
         * Copies the candidates.
         *
         * @param id the id the quality function knows the query by
         * @param query the query, with its embedding
         * @param candidates the candidate pool, best first, with vectors
         */
        public GridQuery {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(query, "query");
            candidates = List.copyOf(candidates);
        }
    }

    /** How good a selected context is for a query (higher is better), such as the share of gold evidence kept. */
    @FunctionalInterface
    public interface ContextQuality {
        /**
         * The quality of one selection.
         *
         * @param query the query the context was selected for
         * @param context the selected context
         * @return the quality; higher is better, in any finite range
         */
        double of(GridQuery query, Context context);
    }

    private final Map<String, CombinationScorer> scorers;
    private final ContextQuality quality;
    private final int budget;
    private final MctsContextSelector base;

    /**
     * @param scorers the named scorers (adapt a core {@code Reranker} with
     *                {@link io.github.astrorag.mcts.score.RerankerCombinationScorer}); at least one
     * @param quality the quality function
     * @param budget  the token budget of every selection
     * @param base    the selector whose seed, counter and executor are kept
     */
    public AgentGridSearch(Map<String, CombinationScorer> scorers, ContextQuality quality, int budget, MctsContextSelector base) {
        Arguments.check(scorers != null && !scorers.isEmpty(), "the grid search needs at least one named scorer");
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        this.scorers = new TreeMap<>(scorers);
        this.quality = Objects.requireNonNull(quality, "quality");
        this.budget = budget;
        this.base = Objects.requireNonNull(base, "base");
    }

    /**
     * A scorer prepared for one query's pool that remembers every ordered combination it scored, so the
     * 18 cells of the grid score each combination once.
     */
    private static final class Memo implements CombinationScorer {
        private final CombinationScorer prepared;
        private final Map<List<String>, Double> scores = new java.util.HashMap<>();

        Memo(CombinationScorer prepared) {
            this.prepared = prepared;
        }

        @Override
        public synchronized double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
            List<List<ScoredChunk>> missing = new ArrayList<>();
            for (List<ScoredChunk> c : combinations) {
                if (!scores.containsKey(ids(c))) {
                    missing.add(c);
                }
            }
            if (!missing.isEmpty()) {
                double[] fresh = prepared.scoreAll(query, missing);
                for (int i = 0; i < fresh.length; i++) {
                    scores.put(ids(missing.get(i)), fresh[i]);
                }
            }
            return combinations.stream().mapToDouble(c -> scores.get(ids(c))).toArray();
        }

        @Override
        public CombinationScorer prepare(Query query, List<ScoredChunk> candidates) {
            return this;
        }

        @Override
        public Map<String, Object> describe() {
            return prepared.describe();
        }

        private static List<String> ids(List<ScoredChunk> c) {
            return c.stream().map(ScoredChunk::id).toList();
        }
    }

    /**
     * The examples, one per query, in order. Each query must carry its embedding.
     *
     * @param queries the queries to label, each with its embedding
     * @return a new list of examples, in the order of {@code queries}
     */
    public List<AgentExample> label(List<GridQuery> queries) {
        List<AgentExample> out = new ArrayList<>(queries.size());
        for (GridQuery q : queries) {
            out.add(label(q));
        }
        return out;
    }

    /**
     * The example of one query.
     *
     * @param q the query to label, with its embedding
     * @return the example: the best scorer, the best settings and each scorer's best quality
     */
    public AgentExample label(GridQuery q) {
        float[] embedding = q.query().requireEmbedding();
        Map<String, Double> bestByScorer = new LinkedHashMap<>();
        String bestName = null;
        AgentSettings bestSettings = null;
        double best = Double.NEGATIVE_INFINITY;
        for (Map.Entry<String, CombinationScorer> s : scorers.entrySet()) {
            MctsContextSelector withScorer = base.toBuilder().scorer(new Memo(s.getValue().prepare(q.query(), q.candidates()))).build();
            double bestHere = Double.NEGATIVE_INFINITY;
            for (int iterations : ITERATIONS) {
                for (double lambda : COST_WEIGHTS) {
                    for (double c : EXPLORATIONS) {
                        AgentSettings settings = new AgentSettings(iterations, lambda, c);
                        Context context = settings.applyTo(withScorer).select(q.query(), q.candidates(), budget);
                        double value = quality.of(q, context);
                        if (!Double.isFinite(value)) {
                            throw new IllegalArgumentException("the quality function returned " + value + " for query "
                                    + q.id() + " with scorer " + s.getKey() + " and " + settings);
                        }
                        bestHere = Math.max(bestHere, value);
                        if (value > best) {
                            best = value;
                            bestName = s.getKey();
                            bestSettings = settings;
                        }
                    }
                }
            }
            bestByScorer.put(s.getKey(), bestHere);
        }
        return new AgentExample(embedding, bestName, bestSettings, bestByScorer);
    }
}
