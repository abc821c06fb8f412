package io.github.astrorag.retrieval.hybrid;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.language.ScriptLanguageDetector;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Hybrid retrieval: fuses the dense ranking (the index's cosine search on the query embedding) and the
 * lexical one ({@link Bm25Retriever}), each fetched to {@code max(k, fetchSize)} (default
 * {@value #DEFAULT_FETCH_SIZE}), into one ranking, by one of {@link Fusion}:
 * <ul>
 *   <li>{@link Fusion#RRF}, reciprocal-rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009):
 *       {@code score(d) = Σ_lists 1 / (rrfK + rank(d))}, ranks from 1, rrfK = {@value #DEFAULT_RRF_K};
 *       a chunk missing from a list gets nothing from it.</li>
 *   <li>{@link Fusion#WEIGHTED}: each list's scores min-max normalised over that list to [0, 1] (all 1
 *       when a list's scores are all equal), then {@code (1 − w) · dense + w · bm25}, a missing chunk
 *       counting 0 in that list; w, the weight on BM25, defaults to {@value #DEFAULT_BM25_WEIGHT} (the
 *       default preset sets its own, {@code AstroRag.RECOMMENDED_BM25_WEIGHT}).</li>
 * </ul>
 * The lexical ranking is the index's own full-text search when it has one ({@link
 * io.github.astrorag.core.spi.EphemeralIndex#fullTextSearch()}, e.g. Elasticsearch's BM25, so that no chunk
 * leaves the cluster but the fetched ones), else {@link Bm25Retriever} over the index's chunks.
 * Both rankings hold only the chunks the query's metadata filter allows. Returns the top {@code k}, ties by
 * chunk id, each with its vector from the index. Cost: one dense
 * search, one BM25 query, O(f log f) for f fetched. Immutable and thread-safe; made by {@link #rrf()},
 * {@link #weighted()} and {@link #weighted(double)}, or built with {@link #builder()}.
 */
public final class HybridRetriever implements Retriever {

    /** How the two rankings are combined. */
    public enum Fusion {
        /** Reciprocal-rank fusion. */
        RRF,
        /** Weighted sum of min-max-normalised scores. */
        WEIGHTED
    }

    /** Default fusion. */
    public static final Fusion DEFAULT_FUSION = Fusion.RRF;
    /** RRF's rank constant. */
    public static final int DEFAULT_RRF_K = 60;
    /** Weight of BM25 in weighted fusion. */
    public static final double DEFAULT_BM25_WEIGHT = 0.3;
    /** Chunks fetched from each ranking at least. */
    public static final int DEFAULT_FETCH_SIZE = 20;

    private final Fusion fusion;
    private final int rrfK;
    private final double bm25Weight;
    private final int fetchSize;
    private final Bm25Retriever bm25;
    private final Set<String> denseLanguages;
    private final ScriptLanguageDetector detector = new ScriptLanguageDetector();

    private HybridRetriever(Builder b) {
        this.fusion = b.fusion == null ? DEFAULT_FUSION : b.fusion;
        this.rrfK = b.rrfK == null ? DEFAULT_RRF_K : b.rrfK;
        this.bm25Weight = b.bm25Weight == null ? DEFAULT_BM25_WEIGHT : b.bm25Weight;
        this.fetchSize = b.fetchSize == null ? DEFAULT_FETCH_SIZE : b.fetchSize;
        this.bm25 = b.bm25 == null ? new Bm25Retriever() : b.bm25;
        this.denseLanguages = b.denseLanguages == null ? Set.of() : b.denseLanguages;
    }

    /**
     * Reciprocal-rank fusion ({@link Fusion#RRF}) with rank constant {@value #DEFAULT_RRF_K} over
     * {@value #DEFAULT_FETCH_SIZE} candidates from each ranking: what {@link #builder()} builds unchanged.
     *
     * @return the RRF retriever
     */
    public static HybridRetriever rrf() {
        return builder().fusion(Fusion.RRF).build();
    }

    /**
     * Weighted fusion ({@link Fusion#WEIGHTED}) of min-max-normalised scores at the class's BM25 weight
     * {@value #DEFAULT_BM25_WEIGHT}, over {@value #DEFAULT_FETCH_SIZE} candidates from each ranking.
     *
     * @return the weighted-fusion retriever
     */
    public static HybridRetriever weighted() {
        return builder().fusion(Fusion.WEIGHTED).build();
    }

    /**
     * Weighted fusion ({@link Fusion#WEIGHTED}) of min-max-normalised scores,
     * {@code (1 − bm25Weight) · dense + bm25Weight · bm25}, over {@value #DEFAULT_FETCH_SIZE} candidates from
     * each ranking.
     *
     * @param bm25Weight the weight of BM25, in [0, 1]; the dense side gets {@code 1 − bm25Weight}
     * @return the weighted-fusion retriever
     * @throws IllegalArgumentException if {@code bm25Weight} is outside [0, 1]
     */
    public static HybridRetriever weighted(double bm25Weight) {
        return builder().fusion(Fusion.WEIGHTED).bm25Weight(bm25Weight).build();
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
    public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
        Arguments.check(k >= 1, "k must be at least 1, was %d", k);
        int fetch = Math.max(k, fetchSize);
        List<ScoredChunk> lexical = index.fullTextSearch()
                .map(engine -> engine.textSearch(query.text(), fetch, query.filter()))
                .orElseGet(() -> bm25.retrieve(query, index, fetch));
        String language = detector.unreadLanguage(query.text(), denseLanguages);
        if (language != null) {
            // the embedder does not read the question's language: its cosine would only add noise to the fusion
            trace.put("fusion", "lexical only");
            trace.put("language", language);
            trace.put("denseLanguages", List.copyOf(new TreeSet<>(denseLanguages)));
            trace.put("bm25", lexical.stream().map(ScoredChunk::id).toList());
            return lexical.size() > k ? List.copyOf(lexical.subList(0, k)) : lexical;
        }
        List<ScoredChunk> dense = index.search(query.requireEmbedding(), fetch, query.filter());
        List<ScoredChunk> fused = fuse(dense, lexical);
        trace.put("fusion", fusion.name().toLowerCase(Locale.ROOT));
        trace.put("dense", dense.stream().map(ScoredChunk::id).toList());
        trace.put("bm25", lexical.stream().map(ScoredChunk::id).toList());
        return fused.size() > k ? List.copyOf(fused.subList(0, k)) : fused;
    }

    /**
     * The fused ranking of two rankings (each best first), all chunks of both, best first, ties by id;
     * each chunk keeps the vector of its first appearance (dense first).
     *
     * @param dense the dense ranking, best first
     * @param lexical the lexical ranking, best first
     * @return a new list of the distinct chunks of both, best first; O((d + l) log(d + l))
     */
    public List<ScoredChunk> fuse(List<ScoredChunk> dense, List<ScoredChunk> lexical) {
        Map<String, ScoredChunk> chunks = new LinkedHashMap<>();
        Map<String, Double> score = new LinkedHashMap<>();
        List<List<ScoredChunk>> lists = List.of(dense, lexical);
        for (int l = 0; l < 2; l++) {
            List<ScoredChunk> list = lists.get(l);
            double weight = l == 0 ? 1 - bm25Weight : bm25Weight;
            double min = list.stream().mapToDouble(ScoredChunk::score).min().orElse(0);
            double max = list.stream().mapToDouble(ScoredChunk::score).max().orElse(0);
            for (int r = 0; r < list.size(); r++) {
                ScoredChunk c = list.get(r);
                chunks.putIfAbsent(c.id(), c);
                double part = fusion == Fusion.RRF
                        ? 1.0 / (rrfK + r + 1)
                        : weight * (max > min ? (c.score() - min) / (max - min) : 1.0);
                score.merge(c.id(), part, Double::sum);
            }
        }
        List<ScoredChunk> out = new ArrayList<>(chunks.size());
        chunks.forEach((id, c) -> out.add(c.withScore(score.get(id))));
        out.sort(ScoredChunk.BY_SCORE);
        return out;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "hybrid");
        m.put("fusion", fusion.name().toLowerCase(Locale.ROOT));
        if (fusion == Fusion.RRF) {
            m.put("rrfK", rrfK);
        } else {
            m.put("bm25Weight", bm25Weight);
        }
        m.put("fetchSize", fetchSize);
        m.put("bm25", bm25.describe());
        if (!denseLanguages.isEmpty()) {
            m.put("denseLanguages", List.copyOf(new TreeSet<>(denseLanguages)));
        }
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private Fusion fusion;
        private Integer rrfK;
        private Double bm25Weight;
        private Integer fetchSize;
        private Bm25Retriever bm25;
        private Set<String> denseLanguages;

        private Builder() {
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * The fusion; default {@link Fusion#RRF}.
         *
         * @param value the fusion; not {@code null}
         * @return this builder
         */
        public Builder fusion(Fusion value) {
            once(fusion, "fusion");
            fusion = Objects.requireNonNull(value, "fusion");
            return this;
        }

        /**
         * RRF's rank constant; at least 0; default {@value HybridRetriever#DEFAULT_RRF_K}.
         *
         * @param value the rank constant k
         * @return this builder
         */
        public Builder rrfK(int value) {
            once(rrfK, "rrfK");
            Arguments.check(value >= 0, "rrfK must be at least 0, was %d", value);
            rrfK = value;
            return this;
        }

        /**
         * Weight on BM25 in weighted fusion, in [0, 1]; default {@value HybridRetriever#DEFAULT_BM25_WEIGHT}.
         *
         * @param value the weight of BM25; the dense side gets {@code 1 - value}
         * @return this builder
         */
        public Builder bm25Weight(double value) {
            once(bm25Weight, "bm25Weight");
            Arguments.check(value >= 0 && value <= 1, "bm25Weight must be in [0, 1], was %s", value);
            bm25Weight = value;
            return this;
        }

        /**
         * Chunks fetched from each ranking at least; at least 1; default {@value HybridRetriever#DEFAULT_FETCH_SIZE}.
         *
         * @param value the number of chunks fetched from each ranking
         * @return this builder
         */
        public Builder fetchSize(int value) {
            once(fetchSize, "fetchSize");
            Arguments.check(value >= 1, "fetchSize must be at least 1, was %d", value);
            fetchSize = value;
            return this;
        }

        /**
         * The lexical side; default {@link Bm25Retriever} with k1 = 1.2, b = 0.75.
         *
         * @param value the lexical retriever; not {@code null}
         * @return this builder
         */
        public Builder bm25(Bm25Retriever value) {
            once(bm25, "bm25");
            bm25 = Objects.requireNonNull(value, "bm25");
            return this;
        }

        /**
         * The languages the dense side's embedder reads ({@link io.github.astrorag.core.spi.Embedder#languages()}):
         * a question whose script says another language (Thai, Chinese, Arabic, ... for an English model; read by
         * {@link ScriptLanguageDetector}, which reads any Latin script as English) is ranked by the lexical side
         * alone, so the fusion is never worse than BM25 for a language the embedding does not read. Default empty:
         * every question is fused.
         *
         * @param value BCP 47 codes, such as {@code en}; empty for all
         * @return this builder
         */
        public Builder denseLanguages(Set<String> value) {
            once(denseLanguages, "denseLanguages");
            denseLanguages = Set.copyOf(value);
            return this;
        }

        /**
         * The retriever.
         *
         * @return the immutable retriever
         */
        public HybridRetriever build() {
            return new HybridRetriever(this);
        }
    }
}
