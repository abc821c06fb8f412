package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.text.Terms;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * <p>Building costs O(total terms); scoring one query costs O(|q| · postings). Immutable and thread-safe.
 */
public final class Bm25 {

    /** Term-frequency saturation. */
    public static final double DEFAULT_K1 = 1.2;
    /** Length normalisation. */
    public static final double DEFAULT_B = 0.75;

    private final double k1;
    private final double b;
    private final int[] lengths;
    private final double avgLength;
    /** term → (document index → term frequency), documents in ascending index. */
    private final Map<String, Map<Integer, Integer>> postings;

    private Bm25(List<List<String>> documents, double k1, double b) {
        Arguments.check(k1 >= 0 && Double.isFinite(k1), "BM25 k1 must be finite and >= 0, was %s", k1);
        Arguments.check(b >= 0 && b <= 1, "BM25 b must be in [0, 1], was %s", b);
        this.k1 = k1;
        this.b = b;
        this.lengths = new int[documents.size()];
        this.postings = new HashMap<>();
        long total = 0;
        for (int i = 0; i < documents.size(); i++) {
            List<String> terms = documents.get(i);
            lengths[i] = terms.size();
            total += terms.size();
            for (String t : terms) {
                postings.computeIfAbsent(t, x -> new HashMap<>()).merge(i, 1, Integer::sum);
            }
        }
        this.avgLength = documents.isEmpty() ? 0 : (double) total / documents.size();
    }

    /**
     * BM25 with the default k1 and b over already analysed documents.
     *
     * @param analysedDocuments the terms of each document, in document order
     * @return the index; O(total terms) to build
     */
    public static Bm25 of(List<List<String>> analysedDocuments) {
        return new Bm25(analysedDocuments, DEFAULT_K1, DEFAULT_B);
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
        return new Bm25(analysedDocuments, k1, b);
    }

    /**
     * BM25 with the default parameters over raw texts, analysed by {@link Terms}.
     *
     * @param texts the documents, in order
     * @return the index; O(total characters) to build
     */
    public static Bm25 ofTexts(List<String> texts) {
        return of(analyse(texts));
    }

    /**
     * Each text analysed by {@link Terms}.
     *
     * @param texts the texts, in order
     * @return the terms of each text, in order (a text without terms gives an empty list)
     */
    public static List<List<String>> analyse(List<String> texts) {
        List<List<String>> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(Terms.of(t));
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
        Map<Integer, Integer> p = postings.get(term);
        return p == null ? 0 : p.size();
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
            Map<Integer, Integer> p = postings.get(t);
            if (p == null) {
                continue;
            }
            double idf = idf(t);
            for (Map.Entry<Integer, Integer> e : p.entrySet()) {
                int d = e.getKey();
                double tf = e.getValue();
                double norm = avgLength == 0 ? 1 : 1 - b + b * lengths[d] / avgLength;
                scores[d] += idf * tf * (k1 + 1) / (tf + k1 * norm);
            }
        }
        return scores;
    }

    /**
     * One score per document for a raw query, analysed by {@link Terms}.
     *
     * @param query the query text
     * @return a new array of N scores, as {@link #scores(List)}
     */
    public double[] scores(String query) {
        return scores(Terms.of(query));
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
