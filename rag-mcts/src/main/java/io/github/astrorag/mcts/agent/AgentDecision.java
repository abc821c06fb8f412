package io.github.astrorag.mcts.agent;

import java.util.Objects;

/**
 * What the configuration agent chose for one query.
 *
 * @param reranker the name of the reranker (combination scorer) to use, one of the agent's names
 * @param settings the MCTS settings
 */
public record AgentDecision(String reranker, AgentSettings settings) {

    public AgentDecision {
        Objects.requireNonNull(reranker, "reranker");
        Objects.requireNonNull(settings, "settings");
    }

    /** MCTS iterations. */
    public int iterations() {
        return settings.iterations();
    }

    /** λ. */
    public double costWeight() {
        return settings.costWeight();
    }

    /** c. */
    public double exploration() {
        return settings.exploration();
    }
}
