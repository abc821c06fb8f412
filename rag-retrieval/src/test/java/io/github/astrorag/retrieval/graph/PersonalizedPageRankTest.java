package io.github.astrorag.retrieval.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.Random;
import org.jgrapht.Graph;
import org.jgrapht.alg.scoring.PageRank;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DefaultUndirectedGraph;
import org.jgrapht.graph.DefaultUndirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedGraph;
import org.junit.jupiter.api.Test;

class PersonalizedPageRankTest {

    private static <V, E> void assertSameAsJGraphT(Graph<V, E> g, double tolerance) {
        Map<V, Double> expected = new PageRank<>(g, 0.85, 100, tolerance).getScores();
        Map<V, Double> actual = new PersonalizedPageRank<>(g, Map.of(), 0.85, 100, tolerance).getScores();
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((v, s) -> assertThat(actual.get(v)).as("vertex %s", v).isCloseTo(s, within(1e-9)));
        // an explicit uniform vector, with any positive scale, is the same as none
        Map<V, Double> uniform = new java.util.HashMap<>();
        g.vertexSet().forEach(v -> uniform.put(v, 3.0));
        Map<V, Double> scaled = new PersonalizedPageRank<>(g, uniform, 0.85, 100, tolerance).getScores();
        expected.forEach((v, s) -> assertThat(scaled.get(v)).isCloseTo(s, within(1e-9)));
    }

    private static <V, E> void assertSameAsJGraphT(Graph<V, E> g) {
        assertSameAsJGraphT(g, PersonalizedPageRank.DEFAULT_TOLERANCE); // same early stop
        assertSameAsJGraphT(g, 1e-13); // converged
    }

    @Test
    void uniformPersonalizationReproducesJGraphTOnADirectedGraphWithDanglingNodes() {
        Graph<String, DefaultEdge> g = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (String v : new String[] {"a", "b", "c", "d", "e"}) {
            g.addVertex(v);
        }
        g.addEdge("a", "b");
        g.addEdge("a", "c");
        g.addEdge("b", "c");
        g.addEdge("c", "a");
        g.addEdge("d", "c"); // d: no in-edge; e: isolated and dangling
        g.addEdge("b", "b"); // a self-loop
        assertSameAsJGraphT(g);
    }

    @Test
    void uniformPersonalizationReproducesJGraphTOnAnUndirectedGraph() {
        Graph<Integer, DefaultEdge> g = new DefaultUndirectedGraph<>(DefaultEdge.class);
        for (int i = 0; i < 6; i++) {
            g.addVertex(i);
        }
        int[][] edges = {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}};
        for (int[] e : edges) {
            g.addEdge(e[0], e[1]);
        }
        assertSameAsJGraphT(g); // vertex 5 isolated
    }

    @Test
    void uniformPersonalizationReproducesJGraphTOnWeightedGraphs() {
        Graph<String, DefaultWeightedEdge> d = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        Graph<String, DefaultWeightedEdge> u = new DefaultUndirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (String v : new String[] {"a", "b", "c", "d"}) {
            d.addVertex(v);
            u.addVertex(v);
        }
        String[][] edges = {{"a", "b"}, {"a", "c"}, {"b", "c"}, {"c", "a"}, {"c", "d"}};
        double[] weights = {0.9, 0.1, 2.5, 0.3, 1.7};
        for (int i = 0; i < edges.length; i++) {
            d.setEdgeWeight(d.addEdge(edges[i][0], edges[i][1]), weights[i]);
            DefaultWeightedEdge e = u.addEdge(edges[i][0], edges[i][1]);
            if (e != null) { // c–a repeats a–c in the undirected graph
                u.setEdgeWeight(e, weights[i]);
            }
        }
        u.setEdgeWeight(u.addEdge("d", "d"), 0.4); // a weighted undirected self-loop
        assertSameAsJGraphT(d); // d is dangling in the directed graph
        assertSameAsJGraphT(u);
    }

    @Test
    void uniformPersonalizationReproducesJGraphTOnSeededRandomGraphs() {
        Random random = new Random(42);
        for (int round = 0; round < 5; round++) {
            Graph<Integer, DefaultWeightedEdge> g = round % 2 == 0
                    ? new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class)
                    : new DefaultUndirectedWeightedGraph<>(DefaultWeightedEdge.class);
            int n = 30;
            for (int i = 0; i < n; i++) {
                g.addVertex(i);
            }
            for (int i = 0; i < 80; i++) {
                int a = random.nextInt(n);
                int b = random.nextInt(n);
                if (a != b && !g.containsEdge(a, b)) {
                    g.setEdgeWeight(g.addEdge(a, b), 0.05 + random.nextDouble());
                }
            }
            assertSameAsJGraphT(g);
        }
    }

    @Test
    void anUndirectedSelfLoopKeepsTheMassWhole() {
        Graph<Integer, DefaultEdge> g = new DefaultUndirectedGraph<>(DefaultEdge.class);
        g.addVertex(0);
        g.addVertex(1);
        g.addEdge(0, 1);
        g.addEdge(1, 1);
        Map<Integer, Double> s = new PersonalizedPageRank<>(g, Map.of(), 0.85, 1000, 1e-14).getScores();
        assertThat(s.get(0) + s.get(1)).isCloseTo(1.0, within(1e-9));
        // the loop is one of 1's two ways out, so 1 keeps half its walk mass: x1 = 0.075 + 0.85·(x0 + x1/2)
        assertThat(s.get(1)).isCloseTo(0.075 + 0.85 * (s.get(0) + s.get(1) / 2), within(1e-9));
    }

    /**
     * Cycle a→b→c→a, restart at a only, d = 0.5: x_a = 0.5 + 0.5·x_c, x_b = 0.5·x_a, x_c = 0.5·x_b,
     * so x_a = 0.5 / (1 − 0.125) = 4/7, x_b = 2/7, x_c = 1/7.
     */
    @Test
    void scoresAreTheSameBitsWhateverTheOrderOfThePersonalization() {
        // The restart vector is normalised by its sum; a sum taken in a map's iteration order (Map.copyOf's order
        // changes from one JVM run to the next) can differ in the last bit, and a tie between two chunks with it.
        Graph<String, DefaultWeightedEdge> g = new DefaultUndirectedWeightedGraph<>(DefaultWeightedEdge.class);
        String[] v = {"a", "b", "c", "d", "e", "f", "g"};
        for (String x : v) {
            g.addVertex(x);
        }
        for (int i = 0; i < v.length; i++) {
            g.setEdgeWeight(g.addEdge(v[i], v[(i + 1) % v.length]), 0.1 + i / 7.0);
        }
        double[] w = {0.1, 0.7, 0.2, 0.3, 1e-9, 0.6, 0.4};
        Map<String, Double> forward = new java.util.LinkedHashMap<>();
        Map<String, Double> backward = new java.util.LinkedHashMap<>();
        for (int i = 0; i < v.length; i++) {
            forward.put(v[i], w[i]);
            backward.put(v[v.length - 1 - i], w[v.length - 1 - i]);
        }
        Map<String, Double> a = new PersonalizedPageRank<>(g, forward).getScores();
        Map<String, Double> b = new PersonalizedPageRank<>(g, backward).getScores();
        for (String x : v) {
            assertThat(Double.doubleToRawLongBits(b.get(x))).as(x).isEqualTo(Double.doubleToRawLongBits(a.get(x)));
        }
    }

    @Test
    void handComputedCycleRestartingAtOneVertex() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        g.addVertex("a");
        g.addVertex("b");
        g.addVertex("c");
        g.addEdge("a", "b");
        g.addEdge("b", "c");
        g.addEdge("c", "a");
        PersonalizedPageRank<String, DefaultEdge> ppr = new PersonalizedPageRank<>(g, Map.of("a", 1.0), 0.5, 1000, 1e-14);
        assertThat(ppr.getVertexScore("a")).isCloseTo(4.0 / 7, within(1e-9));
        assertThat(ppr.getVertexScore("b")).isCloseTo(2.0 / 7, within(1e-9));
        assertThat(ppr.getVertexScore("c")).isCloseTo(1.0 / 7, within(1e-9));
    }

    /**
     * a→b, a→c, b→c, c dangling; restart at a, d = 0.5. The jump mass J = 0.5·(x_a + x_b) + x_c all goes
     * to a: x_a = J, x_b = 0.5·x_a/2, x_c = 0.5·x_a/2 + 0.5·x_b = 3/8·x_a; the sum 13/8·x_a = 1 gives
     * x_a = 8/13, x_b = 2/13, x_c = 3/13 (and J = 5/13 + 3/13 = 8/13, as it must).
     */
    @Test
    void handComputedDanglingMassFollowsThePersonalization() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        g.addVertex("a");
        g.addVertex("b");
        g.addVertex("c");
        g.addEdge("a", "b");
        g.addEdge("a", "c");
        g.addEdge("b", "c");
        Map<String, Double> s = new PersonalizedPageRank<>(g, Map.of("a", 2.0, "b", 0.0), 0.5, 1000, 1e-14).getScores();
        assertThat(s.get("a")).isCloseTo(8.0 / 13, within(1e-9));
        assertThat(s.get("b")).isCloseTo(2.0 / 13, within(1e-9));
        assertThat(s.get("c")).isCloseTo(3.0 / 13, within(1e-9));
        assertThat(s.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void constructorRejectsBadValuesNamingThem() {
        Graph<String, DefaultEdge> g = new SimpleDirectedGraph<>(DefaultEdge.class);
        g.addVertex("a");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of(), 1.5, 10, 1e-4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.5");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of(), 0.85, 0, 1e-4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxIterations");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of(), 0.85, 10, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of("a", -1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1.0");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of("z", 1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("z");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g, Map.of("a", 0.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sum to 0");
        assertThatThrownBy(() -> new PersonalizedPageRank<>(g).getVertexScore("q"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
