/**
 * Embedders and vector helpers: the deterministic, model-free {@link HashingEmbedder} for tests, server-backed
 * embedders for OpenAI-compatible APIs ({@link OpenAiCompatibleEmbedder}) and TEI ({@link TeiEmbedder}), sharing
 * {@link HttpEmbedder}, and the vector arithmetic of {@link Vectors}.
 */
package io.github.astrorag.core.embed;
