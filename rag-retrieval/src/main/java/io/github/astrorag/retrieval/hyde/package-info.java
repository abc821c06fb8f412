/**
 * HyDE, Hypothetical Document Embeddings ({@link HydeQueryTransformer}): a generator writes a passage that would
 * answer the question, and retrieval searches with that passage's embedding. Optional; it costs one generator
 * call per question.
 */
package io.github.astrorag.retrieval.hyde;
