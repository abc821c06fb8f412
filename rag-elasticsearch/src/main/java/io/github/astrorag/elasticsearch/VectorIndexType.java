package io.github.astrorag.elasticsearch;

/**
 * How Elasticsearch indexes the {@code dense_vector} field ({@code index_options.type}).
 */
public enum VectorIndexType {
    /**
     * HNSW graph over full float vectors (Malkov and Yashunin, 2018): approximate search whose recall grows with
     * {@code num_candidates}; exact in practice when {@code num_candidates} is at least the number of chunks.
     * The default.
     */
    HNSW("hnsw"),
    /** HNSW over vectors quantised to 8 bits: a quarter of the memory, scores slightly perturbed. */
    INT8_HNSW("int8_hnsw"),
    /** No graph: every query compares every vector (exact, O(n·d)); fine for the small per-question indices. */
    FLAT("flat");

    private final String esName;

    VectorIndexType(String esName) {
        this.esName = esName;
    }

    /**
     * The name Elasticsearch uses in the mapping.
     *
     * @return {@code hnsw}, {@code int8_hnsw} or {@code flat}
     */
    public String esName() {
        return esName;
    }
}
