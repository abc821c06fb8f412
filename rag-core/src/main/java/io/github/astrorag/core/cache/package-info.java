/**
 * Embedding caches: {@link CachingEmbedder} wraps an embedder and looks vectors up by its fingerprint before
 * computing them; {@link InMemoryEmbeddingCache} keeps them for one process, {@link SqliteEmbeddingCache} in a
 * size-capped file shared across runs.
 */
package io.github.astrorag.core.cache;
