package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * Finds candidate chunks for a query in an instance's index.
 *
 * <p>Contract: returns at most {@code k} distinct chunks of {@code index}, best first (ties by chunk
 * id), each with its vector from the index; fewer when the index holds fewer. The query carries its
 * embedding and its {@link io.github.astrorag.core.model.MetadataFilter}: only chunks whose metadata the
 * filter matches are returned, the filter applying before ranking (k matching chunks when k exist).
 * Thread-safe.
 */
@FunctionalInterface
public interface Retriever extends Described {

    /**
     * The candidates for {@code query}, writing facts of the call to {@code trace}. This is the method an
     * implementation writes; a lambda can be one.
     *
     * @param query the question, with its embedding
     * @param index the instance's index
     * @param k the most candidates, at least 1
     * @param trace where the retriever writes its facts
     * @return at most {@code k} candidates, best first
     */
    List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace);

    /**
     * As {@link #retrieve(Query, EphemeralIndex, int, TraceSink)} with nothing traced: a convenience for callers.
     *
     * @param query the question, with its embedding
     * @param index the instance's index
     * @param k the most candidates, at least 1
     * @return at most {@code k} candidates, best first
     */
    default List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k) {
        return retrieve(query, index, k, TraceSink.NONE);
    }
}
