package io.github.astrorag.core.index;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * An ephemeral index in the heap: exact cosine search by brute force, O(n·d) per query with a bounded
 * heap for the top k; {@link #remove} costs O(chunks of the document); a metadata filter skips the chunks it does not match before scoring, so the k
 * results are the best of the matching chunks. Readers run in parallel, writers exclusively (a read-write
 * lock, with the checks, in {@link AbstractEphemeralIndex}). {@link #close()} drops every chunk and vector;
 * afterwards the index refuses use with {@link IndexException}.
 */
public final class InMemoryEphemeralIndex extends AbstractEphemeralIndex {

    /** Chunk id → chunk and unit vector, in the order added. */
    private final Map<String, Stored> stored = new LinkedHashMap<>();

    private record Stored(Chunk chunk, float[] vector) {
    }

    /**
     * An empty index named {@code name} for vectors of {@code dimension} components.
     *
     * @param name the index name; not blank
     * @param dimension the vector dimension, at least 1
     */
    public InMemoryEphemeralIndex(String name, int dimension) {
        super(name, dimension);
    }

    @Override
    public String kind() {
        return "memory";
    }

    @Override
    protected void store(List<Chunk> newChunks, List<float[]> unitVectors, long firstSeq) {
        for (int i = 0; i < newChunks.size(); i++) {
            stored.put(newChunks.get(i).id(), new Stored(newChunks.get(i), unitVectors.get(i)));
        }
    }

    /** O(chunks removed). */
    @Override
    protected void discard(List<String> chunkIds, List<Long> seqs) {
        chunkIds.forEach(stored::remove);
    }

    @Override
    protected List<ScoredChunk> searchUnit(float[] q, int k, MetadataFilter filter) {
        PriorityQueue<ScoredChunk> heap = new PriorityQueue<>(ScoredChunk.BY_SCORE.reversed());
        for (Stored s : stored.values()) {
            if (!filter.matches(s.chunk().metadata())) {
                continue;
            }
            heap.add(new ScoredChunk(s.chunk(), Vectors.dot(q, s.vector()), s.vector().clone()));
            if (heap.size() > k) {
                heap.poll();
            }
        }
        List<ScoredChunk> out = new ArrayList<>(heap);
        out.sort(ScoredChunk.BY_SCORE);
        return out;
    }

    @Override
    protected List<Chunk> storedChunks() {
        return stored.values().stream().map(Stored::chunk).toList();
    }

    @Override
    protected float[] storedVector(String chunkId, long seq) {
        return stored.get(chunkId).vector().clone();
    }

    @Override
    protected void release() {
        stored.clear();
    }
}
