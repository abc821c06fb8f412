package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;

/**
 * A cheap first pass that picks, per question, the few chunks worth embedding out of all of an instance's
 * chunks, so that an instance need not embed its whole text up front: a pipeline built with
 * {@code RagPipeline.Builder#prefilter(Prefilter, int)} chunks at ingest without embedding, and for each question
 * embeds (cache first) only the {@code n} chunks this pass ranks first, then runs its retriever over them.
 * BM25 ({@code Bm25Prefilter} in rag-retrieval) is the one this project offers.
 *
 * <p>Contract: {@link #prepare} sees every chunk of an instance (again after each add or remove) and returns an
 * immutable, thread-safe {@link Ranking} over exactly those chunks (a later change to the list given changes
 * nothing; no chunk gives a ranking that finds nothing); the prefilter itself is thread-safe. The contract is
 * checked by {@code PrefilterContract} in rag-core's test-jar.
 */
@FunctionalInterface
public interface Prefilter extends Described {

    /**
     * Prepares the ranking of {@code chunks} (for BM25: the term statistics), once per content of an instance.
     *
     * @param chunks every chunk of the instance, in the order added
     * @return the ranking over those chunks
     */
    Ranking prepare(List<Chunk> chunks);

    /** The chunks of one content, ranked for a question. Immutable and thread-safe. */
    @FunctionalInterface
    interface Ranking {

        /**
         * At most {@code n} of the prepared chunks that the query's metadata filter matches, best first, ties by
         * chunk id; a chunk the pass gives no score at all (for BM25: one sharing no term with the question) is left
         * out. The results are distinct and carry the pass's score, finite, and no vector. The filter applies before
         * ranking, and does not change a chunk's score: the result is the unfiltered ranking restricted to the chunks
         * the filter matches, its first {@code n}. The same call gives the same result.
         *
         * @param query the question
         * @param n     how many at most, at least 1
         * @param trace where facts of the call go (terms, how many matched)
         * @return the chosen chunks, best first
         * @throws IllegalArgumentException if {@code n} is below 1
         */
        List<ScoredChunk> top(Query query, int n, TraceSink trace);
    }
}
