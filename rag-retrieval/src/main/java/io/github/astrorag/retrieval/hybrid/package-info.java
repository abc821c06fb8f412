/**
 * Hybrid retrieval: {@link HybridRetriever} fuses the dense ranking of the index with a BM25 ranking by
 * reciprocal rank fusion (the default) or a weighted sum of normalised scores.
 */
package io.github.astrorag.retrieval.hybrid;
