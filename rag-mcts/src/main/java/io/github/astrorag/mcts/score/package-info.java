/**
 * {@link io.github.astrorag.core.spi.CombinationScorer} implementations: the cheap
 * {@link io.github.astrorag.mcts.score.QueryCoverageScorer} (the default: no model call), the embedding of
 * the concatenation ({@link io.github.astrorag.mcts.score.ConcatenationEmbeddingScorer}, as CORAG does) and
 * an adapter for any core reranker ({@link io.github.astrorag.mcts.score.RerankerCombinationScorer}).
 */
package io.github.astrorag.mcts.score;
