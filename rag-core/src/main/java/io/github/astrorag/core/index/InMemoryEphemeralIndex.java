package io.github.astrorag.core.index;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * An ephemeral index in the heap: exact cosine search by brute force, O(n·d) per query with a bounded
 * heap for the top k; a metadata filter skips the chunks it does not match before scoring, so the k
 * results are the best of the matching chunks. Readers run in parallel, writers exclusively (a read-write
 * lock, with the checks, in {@link AbstractEphemeralIndex}). {@link #close()} drops every chunk and vector;
 * afterwards the index refuses use with {@link IndexException}.
 */
public final class InMemoryEphemeralIndex extends AbstractEphemeralIndex {

    private final List<Chunk> chunks = new ArrayList<>();
    private final List<float[]> vectors = new ArrayList<>();

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
        chunks.addAll(newChunks);
        vectors.addAll(unitVectors);
    }

    @Override
    protected List<ScoredChunk> searchUnit(float[] q, int k, MetadataFilter filter) {
        PriorityQueue<ScoredChunk> heap = new PriorityQueue<>(ScoredChunk.BY_SCORE.reversed());
        for (int i = 0; i < chunks.size(); i++) {
            if (!filter.matches(chunks.get(i).metadata())) {
                continue;
            }
            heap.add(new ScoredChunk(chunks.get(i), Vectors.dot(q, vectors.get(i)), vectors.get(i).clone()));
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
        return List.copyOf(chunks);
    }

    @Override
    protected float[] storedVector(String chunkId, long seq) {
        return vectors.get((int) seq).clone();
    }

    @Override
    protected void release() {
        chunks.clear();
        vectors.clear();
    }
}
