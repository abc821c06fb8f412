/**
 * <b>Internal: no part of the API.</b> rag-mcts's contribution to the registry of parts by name (the searches and the
 * combination scorers), found through {@code META-INF/services}.
 */
package io.github.astrorag.mcts.internal.parts;
