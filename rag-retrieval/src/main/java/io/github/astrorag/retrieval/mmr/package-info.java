/**
 * Maximal marginal relevance ({@link MmrRetriever}): fetches candidates from the index, then picks k of them
 * greedily, trading relevance to the query against similarity to the chunks already picked (λ = 1 is relevance
 * only). The paper's first stage.
 */
package io.github.astrorag.retrieval.mmr;
