package io.github.astrorag.mcts.agent;

import java.util.Objects;

/**
 * What the configuration agent chose for one query.
 *
 * @param scorer the name of the combination scorer to use, one of the agent's names
 * @param settings the MCTS settings
 */
public record AgentDecision(String scorer, AgentSettings settings) {

    /**
     * Checks that neither component is {@code null}.
     *
     * @param scorer the name of the combination scorer to use, one of the agent's names
     * @param settings the MCTS settings
     */
    public AgentDecision {
        Objects.requireNonNull(scorer, "scorer");
        Objects.requireNonNull(settings, "settings");
    }

    /**
     * MCTS iterations.
     *
     * @return the iterations of {@link #settings()}
     */
    public int iterations() {
        return settings.iterations();
    }

    /**
     * λ.
     *
     * @return the cost weight λ of {@link #settings()}
     */
    public double costWeight() {
        return settings.costWeight();
    }

    /**
     * c.
     *
     * @return the exploration constant c of {@link #settings()}
     */
    public double exploration() {
        return settings.exploration();
    }
}
