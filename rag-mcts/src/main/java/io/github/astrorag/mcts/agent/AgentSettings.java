package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.mcts.MctsContextSelector;

/**
 * MCTS settings the configuration agent learns to predict.
 *
 * @param iterations  MCTS iterations, 1 to {@value MctsContextSelector#MAX_ITERATIONS}
 * @param costWeight  λ, 0 to {@value MctsContextSelector#MAX_WEIGHT}
 * @param exploration c, 0 to {@value MctsContextSelector#MAX_WEIGHT}
 */
public record AgentSettings(int iterations, double costWeight, double exploration) {

    /**
     * Checks the ranges.
     *
     * @param iterations MCTS iterations, 1 to {@value MctsContextSelector#MAX_ITERATIONS}
     * @param costWeight λ, 0 to {@value MctsContextSelector#MAX_WEIGHT}
     * @param exploration c, 0 to {@value MctsContextSelector#MAX_WEIGHT}
     * @throws IllegalArgumentException naming a value out of range
     */
    public AgentSettings {
        Arguments.check(iterations >= 1 && iterations <= MctsContextSelector.MAX_ITERATIONS,
                "iterations must be between 1 and %d, was %d", MctsContextSelector.MAX_ITERATIONS, iterations);
        Arguments.check(costWeight >= 0 && costWeight <= MctsContextSelector.MAX_WEIGHT,
                "cost weight lambda must be between 0 and %s, was %s", MctsContextSelector.MAX_WEIGHT, costWeight);
        Arguments.check(exploration >= 0 && exploration <= MctsContextSelector.MAX_WEIGHT,
                "exploration constant c must be between 0 and %s, was %s", MctsContextSelector.MAX_WEIGHT, exploration);
    }

    /**
     * The paper's defaults: 10 iterations, λ = 0.1, c = 2.4.
     *
     * @return the defaults of {@link MctsContextSelector}
     */
    public static AgentSettings defaults() {
        return new AgentSettings(MctsContextSelector.DEFAULT_ITERATIONS, MctsContextSelector.DEFAULT_COST_WEIGHT,
                MctsContextSelector.DEFAULT_EXPLORATION);
    }

    /**
     * {@code base} with these settings.
     *
     * @param base the selector whose scorer, seed, counter and executor are kept
     * @return a new selector with these iterations, cost weight and exploration constant
     */
    public MctsContextSelector applyTo(MctsContextSelector base) {
        return base.toBuilder().iterations(iterations).costWeight(costWeight).exploration(exploration).build();
    }
}
