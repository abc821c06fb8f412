package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * Re-scores and re-orders candidates, possibly keeping fewer of them.
 *
 * <p>Contract: returns a subset of {@code candidates} (never a chunk that was not given), best first,
 * with this reranker's scores; deterministic, ties broken by chunk id; an empty input gives an empty
 * output. Thread-safe.
 */
@FunctionalInterface
public interface Reranker extends Described {

    /**
     * The re-ranked candidates, writing facts of the call to {@code trace}. This is the method an
     * implementation writes; a lambda can be one.
     *
     * @param query the question, with its embedding
     * @param candidates the candidates, best first
     * @param trace where the reranker writes its facts
     * @return the kept candidates, best first
     */
    List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace);

    /**
     * As {@link #rerank(Query, List, TraceSink)} with nothing traced: a convenience for callers.
     *
     * @param query the question, with its embedding
     * @param candidates the candidates, best first
     * @return the kept candidates, best first
     */
    default List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates) {
        return rerank(query, candidates, TraceSink.NONE);
    }
}
