package io.github.astrorag.retrieval.graph;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;

/**
 * PageRank as a prior over the candidates rather than a top-k cut: how much relevance a candidate receives
 * from the candidates that name it or that it names. {@link PersonalizedPageRank} runs over the undirected
 * {@linkplain PageRankReranker.GraphKind#MENTION mention graph} (an edge between two chunks of different
 * documents when one names the other's title or heading), personalised by a vector p the caller gives
 * (the default selector uses the normalised relevance plus 1 for a document the question names). A
 * candidate's prior is what the walk gives it beyond its own restart share,
 *
 * <pre>
 *   prior(i) = max(0, PPR(i) − p(i) / Σ p) / max_j max(0, PPR(j) − p(j) / Σ p)
 * </pre>
 *
 * in [0, 1], and 0 for every candidate when the graph has no edge (a walk with no edge to follow ends
 * where it restarted: PPR = p / Σ p). So the prior adds only what the links add, never a second copy of
 * the relevance already counted. Damping {@value PersonalizedPageRank#DEFAULT_DAMPING}.
 *
 * <p>Used as a term of {@link io.github.astrorag.retrieval.coverage.BridgingCoverageSelector}'s objective
 * (weight ρ there; what it adds is in {@code docs/evaluation.md}). Cost: the mention graph, O(n · names · text), plus
 * O(iterations · (n + m)) for the walk. Stateless.
 */
public final class EvidencePrior {

    private EvidencePrior() {
    }

    /**
     * The prior of each of {@code pool}'s chunks.
     *
     * @param pool distinct candidates
     * @param personalization the restart weight of each candidate, in pool order; finite, ≥ 0, not all 0
     * @return the prior of each candidate in pool order, in [0, 1]
     * @throws IllegalArgumentException if the lengths differ, a weight is negative or not finite, or all are 0
     */
    public static double[] of(List<ScoredChunk> pool, double[] personalization) {
        int n = pool.size();
        Arguments.check(personalization.length == n, "%d weights for %d candidates", personalization.length, n);
        double mass = 0;
        for (double p : personalization) {
            Arguments.check(p >= 0 && Double.isFinite(p), "a personalization weight must be finite and >= 0, was %s", p);
            mass += p;
        }
        Arguments.check(mass > 0 || n == 0, "the personalization weights are all 0");
        double[] out = new double[n];
        Graph<String, DefaultWeightedEdge> graph = MentionGraph.of(pool, false);
        if (graph.edgeSet().isEmpty()) {
            return out;
        }
        Map<String, Double> p = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            p.put(pool.get(i).id(), personalization[i]);
        }
        Map<String, Double> scores = new PersonalizedPageRank<>(graph, p).getScores();
        double max = 0;
        for (int i = 0; i < n; i++) {
            out[i] = Math.max(0, scores.get(pool.get(i).id()) - personalization[i] / mass);
            max = Math.max(max, out[i]);
        }
        for (int i = 0; i < n; i++) {
            out[i] = max > 0 ? out[i] / max : 0;
        }
        return out;
    }
}
