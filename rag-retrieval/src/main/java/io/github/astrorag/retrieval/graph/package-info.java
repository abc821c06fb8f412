/**
 * Graph reranking: {@link PageRankReranker} builds a graph over the candidates (cosine similarity above a
 * threshold, or mentions of titles) and keeps the best by {@link PersonalizedPageRank}, a power iteration
 * personalised by the query similarity.
 */
package io.github.astrorag.retrieval.graph;
