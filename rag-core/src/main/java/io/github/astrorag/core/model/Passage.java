package io.github.astrorag.core.model;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A candidate passage the caller retrieved itself (from its own vector store, search engine or framework), handed to
 * {@link io.github.astrorag.core.pipeline.RagPipeline#select RagPipeline.select} so that the pipeline's selector
 * chooses the context among such passages instead of among the chunks of its own index.
 *
 * @param id       the caller's name for it, unique among the passages of one call; the selected chunk carries it as
 *                 its chunk id, so a citation maps back to the passage
 * @param text     the text, not blank
 * @param metadata the caller's metadata, immutable and sorted by key (its {@value Metadata#SOURCE} key, if
 *                 any, becomes the chunk's source and title; else the id does)
 * @param score    the caller's relevance score, higher is better, or {@code null} (then the pipeline ranks by cosine)
 * @param vector   the passage's embedding in the pipeline's embedder's space, or {@code null} (then the pipeline
 *                 embeds it, cache first)
 */
public record Passage(String id, String text, Map<String, String> metadata, @Nullable Double score,
                      float @Nullable [] vector) {

    /**
     * Checks the id and text, copies the metadata and the vector.
     *
     * @param id the caller's name for it, unique among the passages of one call
     * @param text the text, not blank
     * @param metadata the caller's metadata
     * @param score the caller's relevance score, or {@code null}
     * @param vector the passage's embedding, or {@code null}
     * @throws IllegalArgumentException if the id or the text is blank, or the score is not finite
     */
    public Passage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        if (id.isBlank()) {
            throw new IllegalArgumentException("passage id is blank");
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("passage " + id + " has a blank text");
        }
        if (score != null && !Double.isFinite(score)) {
            throw new IllegalArgumentException("passage " + id + " has a non-finite score: " + score);
        }
        metadata = Metadata.copyOf(metadata);
        vector = vector == null ? null : vector.clone();
    }

    /**
     * A passage with its id, text and metadata only: the pipeline ranks it by cosine and embeds it.
     *
     * @param id the caller's name for it
     * @param text the text, not blank
     * @param metadata the caller's metadata
     * @return the passage
     */
    public static Passage of(String id, String text, Map<String, String> metadata) {
        return new Passage(id, text, metadata, null, null);
    }

    /**
     * The same passage with a score.
     *
     * @param value the caller's relevance score, finite, higher is better
     * @return a new passage
     */
    public Passage withScore(double value) {
        return new Passage(id, text, metadata, value, vector);
    }

    /**
     * The same passage with its vector.
     *
     * @param value the passage's embedding in the pipeline's embedder's space
     * @return a new passage
     */
    public Passage withVector(float[] value) {
        return new Passage(id, text, metadata, score, Objects.requireNonNull(value, "vector"));
    }

    /**
     * The vector (a copy).
     *
     * @return a copy of the vector, or {@code null}
     */
    @Override
    public float @Nullable [] vector() {
        return vector == null ? null : vector.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Passage p && p.id.equals(id) && p.text.equals(text) && p.metadata.equals(metadata)
                && Objects.equals(p.score, score) && java.util.Arrays.equals(p.vector, vector);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, text, metadata, score);
    }

    @Override
    public String toString() {
        return "Passage[" + id + ", " + text.length() + " chars" + (score == null ? "" : ", score " + score) + "]";
    }
}
