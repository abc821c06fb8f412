package io.github.astrorag.retrieval.mmr;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.retrieval.internal.Candidates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maximal Marginal Relevance (Carbonell and Goldstein, SIGIR 1998), AstroRAG's first retrieval stage:
 * greedily add to the selection S the candidate
 *
 * <pre>
 *   d* = argmax_{d ∈ D \ S} [ λ · s(d, q) − (1 − λ) · max_{d' ∈ S} s(d, d') ]
 * </pre>
 *
 * until k are chosen, with s the cosine similarity of the vectors (the query's embedding, the
 * candidates' vectors). While S is empty the penalty is 0, so the first pick is the most similar
 * candidate (also for λ = 0, where the formula alone would tie). λ = 1 is top-k by similarity alone;
 * λ = 0 picks, after the first, the candidate least similar to the chosen ones. Ties go to the smaller
 * chunk id.
 *
 * <p>Two uses: as a {@link Retriever} it fetches {@code fetchSize} (default {@value #DEFAULT_FETCH_SIZE})
 * nearest chunks that the query's metadata filter allows from the index, with their vectors, and selects {@code min(k, requested)} of them; as a
 * {@link Reranker} it selects k from the candidates given, which must carry vectors. The result is in
 * selection order, each with its marginal value at selection as score; these values never increase
 * along the list while similarities are non-negative (with negative similarities, a penalty can turn
 * into a bonus, and the selection order stays authoritative).
 *
 * <p>Defaults as in the AstroRAG paper: k = {@value #DEFAULT_K}, λ = {@value #DEFAULT_LAMBDA}. Cost
 * O(k · n · dim) for n candidates. Immutable and thread-safe; build with {@link #builder()}.
 */
public final class MmrRetriever implements Retriever, Reranker {

    /** Chunks selected. */
    public static final int DEFAULT_K = 3;
    /** Weight of relevance against diversity. */
    public static final double DEFAULT_LAMBDA = 0.5;
    /** Candidates fetched from the index before selecting, when used as a retriever. */
    public static final int DEFAULT_FETCH_SIZE = 20;

    private final int k;
    private final double lambda;
    private final int fetchSize;

    private MmrRetriever(Builder b) {
        this.k = b.k == null ? DEFAULT_K : b.k;
        this.lambda = b.lambda == null ? DEFAULT_LAMBDA : b.lambda;
        this.fetchSize = b.fetchSize == null ? DEFAULT_FETCH_SIZE : b.fetchSize;
        Arguments.check(fetchSize >= k, "fetchSize (%d) must be at least k (%d)", fetchSize, k);
    }

    /**
     * MMR with the paper's defaults: k = 3, λ = 0.5, fetch 20.
     *
     * @return the default retriever
     */
    public static MmrRetriever defaults() {
        return builder().build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }


    @Override
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int requested, TraceSink trace) {
        Arguments.check(requested >= 1, "k must be at least 1, was %d", requested);
        List<ScoredChunk> pool = index.search(query.requireEmbedding(), fetchSize, query.filter());
        trace.put("fetched", pool.size());
        return select(query, pool, Math.min(k, requested), trace);
    }


    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return select(query, candidates, k, trace);
    }

    private List<ScoredChunk> select(Query query, List<ScoredChunk> candidates, int limit, TraceSink trace) {
        List<ScoredChunk> pool = ScoredChunk.distinct(candidates);
        if (pool.isEmpty()) {
            return List.of();
        }
        float[] q = query.requireEmbedding();
        int n = pool.size();
        float[][] v = new float[n][];
        double[] relevance = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Candidates.embedding(pool.get(i), "MMR");
            relevance[i] = Vectors.cosine(q, v[i]);
        }
        double[] maxSimToSelected = new double[n];
        boolean[] chosen = new boolean[n];
        List<ScoredChunk> out = new ArrayList<>();
        List<Double> relevances = new ArrayList<>();
        while (out.size() < Math.min(limit, n)) {
            int best = -1;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (chosen[i]) {
                    continue;
                }
                double value = out.isEmpty() ? relevance[i]
                        : lambda * relevance[i] - (1 - lambda) * maxSimToSelected[i];
                if (best < 0 || value > bestValue
                        || (value == bestValue && pool.get(i).id().compareTo(pool.get(best).id()) < 0)) {
                    best = i;
                    bestValue = value;
                }
            }
            double score = out.isEmpty() ? lambda * relevance[best] : bestValue;
            chosen[best] = true;
            out.add(pool.get(best).withScore(score));
            relevances.add(relevance[best]);
            for (int i = 0; i < n; i++) {
                if (!chosen[i]) {
                    double s = Vectors.cosine(v[i], v[best]);
                    maxSimToSelected[i] = out.size() == 1 ? s : Math.max(maxSimToSelected[i], s);
                }
            }
        }
        trace.put("lambda", lambda);
        trace.put("relevance", relevances);
        return out;
    }

    /**
     * Chunks selected.
     *
     * @return k, at least 1
     */
    public int k() {
        return k;
    }

    /**
     * λ.
     *
     * @return λ, in [0, 1]; 1 is relevance only
     */
    public double lambda() {
        return lambda;
    }

    /**
     * Chunks fetched from the index first.
     *
     * @return the number of candidates fetched, at least k
     */
    public int fetchSize() {
        return fetchSize;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "mmr");
        m.put("k", k);
        m.put("lambda", lambda);
        m.put("fetchSize", fetchSize);
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private Integer k;
        private Double lambda;
        private Integer fetchSize;

        private Builder() {
        }

        /**
         * Chunks selected; at least 1; default {@value MmrRetriever#DEFAULT_K}.
         *
         * @param value k
         * @return this builder
         */
        public Builder k(int value) {
            Arguments.checkState(k == null, "k was already set");
            Arguments.check(value >= 1, "k must be at least 1, was %d", value);
            k = value;
            return this;
        }

        /**
         * λ in [0, 1]; 1 = relevance only, 0 = diversity only; default {@value MmrRetriever#DEFAULT_LAMBDA}.
         *
         * @param value λ
         * @return this builder
         */
        public Builder lambda(double value) {
            Arguments.checkState(lambda == null, "lambda was already set");
            Arguments.check(value >= 0 && value <= 1, "lambda must be in [0, 1], was %s", value);
            lambda = value;
            return this;
        }

        /**
         * Candidates fetched from the index; at least k; default {@value MmrRetriever#DEFAULT_FETCH_SIZE}.
         *
         * @param value the number of candidates
         * @return this builder
         */
        public Builder fetchSize(int value) {
            Arguments.checkState(fetchSize == null, "fetchSize was already set");
            Arguments.check(value >= 1, "fetchSize must be at least 1, was %d", value);
            fetchSize = value;
            return this;
        }

        /**
         * The retriever.
         *
         * @return the immutable retriever
         * @throws IllegalArgumentException if the fetch size is below k
         */
        public MmrRetriever build() {
            return new MmrRetriever(this);
        }
    }
}
