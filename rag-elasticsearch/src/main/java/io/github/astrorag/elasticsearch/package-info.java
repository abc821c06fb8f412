/**
 * Ephemeral indices on an Elasticsearch cluster: {@link io.github.astrorag.elasticsearch.ElasticsearchSettings}
 * says how to reach the cluster (URLs, credentials, TLS trust, timeouts),
 * {@link io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory} creates one
 * {@link io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndex} per RAG instance, either as its own
 * index or inside one shared index ({@link io.github.astrorag.elasticsearch.IndexMode}), with kNN, BM25 and
 * hybrid (reciprocal rank fusion) search, and removes what killed processes left behind.
 */
package io.github.astrorag.elasticsearch;
