package io.github.astrorag.mcts.score;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cheap combination scorer: no model call, no new embedding. For an ordered combination
 * c<sub>0</sub>…c<sub>k−1</sub>:
 * <pre>
 * S = w_rel · Σ p^i·rel(c_i) / Σ p^i  +  w_cov · Σ_{t ∈ Q ∩ ∪terms(c_i)} idf(t) / Σ_{t ∈ Q} idf(t)
 *     − w_red · max_{i&lt;j} max(0, cos(e_i, e_j))
 * </pre>
 * where rel is the candidate's own score min-max normalised over the pool (relevance of the members,
 * weighted by position with decay p, so that putting the most relevant chunk first scores higher and
 * order matters a little), Q the question's terms (by the scorer's {@link TermAnalyzer}, the analysis query-coverage
 * selection and BM25 use; with a pool, only those some candidate holds, as the coverage selector counts them), idf(t) = ln(1 + n / (1 + df(t))) over the n pooled candidates, and e the members'
 * embeddings (redundancy; 0 when a chunk has none). The coverage term rewards a set that together answers more of the question,
 * the relevance mean and the redundancy penalty make the value <em>non-monotone</em>: a weak or
 * repetitive chunk lowers it.
 *
 * <p>It is the default scorer because it needs no model: its cost is term counting and dot products, where
 * {@link ConcatenationEmbeddingScorer} embeds every combination and {@link RerankerCombinationScorer} calls
 * a reranker per batch. Coverage carries the value; a large redundancy weight makes the search stop at one
 * chunk. How it compares with the other scorers is in {@code docs/evaluation.md}.
 *
 * <p>Defaults: w_rel = {@value #DEFAULT_RELEVANCE_WEIGHT}, w_cov = {@value #DEFAULT_COVERAGE_WEIGHT},
 * w_red = {@value #DEFAULT_REDUNDANCY_WEIGHT}, p = {@value #DEFAULT_POSITION_DECAY}. Without
 * {@link #prepare} the raw candidate scores and idf = 1 are used. Cost per combination: O(k·|Q| + k²·d).
 * Immutable and thread-safe.
 */
public final class QueryCoverageScorer implements CombinationScorer {

    /** Weight of the members' position-weighted relevance. */
    public static final double DEFAULT_RELEVANCE_WEIGHT = 0.1;
    /** Weight of the idf-weighted coverage of the question's terms. */
    public static final double DEFAULT_COVERAGE_WEIGHT = 1.0;
    /** Weight of the redundancy penalty. */
    public static final double DEFAULT_REDUNDANCY_WEIGHT = 0.1;
    /** Decay of the relevance weight per position. */
    public static final double DEFAULT_POSITION_DECAY = 0.9;

    private static final QueryCoverageScorer DEFAULTS = builder().build();

    private final double relevanceWeight;
    private final double coverageWeight;
    private final double redundancyWeight;
    private final double positionDecay;
    private final TermAnalyzer analyzer;

    private QueryCoverageScorer(Builder b) {
        this.relevanceWeight = b.relevanceWeight == null ? DEFAULT_RELEVANCE_WEIGHT : b.relevanceWeight;
        this.coverageWeight = b.coverageWeight == null ? DEFAULT_COVERAGE_WEIGHT : b.coverageWeight;
        this.redundancyWeight = b.redundancyWeight == null ? DEFAULT_REDUNDANCY_WEIGHT : b.redundancyWeight;
        this.positionDecay = b.positionDecay == null ? DEFAULT_POSITION_DECAY : b.positionDecay;
        this.analyzer = b.analyzer == null ? EnglishTermAnalyzer.defaults() : b.analyzer;
    }

    /**
     * The default weights.
     *
     * @return the default scorer
     */
    public static QueryCoverageScorer defaults() {
        return DEFAULTS;
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
    public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
        return new Bound(query, null).scoreAll(query, combinations);
    }

    @Override
    public CombinationScorer prepare(Query query, List<ScoredChunk> candidates) {
        return new Bound(query, candidates);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "query-coverage");
        m.put("relevanceWeight", relevanceWeight);
        m.put("coverageWeight", coverageWeight);
        m.put("redundancyWeight", redundancyWeight);
        m.put("positionDecay", positionDecay);
        return m;
    }

    /** The scorer bound to one query and, optionally, its candidate pool. */
    private final class Bound implements CombinationScorer {
        private final String queryText;
        private final Map<String, Double> idf = new HashMap<>();
        private final double idfTotal;
        private final Map<String, Set<String>> terms = new ConcurrentHashMap<>();
        private final double minScore;
        private final double scoreRange;
        private final boolean normalised;

        Bound(Query query, List<ScoredChunk> pool) {
            this.queryText = query.text();
            Set<String> queryTerms = new LinkedHashSet<>(analyzer.terms(query.text()));
            double min = 0;
            double range = 1;
            if (pool != null && !pool.isEmpty()) {
                Map<String, Integer> df = new HashMap<>();
                Set<String> seen = new HashSet<>();
                min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                for (ScoredChunk c : pool) {
                    if (seen.add(c.id())) {
                        for (String t : termsOf(c)) {
                            if (queryTerms.contains(t)) {
                                df.merge(t, 1, Integer::sum);
                            }
                        }
                        min = Math.min(min, c.score());
                        max = Math.max(max, c.score());
                    }
                }
                range = max > min ? max - min : 0;
                int n = seen.size();
                // only the question's terms that some candidate holds: a term no candidate has cannot be covered by
                // any combination, and with the largest idf it would only shrink the coverage term against relevance
                for (String t : queryTerms) {
                    if (df.containsKey(t)) {
                        idf.put(t, Math.log(1 + n / (1.0 + df.get(t))));
                    }
                }
            } else {
                queryTerms.forEach(t -> idf.put(t, 1.0));
            }
            this.minScore = min;
            this.scoreRange = range;
            this.normalised = pool != null && !pool.isEmpty();
            this.idfTotal = idf.values().stream().mapToDouble(Double::doubleValue).sum();
        }

        private Set<String> termsOf(ScoredChunk c) {
            return terms.computeIfAbsent(c.id(), id -> new HashSet<>(analyzer.terms(c.chunk().text())));
        }

        private double relevance(ScoredChunk c) {
            if (!normalised) {
                return c.score();
            }
            return scoreRange == 0 ? 1.0 : (c.score() - minScore) / scoreRange;
        }

        @Override
        public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
            if (!query.text().equals(queryText)) {
                throw new IllegalArgumentException("this scorer was prepared for another query");
            }
            double[] out = new double[combinations.size()];
            for (int k = 0; k < combinations.size(); k++) {
                out[k] = scoreOne(combinations.get(k));
            }
            return out;
        }

        private double scoreOne(List<ScoredChunk> combination) {
            CombinationScorer.requireNonEmpty(combination);
            double weighted = 0;
            double weights = 0;
            double w = 1;
            Set<String> covered = new HashSet<>();
            double redundancy = 0;
            for (int i = 0; i < combination.size(); i++) {
                ScoredChunk c = combination.get(i);
                weighted += w * relevance(c);
                weights += w;
                w *= positionDecay;
                for (String t : termsOf(c)) {
                    if (idf.containsKey(t)) {
                        covered.add(t);
                    }
                }
                float[] e = c.embedding();
                if (e != null && redundancyWeight > 0) {
                    for (int j = 0; j < i; j++) {
                        float[] f = combination.get(j).embedding();
                        if (f != null && f.length == e.length) {
                            redundancy = Math.max(redundancy, Vectors.cosine(e, f));
                        }
                    }
                }
            }
            double coverage = 0;
            if (idfTotal > 0) {
                for (String t : covered) {
                    coverage += idf.get(t);
                }
                coverage /= idfTotal;
            }
            return relevanceWeight * weighted / weights + coverageWeight * coverage - redundancyWeight * redundancy;
        }

        @Override
        public Map<String, Object> describe() {
            return QueryCoverageScorer.this.describe();
        }
    }

    /**
     * Fail-fast builder: each weight in [0, 10], the decay in (0, 1], else {@link IllegalArgumentException}; each
     * setting at most once, else {@link IllegalStateException}.
     */
    public static final class Builder {
        private Double relevanceWeight;
        private Double coverageWeight;
        private Double redundancyWeight;
        private Double positionDecay;
        private TermAnalyzer analyzer;

        private Builder() {
        }

        private static Double weight(Double current, String name, double value) {
            Arguments.checkState(current == null, "%s was already set", name);
            Arguments.check(value >= 0 && value <= 10, "%s must be between 0 and 10, was %s", name, value);
            return value;
        }

        /**
         * Weight of relevance; default {@value #DEFAULT_RELEVANCE_WEIGHT}.
         *
         * @param value the relevance weight
         * @return this builder
         */
        public Builder relevanceWeight(double value) {
            relevanceWeight = weight(relevanceWeight, "relevanceWeight", value);
            return this;
        }

        /**
         * Weight of coverage; default {@value #DEFAULT_COVERAGE_WEIGHT}.
         *
         * @param value the coverage weight
         * @return this builder
         */
        public Builder coverageWeight(double value) {
            coverageWeight = weight(coverageWeight, "coverageWeight", value);
            return this;
        }

        /**
         * Weight of the redundancy penalty; default {@value #DEFAULT_REDUNDANCY_WEIGHT}.
         *
         * @param value the redundancy weight
         * @return this builder
         */
        public Builder redundancyWeight(double value) {
            redundancyWeight = weight(redundancyWeight, "redundancyWeight", value);
            return this;
        }

        /**
         * Relevance weight decay per position, in (0, 1]; 1 makes order irrelevant; default {@value
         * #DEFAULT_POSITION_DECAY}.
         *
         * @param value the decay factor
         * @return this builder
         */
        public Builder positionDecay(double value) {
            Arguments.checkState(positionDecay == null, "positionDecay was already set");
            Arguments.check(value > 0 && value <= 1, "positionDecay must be in (0, 1], was %s", value);
            positionDecay = value;
            return this;
        }

        /**
         * The terms the coverage counts; default {@link EnglishTermAnalyzer#defaults()}.
         *
         * @param value the analyzer
         * @return this builder
         * @throws IllegalStateException if already set
         */
        public Builder analyzer(TermAnalyzer value) {
            Arguments.checkState(analyzer == null, "analyzer was already set");
            analyzer = Objects.requireNonNull(value, "analyzer");
            return this;
        }

        /**
         * The scorer.
         *
         * @return the immutable scorer
         */
        public QueryCoverageScorer build() {
            return new QueryCoverageScorer(this);
        }
    }
}
