package io.github.astrorag.core.eval;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How well a context or a ranking covers the documents that hold the evidence ("supporting" documents).
 *
 * <p>Context metrics look at the set of documents with at least one chunk in the selected context:
 * {@linkplain #supportRecall support recall} is the fraction of the supporting documents in it,
 * {@linkplain #fullSupport full support} is 1 only if all of them are. Ranking metrics look at the
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

    /** Distinct document ids in order of first appearance (for chunk rankings: each document's best rank). */
    public static List<String> documentsInOrder(List<String> documentIdsOfRankedChunks) {
        return List.copyOf(new LinkedHashSet<>(documentIdsOfRankedChunks));
    }

    /** Fraction of the supporting documents among {@code contextDocuments}. */
    public static double supportRecall(Collection<String> contextDocuments, Collection<String> supporting) {
        Set<String> gold = gold(supporting);
        Set<String> have = new HashSet<>(contextDocuments);
        long found = gold.stream().filter(have::contains).count();
        return (double) found / gold.size();
    }

    /** 1 if every supporting document is among {@code contextDocuments}, else 0. */
    public static double fullSupport(Collection<String> contextDocuments, Collection<String> supporting) {
        return new HashSet<>(contextDocuments).containsAll(gold(supporting)) ? 1.0 : 0.0;
    }

    /**
     * Fraction of the supporting documents among the first {@code k} of {@code ranked} (distinct ids).
     *
     * @throws IllegalArgumentException if {@code k < 1} or there is no supporting document
     */
    public static double recallAt(int k, List<String> ranked, Collection<String> supporting) {
        checkK(k);
        return supportRecall(documentsInOrder(ranked).stream().limit(k).toList(), supporting);
    }

    /**
     * nDCG@k of {@code ranked} (duplicates count at their first rank) with binary relevance.
     *
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
