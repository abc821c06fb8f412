package io.github.astrorag.retrieval.internal;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Helpers the rerankers of this module share for handling candidate lists. Pure functions. */
public final class Candidates {

    private Candidates() {
    }

    /**
     * The candidate's vector.
     *
     * @param candidate the candidate whose vector is needed
     * @param stage the stage asking, named in the message, e.g. {@code "MMR"}
     * @return the vector the retriever returned with the chunk
     * @throws RagException naming the chunk and the stage when the candidate carries none
     */
    public static float[] embedding(ScoredChunk candidate, String stage) {
        float[] v = candidate.embedding();
        if (v == null) {
            throw new RagException(stage + " needs candidate vectors, but chunk " + candidate.id()
                    + " has none: retrieve with a retriever that returns the index's vectors");
        }
        return v;
    }

    /**
     * The rerankers' "keep the best n" setting checked: positive, or {@code all} (−1) for every candidate.
     *
     * @param top the requested number, positive or {@code all}
     * @param all the value meaning every candidate
     * @return {@code top}
     * @throws IllegalArgumentException otherwise
     */
    public static int checkTop(int top, int all) {
        Arguments.check(top >= 1 || top == all, "top must be positive or ALL (%d), was %d", all, top);
        return top;
    }

    /**
     * A reranker's whole job: the distinct candidates ({@link ScoredChunk#distinct}) re-scored by
     * {@code scorer} (one score per candidate of the pool it is given, never empty; chunk and vector
     * kept), in {@link ScoredChunk#BY_SCORE} order, the first {@code top} (all when negative). Empty
     * candidates give an empty list without calling {@code scorer}. O(n log n) besides the scorer.
     *
     * @param candidates the candidates, possibly with duplicates
     * @param top how many to keep; negative for all
     * @param scorer gives one score per candidate of the list it is given, in order
     * @return a new list, best first
     */
    public static List<ScoredChunk> rescore(List<ScoredChunk> candidates, int top,
                                            Function<List<ScoredChunk>, double[]> scorer) {
        List<ScoredChunk> pool = ScoredChunk.distinct(candidates);
        if (pool.isEmpty()) {
            return List.of();
        }
        double[] scores = scorer.apply(pool);
        List<ScoredChunk> out = new ArrayList<>(pool.size());
        for (int i = 0; i < pool.size(); i++) {
            out.add(pool.get(i).withScore(scores[i]));
        }
        out.sort(ScoredChunk.BY_SCORE);
        return top(out, top);
    }

    /**
     * The first {@code n} of {@code ranked} (all when {@code n} is larger or negative).
     *
     * @param ranked a ranking, best first
     * @param n how many to keep
     * @return an unmodifiable copy of the first {@code n}
     */
    public static List<ScoredChunk> top(List<ScoredChunk> ranked, int n) {
        return n < 0 || n >= ranked.size() ? List.copyOf(ranked) : List.copyOf(ranked.subList(0, n));
    }
}
