package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A combination scorer whose optimum keeps the evidence a question needs: the set function that
 * {@link BridgingCoverageSelector} climbs greedily, summed over an ordered combination
 * c<sub>0</sub>…c<sub>k−1</sub>,
 * <pre>
 *   S = Σ_i v(c_i | c_0…c_{i−1})
 * </pre>
 * where v is that selector's value of a candidate after the picks before it (relevance normalised over
 * the pool, the new coverage of the question's terms, a title named by an earlier pick of another
 * document, a title the question names, the PageRank evidence prior, and, where the selector has them,
 * bridge terms and the near-duplicate penalty; without its budget discount, since a searched combination
 * fits whole). With the selector's defaults every term is
 * non-negative, so a chunk never lowers S: a search's cost term λ·tokens/B (λ = 0.1 in rag-mcts's
 * {@code MctsContextSelector}) is what stops it, and it outweighs only a chunk of almost no value, so
 * the optimum does not stop short while the budget has room for evidence. Order matters: the coverage a
 * chunk adds and the titles it follows depend on the picks before it.
 *
 * <p>For searches over combinations (rag-mcts's {@code MctsContextSelector} and {@code ExhaustiveContextSelector}): {@link #prepare} binds the
 * scorer to the candidate pool (IDF, normalised relevance, term sets computed once per selection);
 * without it each combination is scored against itself as the pool. Cost per combination: O(k·(|Q| +
 * k·|title|)) after preparing, k its length: cheap, so a search can score on the calling thread
 * ({@code MctsContextSelector.Builder.executor(Runnable::run)}) rather than hand each batch to a pool. Immutable and thread-safe; a prepared scorer is thread-safe too
 * (each combination is scored with its own state).
 */
public final class EvidenceCoverageScorer implements CombinationScorer {

    private static final EvidenceCoverageScorer DEFAULTS = new EvidenceCoverageScorer(BridgingCoverageSelector.defaults());

    private final BridgingCoverageSelector objective;

    private EvidenceCoverageScorer(BridgingCoverageSelector objective) {
        this.objective = Objects.requireNonNull(objective, "objective");
    }

    /**
     * The objective of {@link BridgingCoverageSelector#defaults()} (the default preset's selector).
     *
     * @return the scorer
     */
    public static EvidenceCoverageScorer defaults() {
        return DEFAULTS;
    }

    /**
     * The objective of {@code selector} (its weights; its budget awareness, reranker k and assembly do not
     * apply to whole combinations).
     *
     * @param selector whose objective to sum
     * @return the scorer
     */
    public static EvidenceCoverageScorer of(BridgingCoverageSelector selector) {
        return new EvidenceCoverageScorer(selector);
    }

    /**
     * {@inheritDoc} Unprepared, each combination is its own pool.
     *
     * @throws IllegalArgumentException if a combination is empty
     */
    @Override
    public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
        double[] out = new double[combinations.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = new Bound(objective.objective(query, CombinationScorer.requireNonEmpty(combinations.get(k)), false)).score(combinations.get(k));
        }
        return out;
    }

    @Override
    public CombinationScorer prepare(Query query, List<ScoredChunk> candidates) {
        return new Bound(objective.objective(query, candidates, false));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "evidence-coverage");
        m.put("objective", objective.describe());
        return m;
    }

    /** The scorer bound to one pool. */
    private final class Bound implements CombinationScorer {
        private final CoverageObjective pool;

        Bound(CoverageObjective pool) {
            this.pool = pool;
        }

        @Override
        public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
            double[] out = new double[combinations.size()];
            for (int k = 0; k < out.length; k++) {
                out[k] = score(CombinationScorer.requireNonEmpty(combinations.get(k)));
            }
            return out;
        }

        /** Σ v(c_i | earlier picks); a chunk repeated adds nothing. */
        double score(List<ScoredChunk> combination) {
            CoverageObjective.State state = pool.start(0);
            double sum = 0;
            for (ScoredChunk c : combination) {
                int i = pool.indexOf(c.id());
                if (i < 0) {
                    throw new IllegalArgumentException("chunk " + c.id() + " is not among the prepared candidates");
                }
                if (!state.chosen(i)) {
                    sum += state.value(i);
                    state.pick(i);
                }
            }
            return sum;
        }

        @Override
        public Map<String, Object> describe() {
            return EvidenceCoverageScorer.this.describe();
        }
    }
}
