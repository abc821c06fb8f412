package io.github.astrorag.core.index;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * What every {@link EphemeralIndex} shares, written once: the read-write lock (searches in parallel,
 * {@code add}, {@code remove} and {@code close} exclusively, so that each is one step for readers), the closed
 * state ({@link IndexException} on use after {@code close}), the checks of the {@link EphemeralIndex} contract,
 * the {@link #revision()}, and the ids stored, each with its sequence number (0, 1, 2, ... in the order added,
 * never reused after a removal) and grouped by document, which answer {@link #size()}, the duplicate check and
 * {@link #remove}. A subclass stores, searches and discards.
 *
 * <p>{@link #add} checks everything before storing anything: a size mismatch, a vector of the wrong dimension
 * or with a non-finite component ({@link #unitVector}), a chunk id given twice or already stored; then it
 * hands the chunks with L2-normalised copies of their vectors and the first one's sequence number to
 * {@link #store} under the write lock, and records the ids once {@code store} has returned.
 * {@link #remove} looks up the document's chunk ids (O(chunks of the document)) and hands them with their
 * sequence numbers to {@link #discard} under the write lock, then forgets them.
 * {@link #search} checks {@code k} and the query vector and calls {@link #searchUnit} under the read lock.
 * {@link #storedChunks} and {@link #storedVector} run under the read lock with the index open,
 * {@link #release} under the write lock.
 */
public abstract class AbstractEphemeralIndex implements EphemeralIndex {

    private final String name;
    private final int dimension;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Long> sequence = new HashMap<>();
    /** Document id → the ids of its chunks stored, in the order added. */
    private final Map<String, List<String>> byDocument = new HashMap<>();
    /** The sequence number of the next chunk added. */
    private long nextSeq;
    private volatile long revision;
    private volatile boolean closed;

    /**
     * An index named {@code name} for vectors of {@code dimension} components (positive).
     *
     * @param name the index name; not blank
     * @param dimension the vector dimension, at least 1
     */
    protected AbstractEphemeralIndex(String name, int dimension) {
        Arguments.check(dimension > 0, "dimension must be positive, was %d", dimension);
        this.name = Objects.requireNonNull(name, "name");
        this.dimension = dimension;
    }

    @Override
    public final String name() {
        return name;
    }

    /**
     * The vector dimension.
     *
     * @return the dimension, at least 1
     */
    public final int dimension() {
        return dimension;
    }

    @Override
    public final void add(List<Chunk> chunks, List<float[]> vectors) {
        if (chunks.size() != vectors.size()) {
            throw new IndexException("add: " + chunks.size() + " chunks but " + vectors.size() + " vectors");
        }
        List<float[]> unit = new ArrayList<>(vectors.size());
        Set<String> fresh = new LinkedHashSet<>();
        for (int i = 0; i < vectors.size(); i++) {
            String id = chunks.get(i).id();
            unit.add(unitVector(vectors.get(i), "vector of chunk " + id));
            if (!fresh.add(id)) {
                throw duplicate(id);
            }
        }
        lock.writeLock().lock();
        try {
            ensureOpen();
            for (String id : fresh) {
                if (sequence.containsKey(id)) {
                    throw duplicate(id);
                }
            }
            if (chunks.isEmpty()) {
                return;
            }
            store(List.copyOf(chunks), unit, nextSeq);
            for (Chunk c : chunks) {
                sequence.put(c.id(), nextSeq++);
                byDocument.computeIfAbsent(c.documentId(), d -> new ArrayList<>()).add(c.id());
            }
            revision++;
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public final int remove(String documentId) {
        Objects.requireNonNull(documentId, "documentId");
        lock.writeLock().lock();
        try {
            ensureOpen();
            List<String> ids = byDocument.get(documentId);
            if (ids == null) {
                return 0;
            }
            List<Long> seqs = ids.stream().map(sequence::get).toList();
            discard(List.copyOf(ids), seqs);
            byDocument.remove(documentId);
            ids.forEach(sequence::remove);
            revision++;
            return ids.size();
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public final long revision() {
        return read(() -> revision);
    }

    private IndexException duplicate(String id) {
        return new IndexException("duplicate chunk id " + id + " in index " + name);
    }

    @Override
    public final List<ScoredChunk> search(float[] query, int k, MetadataFilter filter) {
        checkK(k);
        Objects.requireNonNull(filter, "filter");
        float[] q = unitVector(query, "query vector");
        return read(() -> searchUnit(q, k, filter));
    }

    @Override
    public final List<Chunk> chunks() {
        return read(this::storedChunks);
    }

    @Override
    public final float[] vector(String chunkId) {
        return read(() -> {
            Long seq = sequence.get(chunkId);
            if (seq == null) {
                throw new IndexException("no chunk " + chunkId + " in index " + name);
            }
            return storedVector(chunkId, seq);
        });
    }

    @Override
    public final int size() {
        return read(this::storedCount);
    }

    /**
     * How many chunks are stored; the caller holds the lock.
     *
     * @return the number of stored chunks
     */
    protected final int storedCount() {
        return sequence.size();
    }

    @Override
    public final boolean isClosed() {
        return closed;
    }

    /** Marks the index closed and {@link #release releases} its content, under the write lock; idempotent. */
    @Override
    public final void close() {
        lock.writeLock().lock();
        try {
            closed = true;
            sequence.clear();
            byDocument.clear();
            release();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Checks {@code v} (non-null, {@link #dimension()} components, all finite; {@code what} names it in the
     * {@link IndexException}) and returns an L2-normalised copy (a zero vector stays zero). An index that
     * refuses more overrides this and calls it.
     *
     * @param v the vector to check
     * @param what what the vector is, for the message, e.g. {@code "query"}
     * @return a new unit vector, or a zero vector for a zero input
     */
    protected float[] unitVector(float[] v, String what) {
        if (v == null || v.length != dimension) {
            throw new IndexException(what + " has dimension " + (v == null ? 0 : v.length) + ", the index expects " + dimension);
        }
        for (float x : v) {
            if (!Float.isFinite(x)) {
                throw new IndexException(what + " has a non-finite component");
            }
        }
        return Vectors.normalizeInPlace(v.clone());
    }

    /**
     * Throws {@link IllegalArgumentException} unless {@code k} is positive.
     *
     * @param k the requested number of results
     * @throws IllegalArgumentException if {@code k} is not positive
     */
    protected static void checkK(int k) {
        Arguments.check(k > 0, "k must be positive, was %d", k);
    }

    /**
     * {@code action}'s result, run under the read lock with the index open.
     *
     * @param <T> the type of the result
     * @param action what to run
     * @return what {@code action} returns
     */
    protected final <T> T read(Supplier<T> action) {
        lock.readLock().lock();
        try {
            ensureOpen();
            return action.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IndexException("index " + name + " is closed: open a new instance");
        }
    }

    /**
     * Stores checked chunks (not empty, ids new) with their unit vectors, all or none; {@code chunks.get(i)} has
     * sequence number {@code firstSeq + i}. Under the write lock.
     *
     * @param chunks the chunks, in order
     * @param unitVectors their unit vectors, index-aligned
     * @param firstSeq the sequence number of the first chunk
     */
    protected abstract void store(List<Chunk> chunks, List<float[]> unitVectors, long firstSeq);

    /**
     * Drops the chunks {@code chunkIds} (all stored, of one document), {@code seqs.get(i)} being the sequence
     * number of {@code chunkIds.get(i)}; under the write lock. If it throws, the ids stay known, so that a
     * second {@link #remove} tries again.
     *
     * @param chunkIds the ids of the chunks to drop
     * @param seqs     their sequence numbers, in the same order
     */
    protected abstract void discard(List<String> chunkIds, List<Long> seqs);

    /**
     * The {@code k} best chunks for the unit vector {@code query} that {@code filter} matches, as {@link #search}.
     *
     * @param query the unit query vector
     * @param k the most chunks returned, at least 1
     * @param filter the metadata condition
     * @return at most {@code k} chunks, best first
     */
    protected abstract List<ScoredChunk> searchUnit(float[] query, int k, MetadataFilter filter);

    /**
     * Every chunk, in the order added.
     *
     * @return the chunks, in the order added; the caller holds the read lock
     */
    protected abstract List<Chunk> storedChunks();

    /**
     * The unit vector stored for the chunk {@code chunkId}, stored with sequence number {@code seq}.
     *
     * @param chunkId the chunk's id
     * @param seq the chunk's sequence number
     * @return the stored unit vector
     */
    protected abstract float[] storedVector(String chunkId, long seq);

    /** Drops everything stored; called by every {@link #close()}, the index already marked closed. */
    protected abstract void release();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + "]";
    }
}
