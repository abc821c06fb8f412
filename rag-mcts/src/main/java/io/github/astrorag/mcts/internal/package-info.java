/**
 * <b>Internal: no part of the API.</b> What rag-mcts's selectors share beyond their package: the library's own
 * daemon pool for combination scoring ({@link io.github.astrorag.mcts.internal.ScoringExecutors}), the default of
 * every selector's {@code executor}. Public only so that the module's packages can use it; user code must not (an
 * architecture test keeps the rule), and any release may change it.
 */
package io.github.astrorag.mcts.internal;
