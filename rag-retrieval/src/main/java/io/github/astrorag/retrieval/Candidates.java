package io.github.astrorag.retrieval;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/** Helpers the rerankers of this module share for handling candidate lists. Pure functions. */
public final class Candidates {

    private Candidates() {
    }

    /**
     * The candidate's vector.
     *
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

    /** The first {@code n} of {@code ranked} (all when {@code n} is larger or negative). */
    public static List<ScoredChunk> top(List<ScoredChunk> ranked, int n) {
        return n < 0 || n >= ranked.size() ? List.copyOf(ranked) : List.copyOf(ranked.subList(0, n));
    }
}
