package io.github.astrorag.core.model;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A chunk with the score a stage gave it and, where known, its embedding (so that later stages such as
 * MMR and PageRank need no new embedding).
 *
 * @param chunk     the chunk
 * @param score     the stage's score; higher is better; its scale depends on the stage
 * @param embedding the chunk's L2-normalised vector, or {@code null} where the stage had none
 */
public record ScoredChunk(Chunk chunk, double score, float @Nullable [] embedding) {

    /** Descending score, ties broken by ascending chunk id: the order every stage returns. */
    public static final Comparator<ScoredChunk> BY_SCORE =
            Comparator.comparingDouble(ScoredChunk::score).reversed().thenComparing(s -> s.chunk().id());

    /**
     * Checks that the chunk is not {@code null} and the score is not NaN.
     *
     * @param chunk the chunk; not {@code null}
     * @param score the stage's score; higher is better; its scale depends on the stage
     * @param embedding the chunk's L2-normalised vector, or {@code null} where the stage had none
     */
    public ScoredChunk {
        Objects.requireNonNull(chunk, "chunk");
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("NaN score for chunk " + chunk.id());
        }
    }

    /**
     * {@code candidates} without later repeats of a chunk id (the first occurrence kept), in the given
     * order: the candidate pool every reranker and selector works on. O(n); the result is unmodifiable.
     *
     * @param candidates the candidates, possibly with repeated chunk ids
     * @return the first occurrence of each chunk id, in order
     */
    public static List<ScoredChunk> distinct(List<ScoredChunk> candidates) {
        Map<String, ScoredChunk> byId = new LinkedHashMap<>();
        for (ScoredChunk c : candidates) {
            byId.putIfAbsent(c.id(), c);
        }
        return List.copyOf(byId.values());
    }

    /**
     * The chunk id.
     *
     * @return the id of {@link #chunk()}
     */
    public String id() {
        return chunk.id();
    }

    /**
     * The same chunk and vector with another score.
     *
     * @param newScore the new score; not NaN
     * @return a new scored chunk
     */
    public ScoredChunk withScore(double newScore) {
        return new ScoredChunk(chunk, newScore, embedding);
    }

    /**
     * The same score and vector with another chunk (for instance a truncated one).
     *
     * @param newChunk the new chunk
     * @return a new scored chunk
     */
    public ScoredChunk withChunk(Chunk newChunk) {
        return new ScoredChunk(newChunk, score, embedding);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScoredChunk s && s.chunk.equals(chunk) && Double.compare(s.score, score) == 0
                && Arrays.equals(s.embedding, embedding);
    }

    @Override
    public int hashCode() {
        return Objects.hash(chunk, score);
    }

    @Override
    public String toString() {
        return "ScoredChunk[" + chunk.id() + ", " + score + "]";
    }
}
