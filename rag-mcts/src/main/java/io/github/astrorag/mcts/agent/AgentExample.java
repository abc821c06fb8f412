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
 * @param bestScorer        the name of the scorer that gave the best quality
 * @param best                the MCTS settings that gave it
 * @param qualityByScorer   the best quality reached with each scorer (by name; may be empty), used to
 *                            keep only contrastive pairs whose preferences really differ
 */
public record AgentExample(float[] queryEmbedding, String bestScorer, AgentSettings best,
                           Map<String, Double> qualityByScorer) {

    /**
     * Copies the embedding and the map, so the example is immutable.
     *
     * @param queryEmbedding the query's vector
     * @param bestScorer the name of the scorer that gave the best quality
     * @param best the MCTS settings that gave it
     * @param qualityByScorer the best quality reached with each scorer (by name; may be empty), used to keep only
     * contrastive pairs whose preferences really differ
     */
    public AgentExample {
        Objects.requireNonNull(queryEmbedding, "queryEmbedding");
        Objects.requireNonNull(bestScorer, "bestScorer");
        Objects.requireNonNull(best, "best");
        queryEmbedding = queryEmbedding.clone();
        qualityByScorer = Collections.unmodifiableMap(new TreeMap<>(qualityByScorer));
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
                && e.bestScorer.equals(bestScorer) && e.best.equals(best) && e.qualityByScorer.equals(qualityByScorer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(queryEmbedding), bestScorer, best, qualityByScorer);
    }

    @Override
    public String toString() {
        return "AgentExample[" + bestScorer + ", " + best + ", " + qualityByScorer + "]";
    }
}
