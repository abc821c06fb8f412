/**
 * <b>Internal: no part of the API.</b> rag-retrieval's contribution to the registry of parts by name (retrievers,
 * rerankers, selectors, the evidence scorer), found through {@code META-INF/services}.
 */
package io.github.astrorag.retrieval.internal.parts;
