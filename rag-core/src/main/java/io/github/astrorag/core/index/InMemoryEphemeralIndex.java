package io.github.astrorag.core.index;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * An ephemeral index in the heap: exact cosine search by brute force, O(n·d) per query with a bounded
 * heap for the top k. Readers run in parallel, writers exclusively (a read-write lock).
 * {@link #close()} drops every chunk and vector; afterwards the index refuses use with
 * {@link IndexException}.
 */
public final class InMemoryEphemeralIndex implements EphemeralIndex {

    private final String name;
    private final int dimension;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final List<Chunk> chunks = new ArrayList<>();
    private final List<float[]> vectors = new ArrayList<>();
    private final Map<String, Integer> positions = new HashMap<>();
    private volatile boolean closed;

    /** An empty index named {@code name} for vectors of {@code dimension} components. */
    public InMemoryEphemeralIndex(String name, int dimension) {
        Arguments.check(dimension > 0, "dimension must be positive, was %d", dimension);
        this.name = name;
        this.dimension = dimension;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return "memory";
    }

    @Override
    public void add(List<Chunk> newChunks, List<float[]> newVectors) {
        if (newChunks.size() != newVectors.size()) {
            throw new IndexException("add: " + newChunks.size() + " chunks but " + newVectors.size() + " vectors");
        }
        List<float[]> normalized = new ArrayList<>(newVectors.size());
        for (int i = 0; i < newVectors.size(); i++) {
            float[] v = newVectors.get(i);
            String id = newChunks.get(i).id();
            if (v == null || v.length != dimension) {
                throw new IndexException("vector of chunk " + id + " has dimension " + (v == null ? 0 : v.length)
                        + ", the index expects " + dimension);
            }
            for (float x : v) {
                if (!Float.isFinite(x)) {
                    throw new IndexException("vector of chunk " + id + " has a non-finite component");
                }
            }
            normalized.add(Vectors.normalizeInPlace(v.clone()));
        }
        lock.writeLock().lock();
        try {
            ensureOpen();
            Map<String, Integer> fresh = new HashMap<>();
            for (int i = 0; i < newChunks.size(); i++) {
                String id = newChunks.get(i).id();
                if (positions.containsKey(id) || fresh.put(id, chunks.size() + i) != null) {
                    throw new IndexException("duplicate chunk id " + id + " in index " + name);
                }
            }
            chunks.addAll(newChunks);
            vectors.addAll(normalized);
            positions.putAll(fresh);
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public List<ScoredChunk> search(float[] query, int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be positive, was " + k);
        }
        if (query.length != dimension) {
            throw new IndexException("query vector has dimension " + query.length + ", the index expects " + dimension);
        }
        float[] q = Vectors.normalizeInPlace(query.clone());
        lock.readLock().lock();
        try {
            ensureOpen();
            PriorityQueue<ScoredChunk> heap = new PriorityQueue<>(ScoredChunk.BY_SCORE.reversed());
            for (int i = 0; i < chunks.size(); i++) {
                ScoredChunk s = new ScoredChunk(chunks.get(i), Vectors.dot(q, vectors.get(i)), vectors.get(i).clone());
                heap.add(s);
                if (heap.size() > k) {
                    heap.poll();
                }
            }
            List<ScoredChunk> out = new ArrayList<>(heap);
            out.sort(ScoredChunk.BY_SCORE);
            return out;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public List<Chunk> chunks() {
        lock.readLock().lock();
        try {
            ensureOpen();
            return List.copyOf(chunks);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public float[] vector(String chunkId) {
        lock.readLock().lock();
        try {
            ensureOpen();
            Integer p = positions.get(chunkId);
            if (p == null) {
                throw new IndexException("no chunk " + chunkId + " in index " + name);
            }
            return vectors.get(p).clone();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public int size() {
        lock.readLock().lock();
        try {
            ensureOpen();
            return chunks.size();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            closed = true;
            chunks.clear();
            vectors.clear();
            positions.clear();
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IndexException("index " + name + " is closed: open a new instance");
        }
    }

    @Override
    public String toString() {
        return "InMemoryEphemeralIndex[" + name + "]";
    }
}
