/**
 * Lexical retrieval: {@link Bm25}, an in-memory BM25 index over analysed terms, and {@link Bm25Retriever}, which
 * ranks the chunks of an instance with it. No external search engine; terms come from the core analyser.
 */
package io.github.astrorag.retrieval.lexical;
