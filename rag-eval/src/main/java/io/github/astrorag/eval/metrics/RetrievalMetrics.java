package io.github.astrorag.eval.metrics;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How well a context or a ranking covers the documents that hold the evidence ("supporting" documents).
 *
 * <p>Context metrics look at the set of documents with at least one chunk in the selected context:
 * {@linkplain #supportRecall support recall} is the fraction of the supporting documents in it,
 * {@linkplain #fullSupport full support} is 1 only if all of them are, {@linkplain #supportPrecision
 * support precision} is the share of the context's tokens that supporting documents hold. Ranking metrics look at the
 * documents in the order a retriever ranked them (a document ranks where its best chunk does; see
 * {@link #documentsInOrder}), with binary relevance: recall@k is the fraction of supporting documents
 * among the first k, and nDCG@k (Järvelin and Kekäläinen, 2002) is
 * {@code DCG@k / IDCG@k} with {@code DCG@k = Σ_{i≤k, d_i relevant} 1/log2(i+1)} and IDCG@k the DCG of
 * an ideal ranking ({@code min(k, |relevant|)} relevant documents first). Every method needs at least
 * one supporting document and fails with {@link IllegalArgumentException} otherwise: with none the
 * metrics are undefined and an evaluation should leave the instance out of their mean.
 * Linear in the sizes of the inputs. Thread-safe.
 */
public final class RetrievalMetrics {

    /** The cut-off of the ranking metrics reported by the evaluation command. */
    public static final int DEFAULT_K = 10;

    private RetrievalMetrics() {
    }

    /**
     * Distinct document ids in order of first appearance (for chunk rankings: each document's best rank).
     *
     * @param documentIdsOfRankedChunks the document id of each ranked chunk, best first
     * @return each document once, at its best rank
     */
    public static List<String> documentsInOrder(List<String> documentIdsOfRankedChunks) {
        return List.copyOf(new LinkedHashSet<>(documentIdsOfRankedChunks));
    }

    /**
     * Fraction of the supporting documents among {@code contextDocuments}.
     *
     * @param contextDocuments the ids of the documents the context draws on
     * @param supporting the ids of the supporting documents
     * @return a fraction in [0, 1]
     */
    public static double supportRecall(Collection<String> contextDocuments, Collection<String> supporting) {
        Set<String> gold = gold(supporting);
        Set<String> have = new HashSet<>(contextDocuments);
        long found = gold.stream().filter(have::contains).count();
        return (double) found / gold.size();
    }

    /**
     * 1 if every supporting document is among {@code contextDocuments}, else 0.
     *
     * @param contextDocuments the ids of the documents the context draws on
     * @param supporting the ids of the supporting documents
     * @return 1 or 0
     */
    public static double fullSupport(Collection<String> contextDocuments, Collection<String> supporting) {
        return new HashSet<>(contextDocuments).containsAll(gold(supporting)) ? 1.0 : 0.0;
    }

    /**
     * Support precision: the share of a context's tokens that come from supporting documents,
     * {@code Σ_{d supporting} tokens(d) / Σ_d tokens(d)}. Where support recall asks whether the evidence
     * is in the context, this asks how much of the context is evidence: two contexts that both hold the
     * supporting documents differ in how many tokens they spend on others. Linear in the map's size.
     *
     * @param tokensByDocument each document with a chunk in the context → its tokens in the context
     * @param supporting       the supporting document ids
     * @return the share in [0, 1]
     * @throws IllegalArgumentException if there is no supporting document, a count is negative, or the
     *                                  context has no token (the share is then undefined)
     */
    public static double supportPrecision(Map<String, Integer> tokensByDocument, Collection<String> supporting) {
        Set<String> gold = gold(supporting);
        long all = 0;
        long evidence = 0;
        for (Map.Entry<String, Integer> e : tokensByDocument.entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException("negative token count for document " + e.getKey());
            }
            all += e.getValue();
            if (gold.contains(e.getKey())) {
                evidence += e.getValue();
            }
        }
        if (all == 0) {
            throw new IllegalArgumentException("a context without tokens has no support precision");
        }
        return (double) evidence / all;
    }

    /**
     * Fraction of the supporting documents among the first {@code k} of {@code ranked} (distinct ids).
     *
     * @param k the cut-off, at least 1
     * @param ranked document ids, best first
     * @param supporting the ids of the supporting documents, at least one
     * @return a fraction in [0, 1]
     * @throws IllegalArgumentException if {@code k < 1} or there is no supporting document
     */
    public static double recallAt(int k, List<String> ranked, Collection<String> supporting) {
        checkK(k);
        return supportRecall(documentsInOrder(ranked).stream().limit(k).toList(), supporting);
    }

    /**
     * nDCG@k of {@code ranked} (duplicates count at their first rank) with binary relevance.
     *
     * @param k the cut-off, at least 1
     * @param ranked document ids, best first
     * @param supporting the ids of the relevant documents, at least one
     * @return a value in [0, 1]; 1 when the supporting documents lead the ranking
     * @throws IllegalArgumentException if {@code k < 1} or there is no supporting document
     */
    public static double ndcgAt(int k, List<String> ranked, Collection<String> supporting) {
        checkK(k);
        Set<String> gold = gold(supporting);
        List<String> docs = documentsInOrder(ranked);
        double dcg = 0;
        for (int i = 0; i < Math.min(k, docs.size()); i++) {
            if (gold.contains(docs.get(i))) {
                dcg += discount(i + 1);
            }
        }
        double ideal = 0;
        for (int i = 1; i <= Math.min(k, gold.size()); i++) {
            ideal += discount(i);
        }
        return dcg / ideal;
    }

    private static double discount(int rank) {
        return 1.0 / (Math.log(rank + 1) / Math.log(2));
    }

    private static void checkK(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, was " + k);
        }
    }

    private static Set<String> gold(Collection<String> supporting) {
        if (supporting.isEmpty()) {
            throw new IllegalArgumentException("no supporting document: the metric is undefined");
        }
        return new HashSet<>(supporting);
    }
}
