package io.github.astrorag.retrieval.rerank;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.text.Terms;
import io.github.astrorag.retrieval.internal.Candidates;
import io.github.astrorag.retrieval.lexical.Bm25;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-scores candidates by {@link Bm25} (k1 = {@value Bm25#DEFAULT_K1}, b = {@value Bm25#DEFAULT_B})
 * with statistics (document frequencies, mean length) taken over the candidate set only, terms by
 * {@link Terms}. A candidate sharing no term with the question scores 0 and stays, last. Keeps
 * the top {@code n} (default {@value #ALL}: all). Cost O(total candidate terms). Immutable, thread-safe.
 */
public final class Bm25Reranker implements Reranker {

    /** Keep every candidate. */
    public static final int ALL = -1;

    private final int top;

    /** Re-scores and keeps all. */
    public Bm25Reranker() {
        this(ALL);
    }

    /**
     * Re-scores and keeps the best {@code top} ({@link #ALL} for all).
     *
     * @param top how many candidates to keep, or {@link #ALL}
     * @throws IllegalArgumentException if {@code top} is neither positive nor {@link #ALL}
     */
    public Bm25Reranker(int top) {
        this.top = Candidates.checkTop(top, ALL);
    }


    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return Candidates.rescore(candidates, top, pool -> {
            List<String> terms = Terms.of(query.text());
            trace.put("queryTerms", terms);
            return Bm25.ofTexts(pool.stream().map(c -> c.chunk().text()).toList()).scores(terms);
        });
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "bm25");
        m.put("k1", Bm25.DEFAULT_K1);
        m.put("b", Bm25.DEFAULT_B);
        m.put("top", top == ALL ? "all" : top);
        return m;
    }
}
