package io.github.astrorag.retrieval.rerank;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.retrieval.internal.Candidates;
import io.github.astrorag.retrieval.lexical.Bm25;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Re-scores candidates by {@link Bm25} (k1 = {@value Bm25#DEFAULT_K1}, b = {@value Bm25#DEFAULT_B})
 * with statistics (document frequencies, mean length) taken over the candidate set only, terms by
 * its {@link TermAnalyzer} (default {@link EnglishTermAnalyzer#defaults()}). A candidate sharing no term with the question scores 0 and stays, last. Keeps
 * the top {@code n} (default {@value #ALL}: all). Cost O(total candidate terms). Immutable, thread-safe.
 */
public final class Bm25Reranker implements Reranker {

    /** Keep every candidate. */
    public static final int ALL = -1;

    private final int top;
    private final TermAnalyzer analyzer;

    /** Re-scores and keeps all. */
    public Bm25Reranker() {
        this(ALL);
    }

    /**
     * Re-scores by the terms of {@code analyzer} and keeps the best {@code top} ({@link #ALL} for all).
     *
     * @param top how many candidates to keep, or {@link #ALL}
     * @param analyzer gives the terms of the question and the candidates
     * @throws IllegalArgumentException if {@code top} is neither positive nor {@link #ALL}
     */
    public Bm25Reranker(int top, TermAnalyzer analyzer) {
        this.top = Candidates.checkTop(top, ALL);
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }

    /**
     * Re-scores and keeps the best {@code top} ({@link #ALL} for all).
     *
     * @param top how many candidates to keep, or {@link #ALL}
     * @throws IllegalArgumentException if {@code top} is neither positive nor {@link #ALL}
     */
    public Bm25Reranker(int top) {
        this(top, EnglishTermAnalyzer.defaults());
    }


    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return Candidates.rescore(candidates, top, pool -> {
            List<String> terms = analyzer.terms(query.text());
            trace.put("queryTerms", terms);
            return Bm25.ofTexts(pool.stream().map(c -> c.chunk().text()).toList(), analyzer, Bm25.DEFAULT_K1,
                    Bm25.DEFAULT_B).scores(terms);
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
