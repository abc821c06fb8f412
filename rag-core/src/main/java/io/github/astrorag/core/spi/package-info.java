/**
 * The roles of a RAG pipeline, one small interface each, with their contracts: {@link DocumentLoader}, {@link
 * Chunker}, {@link Embedder}, {@link EphemeralIndex} and its factory, {@link Retriever}, {@link Reranker},
 * {@link ContextSelector}, {@link QueryTransformer} and {@link Generator}, plus the optional {@link
 * EmbeddingCache}, {@link Prefilter}, {@link TextSearch}, the {@link CombinationScorer} of search-based selectors,
 * the {@link TermAnalyzer} that gives the terms every lexical part compares, and the {@link TraceSink} that stages
 * write their facts to. Implementations live in the other packages and
 * modules.
 *
 * <p>The roles with one abstract method are {@link FunctionalInterface}s, so a lambda can be one: {@link
 * Retriever}, {@link Reranker}, {@link ContextSelector}, {@link Generator}, {@link QueryTransformer}, {@link
 * CombinationScorer}, {@link Prefilter} (and its {@link Prefilter.Ranking}), {@link EphemeralIndexFactory} and
 * {@link TraceSink}. The others have several abstract methods and need a class: {@link DocumentLoader}, {@link
 * Chunker}, {@link Embedder}, {@link EphemeralIndex}, {@link EmbeddingCache} and {@link TextSearch}.
 */
package io.github.astrorag.core.spi;
