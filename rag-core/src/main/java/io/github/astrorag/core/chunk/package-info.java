/**
 * Chunking ({@link RecursiveTokenChunker}): each page of a document is cut at the coarsest boundary that makes
 * the pieces fit (paragraphs, then lines, sentences, words, and at last token boundaries), and the pieces are
 * packed into chunks of at most a token limit that overlap their predecessor (300 and 30 {@code p50k_base}
 * tokens by default). Chunks never cross a page.
 */
package io.github.astrorag.core.chunk;
