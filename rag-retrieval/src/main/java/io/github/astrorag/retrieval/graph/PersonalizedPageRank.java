package io.github.astrorag.retrieval.graph;

import io.github.astrorag.core.internal.Arguments;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.alg.interfaces.VertexScoringAlgorithm;

/**
 * Personalized PageRank (Haveliwala, "Topic-Sensitive PageRank", WWW 2002; Page, Brin et al., 1998) as a
 * JGraphT {@link VertexScoringAlgorithm}: the stationary distribution of a walk that follows an out-edge
 * with probability d (chosen in proportion to edge weight when the graph is weighted) and otherwise
 * jumps to a vertex drawn from the personalization vector p. A dangling vertex (no out-edge, or in a weighted graph
 * out-edges of total weight 0) sends all its mass by p. One power-iteration step is
 *
 * <pre>
 *   x'(v) = p(v) · [ (1 − d) · Σ_{u not dangling} x(u) + Σ_{u dangling} x(u) ] + d · Σ_{(u,v)} x(u) · w(u,v) / W(u)
 * </pre>
 *
 * with W(u) the total weight (or, unweighted, the number) of u's out-edges. It starts from p and stops
 * after {@code maxIterations} steps or when no score moved by {@code tolerance} or more. With a uniform
 * p this is JGraphT's {@link org.jgrapht.alg.scoring.PageRank} (same start, step, stopping rule and
 * conventions: an undirected edge leads both ways), except for an undirected self-loop in an unweighted graph,
 * where JGraphT 1.5.3's scores stop being a distribution (its in-neighbour array counts the loop twice);
 * here such a loop is one way out, like any edge. Scores sum to 1.
 *
 * <p>AstroRAG (the paper) ranks retrieved chunks with it on a similarity graph, personalised by
 * query–chunk similarity: see {@link PageRankReranker}.
 *
 * <p>Defaults (as JGraphT's): damping {@value #DEFAULT_DAMPING}, {@value #DEFAULT_MAX_ITERATIONS}
 * iterations, tolerance {@value #DEFAULT_TOLERANCE}. Each iteration costs O(n + m); memory O(n + m).
 * Scores are computed once, on first request, and cached; not thread-safe while computing (as JGraphT's
 * algorithms), the graph must not change meanwhile.
 *
 * @param <V> the vertex type
 * @param <E> the edge type
 */
public final class PersonalizedPageRank<V, E> implements VertexScoringAlgorithm<V, Double> {

    /** Probability of following an edge rather than jumping. */
    public static final double DEFAULT_DAMPING = 0.85;
    /** Most power-iteration steps. */
    public static final int DEFAULT_MAX_ITERATIONS = 100;
    /** Stop when no score changes by this much or more in one step. */
    public static final double DEFAULT_TOLERANCE = 0.0001;

    private final Graph<V, E> graph;
    private final Map<V, Double> personalization;
    private final double damping;
    private final int maxIterations;
    private final double tolerance;
    private Map<V, Double> scores;
    private int iterations;

    /**
     * Uniform personalization (plain PageRank) with the defaults.
     *
     * @param graph the graph; not modified
     */
    public PersonalizedPageRank(Graph<V, E> graph) {
        this(graph, Map.of(), DEFAULT_DAMPING, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE);
    }

    /**
     * The given personalization with the defaults.
     *
     * @param graph the graph; not modified
     * @param personalization the teleport weight of each vertex (normalised to sum 1); empty for uniform
     */
    public PersonalizedPageRank(Graph<V, E> graph, Map<V, Double> personalization) {
        this(graph, personalization, DEFAULT_DAMPING, DEFAULT_MAX_ITERATIONS, DEFAULT_TOLERANCE);
    }

    /**
     * Personalized PageRank.
     *
     * @param graph           the graph; directed or undirected, weighted or not
     * @param personalization non-negative finite weights of graph vertices, normalised here to sum 1;
     *                        a vertex left out gets 0; an empty map means uniform
     * @param damping         in [0, 1]
     * @param maxIterations   at least 1
     * @param tolerance       positive
     * @throws IllegalArgumentException naming the bad value: a damping, iteration count or tolerance
     *         out of range, a weight that is negative or not finite, a personalized vertex not in the graph,
     *         or weights that are all zero
     */
    public PersonalizedPageRank(Graph<V, E> graph, Map<V, Double> personalization, double damping,
                                int maxIterations, double tolerance) {
        this.graph = Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(personalization, "personalization");
        Arguments.check(damping >= 0 && damping <= 1, "damping must be in [0, 1], was %s", damping);
        Arguments.check(maxIterations >= 1, "maxIterations must be at least 1, was %d", maxIterations);
        Arguments.check(tolerance > 0 && Double.isFinite(tolerance),
                "tolerance must be positive and finite, was %s", tolerance);
        double sum = 0;
        for (Map.Entry<V, Double> e : personalization.entrySet()) {
            Arguments.check(graph.containsVertex(e.getKey()),
                    "personalized vertex %s is not in the graph", e.getKey());
            double w = Objects.requireNonNull(e.getValue(), "personalization weight");
            Arguments.check(w >= 0 && Double.isFinite(w),
                    "personalization weight of %s must be finite and >= 0, was %s", e.getKey(), w);
            sum += w;
        }
        Arguments.check(personalization.isEmpty() || sum > 0,
                "personalization weights sum to 0: give some vertex a positive weight, or none for uniform");
        // a copy in the caller's order: Map.copyOf's iteration order changes from one JVM run to the next
        this.personalization = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(personalization));
        this.damping = damping;
        this.maxIterations = maxIterations;
        this.tolerance = tolerance;
    }

    @Override
    public Map<V, Double> getScores() {
        if (scores == null) {
            scores = Collections.unmodifiableMap(compute());
        }
        return scores;
    }

    @Override
    public Double getVertexScore(V v) {
        if (!graph.containsVertex(v)) {
            throw new IllegalArgumentException("no vertex " + v + " in the graph");
        }
        return getScores().get(v);
    }

    /**
     * How many power-iteration steps the computation took (computing the scores if needed).
     *
     * @return the number of iterations, at most {@link #maxIterations()}
     */
    public int iterations() {
        getScores();
        return iterations;
    }

    private Map<V, Double> compute() {
        int n = graph.vertexSet().size();
        Map<V, Double> out = new HashMap<>();
        if (n == 0) {
            return out;
        }
        @SuppressWarnings("unchecked")
        V[] vertices = (V[]) graph.vertexSet().toArray();
        Map<V, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(vertices[i], i);
        }
        boolean weighted = graph.getType().isWeighted();
        double[] p = new double[n];
        // summed in the graph's vertex order, so that the scores are the same bits whatever the map's order
        double total = 0;
        for (int i = 0; i < n; i++) {
            total += personalization.getOrDefault(vertices[i], 0.0);
        }
        for (int i = 0; i < n; i++) {
            p[i] = personalization.isEmpty() ? 1.0 / n : personalization.getOrDefault(vertices[i], 0.0) / total;
        }
        // In-edges of each vertex, and each vertex's out-weight summed over the same edge enumeration, so
        // that the mass a vertex sends is exactly what its neighbours receive (also for self-loops).
        int[][] sources = new int[n][];
        double[][] shares = new double[n][];
        double[] outWeight = new double[n];
        for (int i = 0; i < n; i++) {
            V v = vertices[i];
            List<E> in = List.copyOf(graph.incomingEdgesOf(v));
            sources[i] = new int[in.size()];
            shares[i] = new double[in.size()];
            for (int j = 0; j < in.size(); j++) {
                E e = in.get(j);
                int u = index.get(Graphs.getOppositeVertex(graph, e, v));
                sources[i][j] = u;
                shares[i][j] = weighted ? graph.getEdgeWeight(e) : 1.0;
                outWeight[u] += shares[i][j];
            }
        }
        boolean[] dangling = new boolean[n];
        for (int u = 0; u < n; u++) {
            dangling[u] = outWeight[u] <= 0;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < sources[i].length; j++) {
                int u = sources[i][j];
                shares[i][j] = dangling[u] ? 0 : shares[i][j] / outWeight[u];
            }
        }
        double[] x = p.clone();
        double[] next = new double[n];
        iterations = 0;
        double change = Double.POSITIVE_INFINITY;
        while (iterations < maxIterations && change >= tolerance) {
            double jump = 0;
            for (int u = 0; u < n; u++) {
                jump += dangling[u] ? x[u] : (1 - damping) * x[u];
            }
            change = 0;
            for (int i = 0; i < n; i++) {
                double walk = 0;
                for (int j = 0; j < sources[i].length; j++) {
                    walk += damping * x[sources[i][j]] * shares[i][j];
                }
                next[i] = p[i] * jump + walk;
                change = Math.max(change, Math.abs(next[i] - x[i]));
            }
            double[] t = x;
            x = next;
            next = t;
            iterations++;
        }
        for (int i = 0; i < n; i++) {
            out.put(vertices[i], x[i]);
        }
        return out;
    }

    /**
     * The damping factor.
     *
     * @return the damping factor, in [0, 1]; default {@value #DEFAULT_DAMPING}
     */
    public double damping() {
        return damping;
    }

    /**
     * The most iterations.
     *
     * @return the maximum number of iterations; default {@value #DEFAULT_MAX_ITERATIONS}
     */
    public int maxIterations() {
        return maxIterations;
    }

    /**
     * The tolerance.
     *
     * @return the tolerance; default {@value #DEFAULT_TOLERANCE}
     */
    public double tolerance() {
        return tolerance;
    }
}
