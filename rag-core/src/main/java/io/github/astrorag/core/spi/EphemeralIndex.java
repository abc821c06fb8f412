package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import java.util.Optional;

/**
 * The ephemeral store of one instance: the chunks of that instance's documents and their vectors,
 * and nothing else.
 *
 * <p>Lifecycle: created empty by an {@link EphemeralIndexFactory}, filled with {@link #add}, searched,
 * changed with more {@link #add}s and {@link #remove}s while open, then {@link #close() closed}. Close deletes every chunk and vector (for a remote index, the index
 * itself), is idempotent, and after it every other method but {@link #name()}, {@link #kind()} and
 * {@link #isClosed()} throws {@link io.github.astrorag.core.IndexException}.
 *
 * <p>Search is by cosine similarity: results are in descending score, ties broken by ascending chunk
 * id, at most {@code k} of them, each with its vector. A {@link MetadataFilter} applies before ranking: the
 * results are the {@code k} best of the chunks whose metadata it matches (fewer only when fewer match).
 * Implementations are thread-safe; {@link io.github.astrorag.core.index.AbstractEphemeralIndex} does the
 * locking and the checks of {@code add} and {@code search} for them.
 */
public interface EphemeralIndex extends AutoCloseable {

    /**
     * The index's name (for a remote index, the real index name).
     *
     * @return the name; never blank
     */
    String name();

    /**
     * What kind of index this is ({@code memory}, {@code elasticsearch}, ...).
     *
     * @return the kind, lower case
     */
    String kind();

    /**
     * Stores chunks with their vectors; {@code vectors.get(i)} belongs to {@code chunks.get(i)}. Fails on
     * a size mismatch, a vector of the wrong dimension, a non-finite component or a duplicate chunk id.
     * One call is one step: a search running at the same time sees all of its chunks or none, and every read
     * that starts after it returns sees all of them.
     *
     * @param chunks the chunks, with ids new to this index
     * @param vectors one vector per chunk, of the index's dimension, all components finite
     */
    void add(List<Chunk> chunks, List<float[]> vectors);

    /**
     * The {@code k} chunks most similar to {@code query} among those whose metadata {@code filter} matches.
     * {@code k} must be positive. This is the method an implementation writes.
     *
     * @param query the query vector, of the index's dimension
     * @param k the most chunks returned, at least 1
     * @param filter the metadata condition; {@link MetadataFilter#NONE} for none
     * @return at most {@code k} chunks, best first, each with its score and vector
     */
    List<ScoredChunk> search(float[] query, int k, MetadataFilter filter);

    /**
     * Removes every chunk of the document {@code documentId} (the chunks' {@link Chunk#documentId()}) with its
     * vector, as one step: a search, {@link #chunks()} or {@link #size()} running at the same time sees all of
     * them or none, and every read that starts after this returns has none of them (an index that searches a
     * remote store makes the removal visible before its next read, as it does with {@link #add}). Their ids may
     * be added again afterwards. Removing a document the index does not hold changes nothing.
     *
     * @param documentId the id of the document whose chunks go
     * @return how many chunks were removed (0 if the index held none of that document)
     * @throws io.github.astrorag.core.IndexException if the index is closed or the store fails (then the
     *         document may be partly removed and a second call finishes the removal)
     */
    int remove(String documentId);

    /**
     * A number that changes whenever the content changes: after every {@link #add} of at least one chunk and
     * every {@link #remove} of at least one chunk. What caches derived from the content (statistics over
     * {@link #chunks()}) compare to notice a change; the value itself means nothing.
     *
     * @return the current revision
     * @throws io.github.astrorag.core.IndexException if the index is closed
     */
    long revision();

    /**
     * The {@code k} chunks most similar to {@code query}, unfiltered. {@code k} must be positive.
     *
     * @param query the query vector, of the index's dimension
     * @param k the most chunks returned, at least 1
     * @return at most {@code k} chunks, best first, each with its score and vector
     */
    default List<ScoredChunk> search(float[] query, int k) {
        return search(query, k, MetadataFilter.NONE);
    }

    /**
     * Every chunk, in the order added.
     *
     * @return an unmodifiable list of the chunks
     */
    List<Chunk> chunks();

    /**
     * The vector stored for a chunk.
     *
     * @param chunkId the id of a stored chunk
     * @return the vector, as stored (an index may have normalised it)
     */
    float[] vector(String chunkId);

    /**
     * How many chunks are stored.
     *
     * @return the number of chunks
     */
    int size();

    /**
     * The index's full-text search, if it has one (Elasticsearch does; the in-memory index does not, and
     * lexical retrieval over it is {@code Bm25Retriever}'s job). The default says it has none.
     *
     * @return the full-text search, or empty
     */
    default Optional<TextSearch> fullTextSearch() {
        return Optional.empty();
    }

    /**
     * Whether {@link #close()} has been called.
     *
     * @return {@code true} once closed
     */
    boolean isClosed();

    /** Deletes everything; idempotent. */
    @Override
    void close();
}
