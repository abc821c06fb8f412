package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.spi.Prefilter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BM25 as the {@link Prefilter} of a pipeline that embeds per question: {@link #prepare} builds the statistics of
 * all chunks (O(total terms)), and a question's ranking is exactly {@link Bm25Retriever}'s (same analysis, same
 * k1 and b, same ties, the metadata filter before ranking, chunks without a shared term left out), in
 * O(|q| · postings + N log N). Immutable and thread-safe.
 */
public final class Bm25Prefilter implements Prefilter {

    private final Bm25Retriever bm25;

    /** k1 = {@value Bm25#DEFAULT_K1}, b = {@value Bm25#DEFAULT_B}. */
    public Bm25Prefilter() {
        this(new Bm25Retriever());
    }

    /**
     * The ranking of {@code bm25} (its k1 and b).
     *
     * @param bm25 the retriever whose ranking the first pass is
     */
    public Bm25Prefilter(Bm25Retriever bm25) {
        this.bm25 = java.util.Objects.requireNonNull(bm25, "bm25");
    }

    @Override
    public Ranking prepare(List<Chunk> chunks) {
        List<Chunk> all = List.copyOf(chunks);
        Bm25 statistics = bm25.statistics(all);
        return (query, n, trace) -> Bm25Retriever.top(all, statistics, bm25.analyzer(), query, n, trace);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>(bm25.describe());
        m.put("name", "bm25-prefilter");
        return m;
    }
}
