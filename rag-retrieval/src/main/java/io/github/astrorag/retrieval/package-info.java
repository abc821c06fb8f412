/**
 * Retrieval and selection: ONNX sentence embeddings ({@code embed}), MMR ({@code mmr}), personalized PageRank
 * ({@code graph}), BM25 ({@code lexical}), hybrid and weighted fusion ({@code hybrid}), HyDE ({@code hyde}),
 * rerankers ({@code rerank}) and query-coverage selection ({@code coverage}). The ready-made pipelines are in
 * rag-presets; what the retrievers and rerankers share is in {@code retrieval.internal}, no part of the API.
 */
package io.github.astrorag.retrieval;
