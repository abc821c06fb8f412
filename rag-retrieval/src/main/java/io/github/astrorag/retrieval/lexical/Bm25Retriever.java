package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * Lexical retrieval: {@link Bm25} (k1 = {@value Bm25#DEFAULT_K1}, b = {@value Bm25#DEFAULT_B} by
 * default) over every chunk of the instance's index ({@link EphemeralIndex#chunks()}), terms by
 * its {@link TermAnalyzer} (default {@link EnglishTermAnalyzer#defaults()}: Lucene's English analysis, stop words,
 * Porter stemming; Thai cut into words, Han as character pairs).
 *
 * <p>Returns the at most {@code k} chunks with a positive score (a chunk sharing no term with the query
 * is not a candidate) among those the query's metadata filter allows (the statistics stay those of the
 * whole index, as in Elasticsearch's filtered BM25), best first, ties by chunk id, each with its vector from
 * {@link EphemeralIndex#vector(String)}; the query's embedding is not used. The BM25 statistics of an
 * index are built on first use (O(total terms)) and kept, weakly, while the index lives and keeps its
 * {@linkplain EphemeralIndex#revision() revision} (an add or remove rebuilds them); a query then costs O(|q| · postings + N log k). Immutable and thread-safe.
 */
public final class Bm25Retriever implements Retriever {

    private final double k1;
    private final double b;
    private final TermAnalyzer analyzer;
    private final Map<EphemeralIndex, Snapshot> cache = Collections.synchronizedMap(new WeakHashMap<>());

    private record Snapshot(long revision, List<Chunk> chunks, Bm25 bm25) {
    }

    /** k1 = 1.2, b = 0.75. */
    public Bm25Retriever() {
        this(Bm25.DEFAULT_K1, Bm25.DEFAULT_B);
    }

    /**
     * BM25 with the given parameters.
     *
     * @param k1 term-frequency saturation; not negative; default {@value Bm25#DEFAULT_K1}
     * @param b length normalisation, in [0, 1]; default {@value Bm25#DEFAULT_B}
     * @throws IllegalArgumentException if k1 is negative or b is outside [0, 1]
     */
    public Bm25Retriever(double k1, double b) {
        this(k1, b, EnglishTermAnalyzer.defaults());
    }

    /**
     * BM25 with the given parameters over the terms of {@code analyzer}.
     *
     * @param k1 term-frequency saturation; not negative; default {@value Bm25#DEFAULT_K1}
     * @param b length normalisation, in [0, 1]; default {@value Bm25#DEFAULT_B}
     * @param analyzer gives the terms of the chunks and of the question; default {@link EnglishTermAnalyzer#defaults()}
     * @throws IllegalArgumentException if k1 is negative or b is outside [0, 1]
     */
    public Bm25Retriever(double k1, double b, TermAnalyzer analyzer) {
        Bm25.of(List.of(), k1, b); // validates
        this.k1 = k1;
        this.b = b;
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }


    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
        Snapshot s = snapshot(index);
        List<ScoredChunk> top = top(s.chunks(), s.bm25(), analyzer, query, k, trace);
        List<ScoredChunk> out = new ArrayList<>(top.size());
        for (ScoredChunk h : top) {
            out.add(new ScoredChunk(h.chunk(), h.score(), index.vector(h.id())));
        }
        return out;
    }

    /**
     * The at most {@code k} of {@code chunks} with a positive {@code bm25} score for the query's terms that its
     * metadata filter matches, best first, ties by chunk id, without vectors; traces {@code queryTerms} and
     * {@code matching}. What both this retriever and {@link Bm25Prefilter} rank with.
     */
    static List<ScoredChunk> top(List<Chunk> chunks, Bm25 bm25, TermAnalyzer analyzer, Query query, int k,
                                 TraceSink trace) {
        Arguments.check(k >= 1, "k must be at least 1, was %d", k);
        List<String> terms = analyzer.terms(query.text());
        double[] scores = bm25.scores(terms);
        List<ScoredChunk> hits = new ArrayList<>();
        for (int i = 0; i < scores.length; i++) {
            if (scores[i] > 0 && query.filter().matches(chunks.get(i).metadata())) {
                hits.add(new ScoredChunk(chunks.get(i), scores[i], null));
            }
        }
        hits.sort(ScoredChunk.BY_SCORE);
        trace.put("queryTerms", List.copyOf(terms));
        trace.put("matching", hits.size());
        return List.copyOf(hits.subList(0, Math.min(k, hits.size())));
    }

    /**
     * BM25 with this retriever's k1 and b over the texts of {@code chunks}, analysed by its analyzer one text at a
     * time ({@link Bm25#ofTexts(List, TermAnalyzer, double, double)}). O(total terms) time; memory that of the statistics.
     */
    Bm25 statistics(List<Chunk> chunks) {
        return Bm25.ofTexts(chunks.stream().map(Chunk::text).toList(), analyzer, k1, b);
    }

    /** The analyzer of the chunks' and the question's terms. */
    TermAnalyzer analyzer() {
        return analyzer;
    }

    private Snapshot snapshot(EphemeralIndex index) {
        long revision = index.revision();
        Snapshot s = cache.get(index);
        if (s == null || s.revision() != revision) {
            List<Chunk> chunks = index.chunks();
            s = new Snapshot(revision, chunks, statistics(chunks));
            cache.put(index, s);
        }
        return s;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "bm25");
        m.put("k1", k1);
        m.put("b", b);
        m.put("analyzer", analyzer.describe().get("name"));
        return m;
    }
}
