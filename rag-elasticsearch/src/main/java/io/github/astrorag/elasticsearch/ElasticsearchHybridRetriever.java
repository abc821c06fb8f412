package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.InvalidConfigurationException;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import java.util.List;
import java.util.Map;

/**
 * Hybrid retrieval on an {@link ElasticsearchEphemeralIndex}: kNN on the query's embedding and BM25 on its
 * text, fused by reciprocal rank fusion ({@link ElasticsearchEphemeralIndex#hybridSearch}). Use it with a
 * pipeline whose index is an {@link ElasticsearchEphemeralIndexFactory}; any other index is refused.
 * Stateless and thread-safe.
 */
public final class ElasticsearchHybridRetriever implements Retriever {

    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k) {
        return retrieve(query, index, k, TraceSink.NONE);
    }

    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
        if (!(index instanceof ElasticsearchEphemeralIndex es)) {
            throw new InvalidConfigurationException("hybrid retrieval needs the Elasticsearch index, but the pipeline's index is "
                    + index.kind() + ": configure .index(ElasticsearchEphemeralIndexFactory...)");
        }
        trace.put("fusion", "rrf");
        return es.hybridSearch(query.requireEmbedding(), query.text(), k);
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "elasticsearch-hybrid");
    }
}
