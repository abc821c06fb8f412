package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.spi.TextSearch;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import java.util.List;
import java.util.Map;

/**
 * Hybrid retrieval by the index's own full-text search ({@link EphemeralIndex#fullTextSearch()}), such as an
 * {@link ElasticsearchEphemeralIndex}: kNN on the query's embedding and BM25 on its
 * text, fused by reciprocal rank fusion ({@link ElasticsearchEphemeralIndex#hybridSearch}), both restricted to the
 * chunks the query's metadata filter allows. Use it with a
 * pipeline whose index is an {@link ElasticsearchEphemeralIndexFactory}; any other index is refused.
 * Stateless and thread-safe.
 */
public final class ElasticsearchHybridRetriever implements Retriever {


    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
        TextSearch text = index.fullTextSearch().orElseThrow(() -> new IllegalStateException(
                "hybrid retrieval needs an index with full-text search, but the pipeline's index is " + index.kind()
                        + ": configure .index(ElasticsearchEphemeralIndexFactory...), or use HybridRetriever (rag-retrieval) in memory"));
        trace.put("fusion", "rrf");
        return text.hybridSearch(query.requireEmbedding(), query.text(), k, query.filter());
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "elasticsearch-hybrid");
    }
}
