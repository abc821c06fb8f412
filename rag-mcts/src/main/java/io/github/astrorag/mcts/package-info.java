/**
 * CORAG (Wang et al., 2024, "CORAG: A Cost-Constrained Retrieval Optimization System for
 * Retrieval-Augmented Generation"): context selection as a search over ordered chunk combinations under a
 * token budget.
 *
 * <p>{@link io.github.astrorag.mcts.MctsContextSelector} is the Monte Carlo Tree Search with parallel
 * expansion; {@link io.github.astrorag.mcts.GreedyContextSelector} (NaiveRAG) and
 * {@link io.github.astrorag.mcts.ExhaustiveContextSelector} (CORAG Upper) are the baselines it is measured
 * against; all three maximise or approximate the same objective, the {@link io.github.astrorag.core.spi.CombinationScorer}'s
 * value of the whole ordered combination minus λ·tokens/budget, which is <em>non-monotone</em> in the
 * chunks added. The pipeline presets are in rag-presets. Scorers live in
 * {@code io.github.astrorag.mcts.score}, the configuration agent in {@code io.github.astrorag.mcts.agent}.
 */
package io.github.astrorag.mcts;
