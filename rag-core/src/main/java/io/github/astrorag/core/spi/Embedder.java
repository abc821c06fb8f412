package io.github.astrorag.core.spi;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Maps texts to vectors.
 *
 * <p>Contract: every vector has {@link #dimension()} finite components and unit L2 norm (cosine
 * similarity is then a dot product); a text gets the same vector whatever else is in the batch and on
 * every call (determinism); the result has one vector per input, in input order; an empty input gives
 * an empty result. Implementations are thread-safe. Queries and passages may be embedded differently
 * (some models want prefixes): use {@link #embedQuery} for questions and {@link #embedDocuments} for
 * chunks.
 */
public interface Embedder extends Described {

    /**
     * The length of every vector.
     *
     * @return the dimension, at least 1
     */
    int dimension();

    /**
     * Vectors for chunks or other passages, one per text, in order.
     *
     * @param texts the texts, none {@code null}
     * @return one vector per text, in order, each of {@link #dimension()} finite components
     */
    List<float[]> embedDocuments(List<String> texts);

    /**
     * The languages (BCP 47 codes, such as {@code en}) whose texts this embedder's vectors compare well: a fused
     * retriever ranks a question of another language by its lexical side alone (an embedding that does not read a
     * language adds noise to the fusion). Empty, the default, means not declared: every language is read.
     *
     * @return the languages read; empty for all
     */
    default Set<String> languages() {
        return Set.of();
    }

    /**
     * What identifies this embedder's vectors, for an {@link EmbeddingCache}: two embedders with equal
     * fingerprints promise the same vector, bit for bit, for the same text (so the fingerprint names the
     * model and a hash of its weights, the maximum length, pooling, normalisation, dimension and prefixes).
     * Empty, the default, means the vectors must not be cached.
     *
     * @return the fingerprint, or empty if the vectors must not be cached
     */
    default Optional<String> fingerprint() {
        return Optional.empty();
    }

    /**
     * The vector of a question. The default embeds it as a passage.
     *
     * @param text the question text
     * @return a new vector of {@link #dimension()} components
     */
    default float[] embedQuery(String text) {
        return embedDocuments(List.of(text)).get(0);
    }
}
