package io.github.astrorag.mcts.agent;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One training example of the configuration agent: a query's embedding and what worked best for it.
 *
 * @param queryEmbedding      the query's vector
 * @param bestReranker        the name of the reranker that gave the best quality
 * @param best                the MCTS settings that gave it
 * @param qualityByReranker   the best quality reached with each reranker (by name; may be empty), used to
 *                            keep only contrastive pairs whose preferences really differ
 */
public record AgentExample(float[] queryEmbedding, String bestReranker, AgentSettings best,
                           Map<String, Double> qualityByReranker) {

    /**
     * Copies the embedding and the map, so the example is immutable.
     *
     * @param queryEmbedding the query's vector
     * @param bestReranker the name of the reranker that gave the best quality
     * @param best the MCTS settings that gave it
     * @param qualityByReranker the best quality reached with each reranker (by name; may be empty), used to keep only
     * contrastive pairs whose preferences really differ
     */
    public AgentExample {
        Objects.requireNonNull(queryEmbedding, "queryEmbedding");
        Objects.requireNonNull(bestReranker, "bestReranker");
        Objects.requireNonNull(best, "best");
        queryEmbedding = queryEmbedding.clone();
        qualityByReranker = Collections.unmodifiableMap(new TreeMap<>(qualityByReranker));
    }

    /**
     * The query's vector.
     *
     * @return a copy of the vector
     */
    @Override
    public float[] queryEmbedding() {
        return queryEmbedding.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AgentExample e && Arrays.equals(e.queryEmbedding, queryEmbedding)
                && e.bestReranker.equals(bestReranker) && e.best.equals(best) && e.qualityByReranker.equals(qualityByReranker);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(queryEmbedding), bestReranker, best, qualityByReranker);
    }

    @Override
    public String toString() {
        return "AgentExample[" + bestReranker + ", " + best + ", " + qualityByReranker + "]";
    }
}
