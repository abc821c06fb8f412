package io.github.astrorag.core.spi;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Remembers vectors by the exact text they embed, so that a text embedded once is not embedded again: by
 * a later question over the same documents, or by another process on the same machine.
 *
 * <p>Contract: entries live in a <em>space</em>, a string naming an embedder's {@linkplain
 * Embedder#fingerprint() fingerprint} and the kind of text (query or passage); a vector is returned only
 * for the space and the exact text it was stored under, bit for bit as stored, never another's, never a
 * damaged one. A cache stores vectors by text, never chunks or documents, so it cannot make one instance
 * see another's documents. It is a cache: it may forget any entry at any time (eviction, a rebuilt file),
 * and a failure of its storage never fails the caller (a cache that cannot work answers every lookup with
 * a miss and says so once). Thread-safe; closing it is idempotent.
 */
public interface EmbeddingCache extends Described, AutoCloseable {

    /**
     * The stored vectors of {@code texts} in {@code space}, index-aligned, {@code null} where none is stored.
     *
     * @param space the cache space, such as an embedder's fingerprint
     * @param texts the texts looked up
     * @return a new list, one vector or {@code null} per text
     */
    List<float @Nullable []> getAll(String space, List<String> texts);

    /**
     * Stores {@code vectors.get(i)} as the vector of {@code texts.get(i)} in {@code space}.
     *
     * @param space the cache space, such as an embedder's fingerprint
     * @param texts the texts, index-aligned with {@code vectors}
     * @param vectors their vectors, index-aligned
     */
    void putAll(String space, List<String> texts, List<float[]> vectors);

    /**
     * Counts and sizes for people ({@code entries}, {@code bytes}, ...), as JSON-friendly values.
     *
     * @return a new map
     */
    Map<String, Object> stats();

    /** Forgets every entry. */
    void clear();

    /** Releases the storage; idempotent. Later lookups miss and stores are dropped. */
    @Override
    void close();
}
