package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Query;

/**
 * Rewrites an embedded query before retrieval (for instance HyDE, which replaces the question's vector
 * by a hypothetical answer's). Must return a query with an embedding of the same dimension and the same
 * text and options.
 */
@FunctionalInterface
public interface QueryTransformer extends Described {

    /**
     * The transformed query.
     *
     * @param query the question, with its embedding
     * @param embedder the pipeline's embedder
     * @param trace where the transformer writes its facts
     * @return the query to retrieve with, usually with another embedding
     */
    Query transform(Query query, Embedder embedder, TraceSink trace);
}
