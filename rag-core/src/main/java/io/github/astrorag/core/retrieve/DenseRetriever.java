package io.github.astrorag.core.retrieve;

import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import java.util.List;
import java.util.Map;

/** The k nearest chunks by cosine similarity to the query's embedding among those its metadata filter allows: the index's own search. */
public final class DenseRetriever implements Retriever {

    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
        return index.search(query.requireEmbedding(), k, query.filter());
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "dense");
    }
}
