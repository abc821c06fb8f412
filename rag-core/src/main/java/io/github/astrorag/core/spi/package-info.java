/**
 * The roles of a RAG pipeline, one small interface each, with their contracts: {@link DocumentLoader}, {@link
 * Chunker}, {@link Embedder}, {@link EphemeralIndex} and its factory, {@link Retriever}, {@link Reranker},
 * {@link ContextSelector}, {@link QueryTransformer} and {@link Generator}, plus the optional {@link
 * EmbeddingCache}, {@link TextSearch} and the {@link TraceSink} that stages write their facts to.
 * Implementations live in the other packages and modules.
 */
package io.github.astrorag.core.spi;
