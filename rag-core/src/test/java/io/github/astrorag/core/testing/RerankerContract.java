package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@link Reranker} contract, for every implementation to extend. It checks, through the traced
 * {@link Reranker#rerank(Query, List, io.github.astrorag.core.spi.TraceSink) rerank}:
 * <ul>
 *   <li>it never adds a chunk: the output is a subset of the candidates, each chunk unchanged and at most
 *       once (for 1, 2, 5 and 12 candidates);</li>
 *   <li>best first: scores do not increase down the list, equal scores in ascending chunk id;</li>
 *   <li>the same input gives the same output, also from 4 threads at once; the input list is not changed;</li>
 *   <li>no candidates give no output.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #reranker()}; override {@link #query()} or
 * {@link #candidates(long, int)} if the reranker needs other input (for instance vectors of its embedder's
 * dimension).
 */
public abstract class RerankerContract {

    /** The reranker under test; called once per check. */
    protected abstract Reranker reranker();

    /** The query every check reranks for. Default: {@link TestChunks#query()}. */
    protected Query query() {
        return TestChunks.query();
    }

    /** Candidates, best first. Default: {@link TestChunks#candidates(long, int)}. */
    protected List<ScoredChunk> candidates(long seed, int n) {
        return TestChunks.candidates(seed, n);
    }

    private List<ScoredChunk> rerank(Reranker reranker, List<ScoredChunk> candidates) {
        return reranker.rerank(query(), candidates, (key, value) -> { });
    }

    @Test
    void neverAddsAChunkAndKeepsEachAsGiven() {
        Reranker reranker = reranker();
        for (int n : new int[] {1, 2, 5, 12}) {
            List<ScoredChunk> cands = candidates(n, n);
            Map<String, ScoredChunk> given = cands.stream()
                    .collect(Collectors.toMap(ScoredChunk::id, Function.identity()));
            List<ScoredChunk> out = rerank(reranker, cands);
            assertThat(out).as("%d candidates", n).extracting(ScoredChunk::id).doesNotHaveDuplicates();
            assertThat(out.size()).as("%d candidates", n).isLessThanOrEqualTo(n);
            for (ScoredChunk c : out) {
                assertThat(given).as("a candidate").containsKey(c.id());
                assertThat(c.chunk()).as("chunk " + c.id()).isEqualTo(given.get(c.id()).chunk());
            }
        }
    }

    @Test
    void bestFirstTiesByChunkId() {
        Rankings.assertBestFirstTiesByChunkId("reranked", rerank(reranker(), candidates(4, 10)));
    }

    @Test
    void deterministicAndTheInputIsLeftAlone() {
        List<ScoredChunk> cands = candidates(5, 9);
        List<ScoredChunk> copy = List.copyOf(cands);
        List<ScoredChunk> first = rerank(reranker(), cands);
        assertThat(rerank(reranker(), cands)).isEqualTo(first);
        assertThat(cands).isEqualTo(copy);
    }

    @Test
    void sameOutputFromFourThreadsAtOnce() throws Exception {
        Reranker reranker = reranker();
        List<ScoredChunk> cands = candidates(6, 8);
        List<ScoredChunk> expected = rerank(reranker, cands);
        assertThat(Concurrently.run(4, 8, () -> rerank(reranker, cands))).containsOnly(expected);
    }

    @Test
    void emptyGivesEmpty() {
        assertThat(rerank(reranker(), List.of())).isEmpty();
    }
}
