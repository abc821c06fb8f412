/**
 * Rerankers that re-score a candidate list: {@link EmbeddingReranker} by the cosine of query and chunk
 * embeddings, {@link Bm25Reranker} by BM25 statistics of the candidate set. Both keep the best {@code n} or all.
 */
package io.github.astrorag.retrieval.rerank;
