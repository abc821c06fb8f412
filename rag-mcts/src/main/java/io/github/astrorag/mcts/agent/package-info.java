/**
 * CORAG's configuration agent: {@link io.github.astrorag.mcts.agent.ConfigAgent} (a Siamese network that
 * predicts the scorer and the MCTS settings from a query's embedding), its training data from
 * {@link io.github.astrorag.mcts.agent.AgentGridSearch}, the whole procedure in
 * {@link io.github.astrorag.mcts.agent.ConfigAgentTrainer} (behind {@code astrorag agent train}), and
 * {@link io.github.astrorag.mcts.agent.AgentMctsSelector}, which applies its decisions per query.
 */
package io.github.astrorag.mcts.agent;
