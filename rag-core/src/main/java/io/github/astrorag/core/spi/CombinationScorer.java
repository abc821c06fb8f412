package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * Scores ordered combinations of chunks against a query: CORAG's value V(v) of a policy-tree node
 * (Wang et al., 2024, "CORAG: A Cost-Constrained Retrieval Optimization System for Retrieval-Augmented
 * Generation", §4), where the node is the context made of its chunks in that order.
 *
 * <p>Contract: {@link #scoreAll} returns one finite score per combination, in input order, in a new array
 * (an empty batch gives an empty array); higher is better; each combination is non-empty and is scored as a whole, so that a chunk may lower the value
 * of a combination it joins (utility is <em>non-monotone</em>) and, where the implementation says so,
 * the order of the chunks changes the value. The score of a combination does not depend on which other
 * combinations are in the same batch, and the same input gives the same scores (determinism).
 * Implementations are thread-safe. A batch is the unit of work: the MCTS selector scores all children
 * of an expanded node in one call (CORAG's parallel expansion), so an implementation that calls a model
 * should make one model call per batch.
 *
 * <p>{@link #prepare} is called once per selection with the whole candidate pool before any
 * {@code scoreAll}; scorers that need pool statistics (such as inverse document frequencies) return a
 * scorer bound to them, which keeps this contract for combinations of those candidates. The contract is
 * checked by {@code CombinationScorerContract} in rag-core's test-jar.
 */
@FunctionalInterface
public interface CombinationScorer extends Described {

    /**
     * The scores of {@code combinations} for {@code query}, one per combination, in order.
     *
     * @param query the query, with its embedding if the scorer needs one
     * @param combinations the combinations, each an ordered list of candidates
     * @return a new array, one score per combination; higher is better
     * @throws IllegalArgumentException if a combination is empty
     */
    double[] scoreAll(Query query, List<List<ScoredChunk>> combinations);

    /**
     * The score of one combination: a batch of one.
     *
     * @param query the question, with its embedding if the scorer needs one
     * @param combination the ordered chunks
     * @return the score; higher is better
     * @throws IllegalArgumentException if the combination is empty
     */
    default double score(Query query, List<ScoredChunk> combination) {
        return scoreAll(query, List.of(combination))[0];
    }

    /**
     * This scorer bound to the statistics of {@code candidates} for {@code query}; the default needs none
     * and returns {@code this}. Combinations later scored are drawn from {@code candidates}.
     *
     * @param query the question the candidates were retrieved for
     * @param candidates the candidate pool of the selection
     * @return a scorer for combinations drawn from {@code candidates}
     */
    default CombinationScorer prepare(Query query, List<ScoredChunk> candidates) {
        return this;
    }

    /**
     * {@code combination}, checked to hold a chunk: what every implementation's {@link #scoreAll} refuses.
     *
     * @param combination a combination to score
     * @return {@code combination}
     * @throws IllegalArgumentException if it is empty
     */
    static List<ScoredChunk> requireNonEmpty(List<ScoredChunk> combination) {
        if (combination.isEmpty()) {
            throw new IllegalArgumentException("cannot score an empty combination");
        }
        return combination;
    }
}
