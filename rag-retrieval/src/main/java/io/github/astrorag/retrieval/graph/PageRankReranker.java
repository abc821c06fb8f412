package io.github.astrorag.retrieval.graph;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.retrieval.internal.Candidates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * AstroRAG's second retrieval stage: rank the candidates by {@link PersonalizedPageRank} over a graph
 * of the candidates and keep the top {@code pr} (default {@value #DEFAULT_TOP}).
 *
 * <p>The personalization of chunk i is {@code max(0, cos(q, v_i))}, normalised to sum 1 (uniform when
 * every similarity is ≤ 0), so the walk restarts at chunks like the question. The graph is one of
 * {@link GraphKind}:
 * <ul>
 *   <li>{@link GraphKind#COSINE} (the paper's): undirected, an edge between two chunks whose cosine
 *       similarity exceeds τ (default {@value #DEFAULT_THRESHOLD}), weighted by that cosine. The walk
 *       favours chunks like many others (central), which need not be the relevant ones; how it fares is in
 *       {@code docs/evaluation.md}.</li>
 *   <li>{@link GraphKind#MENTION}: directed, an edge of weight 1 from a chunk to every chunk of another
 *       document that the chunk names: its text contains, case-insensitively as whole words, that
 *       document's title ({@code chunk.title()}) or one of its Markdown headings ({@code # ...} lines in
 *       the candidates of that document); a name has at least 3 characters, one a letter
 *       ({@link io.github.astrorag.core.internal.text.Mentions}). Relevance flows from a chunk that is like the question to the
 *       documents it names: the bridge of a multi-hop question.</li>
 * </ul>
 * Damping, iteration limit and tolerance default to {@link PersonalizedPageRank}'s
 * ({@value PersonalizedPageRank#DEFAULT_DAMPING}, {@value PersonalizedPageRank#DEFAULT_MAX_ITERATIONS},
 * {@value PersonalizedPageRank#DEFAULT_TOLERANCE}).
 *
 * <p>The trace gets {@code graph}, {@code edges} (the count), {@code edgeList} (at most
 * {@value #TRACED_EDGES} {@code [from, to, weight]} triples), {@code iterations} and {@code scores}
 * (every candidate's PageRank, best first). Scores of the returned chunks are their PageRank values.
 * Candidates must carry vectors. Cost: O(n² · dim) to build the cosine graph (O(n · names · text) for
 * mentions) plus O(iterations · (n + m)). Immutable and thread-safe; build with {@link #builder()}.
 */
public final class PageRankReranker implements Reranker {

    /** The similarity graph's kind. */
    public enum GraphKind {
        /** Undirected edges between chunks with cosine above τ, weighted by the cosine (the paper's). */
        COSINE,
        /** Directed edges from a chunk to the chunks of each other document whose title or heading it names. */
        MENTION
    }

    /** Chunks kept (the paper's pr). */
    public static final int DEFAULT_TOP = 3;
    /** Cosine above which two chunks are linked (the paper's τ). */
    public static final double DEFAULT_THRESHOLD = 0.01;
    /** The paper's graph. */
    public static final GraphKind DEFAULT_GRAPH = GraphKind.COSINE;
    /** Most edges written to the trace. */
    public static final int TRACED_EDGES = 50;

    private final GraphKind graphKind;
    private final int top;
    private final double threshold;
    private final double damping;
    private final int maxIterations;
    private final double tolerance;

    private PageRankReranker(Builder b) {
        this.graphKind = b.graphKind == null ? DEFAULT_GRAPH : b.graphKind;
        this.top = b.top == null ? DEFAULT_TOP : b.top;
        this.threshold = b.threshold == null ? DEFAULT_THRESHOLD : b.threshold;
        this.damping = b.damping == null ? PersonalizedPageRank.DEFAULT_DAMPING : b.damping;
        this.maxIterations = b.maxIterations == null ? PersonalizedPageRank.DEFAULT_MAX_ITERATIONS : b.maxIterations;
        this.tolerance = b.tolerance == null ? PersonalizedPageRank.DEFAULT_TOLERANCE : b.tolerance;
    }

    /**
     * The paper's settings: cosine graph, τ = 0.01, damping 0.85, top 3.
     *
     * @return the default reranker
     */
    public static PageRankReranker defaults() {
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
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        List<ScoredChunk> pool = ScoredChunk.distinct(candidates);
        if (pool.isEmpty()) {
            return List.of();
        }
        float[] q = query.requireEmbedding();
        Map<String, Double> personalization = new LinkedHashMap<>();
        double mass = 0;
        for (ScoredChunk c : pool) {
            double s = Math.max(0, Vectors.cosine(q, Candidates.embedding(c, "PageRank")));
            personalization.put(c.id(), s);
            mass += s;
        }
        Graph<String, DefaultWeightedEdge> graph = graphKind == GraphKind.COSINE ? cosineGraph(pool) : MentionGraph.of(pool, true);
        PersonalizedPageRank<String, DefaultWeightedEdge> ppr = new PersonalizedPageRank<>(graph,
                mass > 0 ? personalization : Map.of(), damping, maxIterations, tolerance);
        Map<String, Double> scores = ppr.getScores();
        List<ScoredChunk> ranked = new ArrayList<>(pool.size());
        for (ScoredChunk c : pool) {
            ranked.add(c.withScore(scores.get(c.id())));
        }
        ranked.sort(ScoredChunk.BY_SCORE);
        trace.put("graph", graphKind.name().toLowerCase(Locale.ROOT));
        trace.put("edges", graph.edgeSet().size());
        List<List<Object>> edges = new ArrayList<>();
        for (DefaultWeightedEdge e : graph.edgeSet()) {
            if (edges.size() == TRACED_EDGES) {
                break;
            }
            edges.add(List.of(graph.getEdgeSource(e), graph.getEdgeTarget(e), graph.getEdgeWeight(e)));
        }
        trace.put("edgeList", edges);
        trace.put("iterations", ppr.iterations());
        Map<String, Object> traced = new LinkedHashMap<>();
        ranked.forEach(c -> traced.put(c.id(), c.score()));
        trace.put("scores", traced);
        return Candidates.top(ranked, top);
    }

    private Graph<String, DefaultWeightedEdge> cosineGraph(List<ScoredChunk> pool) {
        Graph<String, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        pool.forEach(c -> g.addVertex(c.id()));
        for (int i = 0; i < pool.size(); i++) {
            float[] a = Candidates.embedding(pool.get(i), "PageRank");
            for (int j = i + 1; j < pool.size(); j++) {
                double s = Vectors.cosine(a, Candidates.embedding(pool.get(j), "PageRank"));
                if (s > threshold) {
                    DefaultWeightedEdge e = g.addEdge(pool.get(i).id(), pool.get(j).id());
                    g.setEdgeWeight(e, s);
                }
            }
        }
        return g;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "pagerank");
        m.put("graph", graphKind.name().toLowerCase(Locale.ROOT));
        m.put("top", top);
        if (graphKind == GraphKind.COSINE) {
            m.put("threshold", threshold);
        }
        m.put("damping", damping);
        m.put("maxIterations", maxIterations);
        m.put("tolerance", tolerance);
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private GraphKind graphKind;
        private Integer top;
        private Double threshold;
        private Double damping;
        private Integer maxIterations;
        private Double tolerance;

        private Builder() {
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * The graph; default {@link GraphKind#COSINE}.
         *
         * @param value the graph kind; not {@code null}
         * @return this builder
         */
        public Builder graph(GraphKind value) {
            once(graphKind, "graph");
            graphKind = java.util.Objects.requireNonNull(value, "graph");
            return this;
        }

        /**
         * Chunks kept; at least 1; default {@value PageRankReranker#DEFAULT_TOP}.
         *
         * @param value the number of chunks kept
         * @return this builder
         */
        public Builder top(int value) {
            once(top, "top");
            Arguments.check(value >= 1, "top must be at least 1, was %d", value);
            top = value;
            return this;
        }

        /**
         * The cosine graph's τ, in [-1, 1); default {@value PageRankReranker#DEFAULT_THRESHOLD}.
         *
         * @param value the threshold τ
         * @return this builder
         */
        public Builder threshold(double value) {
            once(threshold, "threshold");
            Arguments.check(value >= -1 && value < 1, "threshold must be in [-1, 1), was %s", value);
            threshold = value;
            return this;
        }

        /**
         * Damping in [0, 1]; default {@value PersonalizedPageRank#DEFAULT_DAMPING}.
         *
         * @param value the damping factor
         * @return this builder
         */
        public Builder damping(double value) {
            once(damping, "damping");
            Arguments.check(value >= 0 && value <= 1, "damping must be in [0, 1], was %s", value);
            damping = value;
            return this;
        }

        /**
         * Most iterations; at least 1; default {@value PersonalizedPageRank#DEFAULT_MAX_ITERATIONS}.
         *
         * @param value the maximum number of iterations
         * @return this builder
         */
        public Builder maxIterations(int value) {
            once(maxIterations, "maxIterations");
            Arguments.check(value >= 1, "maxIterations must be at least 1, was %d", value);
            maxIterations = value;
            return this;
        }

        /**
         * Convergence tolerance; positive; default {@value PersonalizedPageRank#DEFAULT_TOLERANCE}.
         *
         * @param value the tolerance: iteration stops when no score moves by this much or more
         * @return this builder
         */
        public Builder tolerance(double value) {
            once(tolerance, "tolerance");
            Arguments.check(value > 0 && Double.isFinite(value), "tolerance must be positive, was %s", value);
            tolerance = value;
            return this;
        }

        /**
         * The reranker.
         *
         * @return the immutable reranker
         */
        public PageRankReranker build() {
            return new PageRankReranker(this);
        }
    }
}
