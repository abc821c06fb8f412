package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Okapi BM25 (Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009)
 * over a fixed collection of analysed documents:
 *
 * <pre>
 *   score(q, d) = Σ_{t ∈ distinct terms of q} idf(t) · tf(t,d)·(k1+1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))
 * </pre>
 *
 * with N documents, n(t) of them containing t, |d| the document's length in terms and avgdl the mean
 * length. This idf is Lucene's (always positive); unlike Lucene 9's {@code BM25Similarity} the classic
 * {@code (k1+1)} factor is kept in the numerator (it scales every score alike and does not change the
 * ranking). Each distinct query term counts once. Defaults k1 = {@value #DEFAULT_K1}, b =
 * {@value #DEFAULT_B}.
 *
 * <p>Building costs O(total terms); scoring one query costs O(|q| · postings). Memory: 8 bytes per posting (a
 * distinct term of a document) plus the vocabulary and 4 bytes per document; measured per chunk in
 * docs/benchmarks.md. Immutable and thread-safe.
 */
public final class Bm25 {

    /** Term-frequency saturation. */
    public static final double DEFAULT_K1 = 1.2;
    /** Length normalisation. */
    public static final double DEFAULT_B = 0.75;

    private final TermAnalyzer analyzer;
    private final double k1;
    private final double b;
    private final int[] lengths;
    private final double avgLength;
    /** term → its postings. */
    private final Map<String, Postings> postings;

    /**
     * The documents holding one term, in ascending document index, each with the term's frequency in it: pairs
     * (document, frequency) packed in one int array, 8 bytes a posting (a boxed map took about 10 times that).
     */
    private static final class Postings {
        int[] pairs = new int[2];
        int size;

        void add(int document, int frequency) {
            if (2 * size == pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[2 * size] = document;
            pairs[2 * size + 1] = frequency;
            size++;
        }

        void trim() {
            if (pairs.length > 2 * size) {
                pairs = Arrays.copyOf(pairs, 2 * size);
            }
        }
    }

    /** Over {@code count} documents, the terms of document i being {@code termsOf.apply(i)}, asked once each, in order. */
    private Bm25(int count, IntFunction<List<String>> termsOf, double k1, double b, TermAnalyzer analyzer) {
        this.analyzer = analyzer;
        Arguments.check(k1 >= 0 && Double.isFinite(k1), "BM25 k1 must be finite and >= 0, was %s", k1);
        Arguments.check(b >= 0 && b <= 1, "BM25 b must be in [0, 1], was %s", b);
        this.k1 = k1;
        this.b = b;
        this.lengths = new int[count];
        this.postings = new HashMap<>();
        long total = 0;
        Map<String, int[]> frequencies = new HashMap<>();
        for (int i = 0; i < count; i++) {
            List<String> terms = termsOf.apply(i);
            lengths[i] = terms.size();
            total += terms.size();
            frequencies.clear();
            for (String t : terms) {
                frequencies.computeIfAbsent(t, x -> new int[1])[0]++;
            }
            for (Map.Entry<String, int[]> e : frequencies.entrySet()) {
                postings.computeIfAbsent(e.getKey(), x -> new Postings()).add(i, e.getValue()[0]);
            }
        }
        postings.values().forEach(Postings::trim);
        this.avgLength = count == 0 ? 0 : (double) total / count;
    }

    /**
     * BM25 with the default k1 and b over already analysed documents.
     *
     * @param analysedDocuments the terms of each document, in document order
     * @return the index; O(total terms) to build
     */
    public static Bm25 of(List<List<String>> analysedDocuments) {
        return of(analysedDocuments, DEFAULT_K1, DEFAULT_B);
    }

    /**
     * BM25 with the given parameters over already analysed documents.
     *
     * @param analysedDocuments the terms of each document, in document order
     * @param k1 term-frequency saturation; not negative
     * @param b length normalisation, in [0, 1]
     * @return the index; O(total terms) to build
     */
    public static Bm25 of(List<List<String>> analysedDocuments, double k1, double b) {
        return new Bm25(analysedDocuments.size(), analysedDocuments::get, k1, b, EnglishTermAnalyzer.defaults());
    }

    /**
     * BM25 with the default parameters over raw texts, analysed by {@link EnglishTermAnalyzer#defaults()}.
     *
     * @param texts the documents, in order
     * @return the index; O(total characters) to build
     */
    public static Bm25 ofTexts(List<String> texts) {
        return ofTexts(texts, DEFAULT_K1, DEFAULT_B);
    }

    /**
     * BM25 with the given parameters over raw texts, analysed by {@link EnglishTermAnalyzer#defaults()} one at a
     * time, as {@link #ofTexts(List, TermAnalyzer, double, double)}.
     *
     * @param texts the documents, in order
     * @param k1 term-frequency saturation; not negative
     * @param b length normalisation, in [0, 1]
     * @return the index; O(total characters) to build
     */
    public static Bm25 ofTexts(List<String> texts, double k1, double b) {
        return ofTexts(texts, EnglishTermAnalyzer.defaults(), k1, b);
    }

    /**
     * BM25 with the given parameters over raw texts, analysed by {@code analyzer} one at a time: only one text's terms
     * are held at once, so memory is that of the result (about 8 bytes per distinct term of each text, plus the
     * vocabulary), not of every term of every text.
     *
     * @param texts the documents, in order
     * @param analyzer gives the terms of the texts, and of a raw query ({@link #scores(String)})
     * @param k1 term-frequency saturation; not negative
     * @param b length normalisation, in [0, 1]
     * @return the index; O(total characters) to build
     */
    public static Bm25 ofTexts(List<String> texts, TermAnalyzer analyzer, double k1, double b) {
        Objects.requireNonNull(analyzer, "analyzer");
        return new Bm25(texts.size(), i -> analyzer.terms(texts.get(i)), k1, b, analyzer);
    }

    /**
     * Each text analysed by {@link EnglishTermAnalyzer#defaults()}.
     *
     * @param texts the texts, in order
     * @return the terms of each text, in order (a text without terms gives an empty list)
     */
    public static List<List<String>> analyse(List<String> texts) {
        return analyse(texts, EnglishTermAnalyzer.defaults());
    }

    /**
     * Each text analysed by {@code analyzer}.
     *
     * @param texts the texts, in order
     * @param analyzer gives the terms
     * @return the terms of each text, in order (a text without terms gives an empty list)
     */
    public static List<List<String>> analyse(List<String> texts, TermAnalyzer analyzer) {
        List<List<String>> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(analyzer.terms(t));
        }
        return out;
    }

    /**
     * The number of documents.
     *
     * @return the number of documents N
     */
    public int size() {
        return lengths.length;
    }

    /**
     * The number of documents containing {@code term}.
     *
     * @param term an analysed term
     * @return n, 0 for an unknown term
     */
    public int documentFrequency(String term) {
        Postings p = postings.get(term);
        return p == null ? 0 : p.size;
    }

    /**
     * {@code ln(1 + (N − n + 0.5)/(n + 0.5))} for the term's document frequency n.
     *
     * @param term an analysed term
     * @return the inverse document frequency, positive; the highest for an unknown term
     */
    public double idf(String term) {
        int n = documentFrequency(term);
        return Math.log(1 + (size() - n + 0.5) / (n + 0.5));
    }

    /**
     * One score per document, in document order, for the analysed query terms.
     *
     * @param queryTerms the analysed query terms; repeated terms count once
     * @return a new array of N scores, 0 for a document without a query term; O(query terms × postings)
     */
    public double[] scores(List<String> queryTerms) {
        double[] scores = new double[lengths.length];
        Set<String> distinct = new LinkedHashSet<>(queryTerms);
        for (String t : distinct) {
            Postings p = postings.get(t);
            if (p == null) {
                continue;
            }
            double idf = idf(t);
            for (int j = 0; j < p.size; j++) {
                int d = p.pairs[2 * j];
                double tf = p.pairs[2 * j + 1];
                double norm = avgLength == 0 ? 1 : 1 - b + b * lengths[d] / avgLength;
                scores[d] += idf * tf * (k1 + 1) / (tf + k1 * norm);
            }
        }
        return scores;
    }

    /**
     * One score per document for a raw query, analysed by the analyzer of {@link #ofTexts(List, TermAnalyzer,
     * double, double)} (or {@link EnglishTermAnalyzer#defaults()}).
     *
     * @param query the query text
     * @return a new array of N scores, as {@link #scores(List)}
     */
    public double[] scores(String query) {
        return scores(analyzer.terms(query));
    }

    /**
     * k1.
     *
     * @return term-frequency saturation k1; default {@value #DEFAULT_K1}
     */
    public double k1() {
        return k1;
    }

    /**
     * b.
     *
     * @return length normalisation b; default {@value #DEFAULT_B}
     */
    public double b() {
        return b;
    }
}
