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
public interface Reranker extends Described {

    /** The re-ranked candidates. */
    List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates);

    /** As {@link #rerank(Query, List)}, writing facts of the call to {@code trace}. */
    default List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return rerank(query, candidates);
    }
}
