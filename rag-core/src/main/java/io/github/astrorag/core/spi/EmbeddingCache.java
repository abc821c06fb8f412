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
 * damaged one. {@link #getAll} returns new arrays and {@link #putAll} keeps copies, so that a caller's later
 * writes to either change nothing in the cache; storing a text again replaces its vector. A cache stores vectors by text, never chunks or documents, so it cannot make one instance
 * see another's documents. It is a cache: it may forget any entry at any time (eviction, a rebuilt file),
 * and a failure of its storage never fails the caller (a cache that cannot work answers every lookup with
 * a miss and says so once). Thread-safe; closing it is idempotent. The contract is checked by
 * {@code EmbeddingCacheContract} in rag-core's test-jar.
 */
public interface EmbeddingCache extends Described, AutoCloseable {

    /**
     * The stored vectors of {@code texts} in {@code space}, index-aligned, {@code null} where none is stored.
     *
     * @param space the cache space, such as an embedder's fingerprint
     * @param texts the texts looked up
     * @return a new list, one new array or {@code null} per text; empty for no text
     */
    List<float @Nullable []> getAll(String space, List<String> texts);

    /**
     * Stores {@code vectors.get(i)} as the vector of {@code texts.get(i)} in {@code space}.
     *
     * @param space the cache space, such as an embedder's fingerprint
     * @param texts the texts, index-aligned with {@code vectors}
     * @param vectors their vectors, index-aligned
     * @throws IllegalArgumentException if there are not as many vectors as texts
     */
    void putAll(String space, List<String> texts, List<float[]> vectors);

    /**
     * Counts and sizes for people, as JSON-friendly values: {@code entries}, the vectors held over every space
     * (while the storage works), and what else the implementation counts ({@code bytes}, {@code hits}, ...).
     *
     * @return a new map
     */
    Map<String, Object> stats();

    /** Forgets every entry, of every space. */
    void clear();

    /** Releases the storage; idempotent. Later lookups miss and stores are dropped. */
    @Override
    void close();
}
