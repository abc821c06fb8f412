/**
 * The ready-made pipelines ({@link AstroRag}: the recommended one, the paper's and NaiveRAG, each owning its
 * ONNX model or over a caller's embedder) and the helpers the retrievers and rerankers of the sub-packages share
 * ({@link Candidates}).
 */
package io.github.astrorag.retrieval;
