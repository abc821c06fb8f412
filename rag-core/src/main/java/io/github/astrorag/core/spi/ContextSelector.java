package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * Chooses which candidates, in which order, make the context.
 *
 * <p>Contract: the context's text, counted by the selector's token counter, never exceeds
 * {@code budget} tokens, not by one; its chunks are taken from {@code candidates} (a chunk may be cut
 * short to fit); the same input gives the same context. {@code budget} must be positive. Thread-safe.
 */
@FunctionalInterface
public interface ContextSelector extends Described {

    /**
     * The context for {@code query} from {@code candidates} within {@code budget} tokens, writing facts of
     * the call (scores, iterations, what was cut) to {@code trace}. This is the method an implementation
     * writes; a lambda can be one.
     *
     * @param query the question, with its embedding
     * @param candidates the candidates, best first
     * @param budget the token budget, at least 1
     * @param trace where the selector writes its facts
     * @return the context, never more than {@code budget} tokens
     */
    Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace);

    /**
     * As {@link #select(Query, List, int, TraceSink)} with nothing traced: a convenience for callers.
     *
     * @param query the question, with its embedding
     * @param candidates the candidates, best first
     * @param budget the token budget, at least 1
     * @return the context, never more than {@code budget} tokens
     */
    default Context select(Query query, List<ScoredChunk> candidates, int budget) {
        return select(query, candidates, budget, TraceSink.NONE);
    }
}
