/**
 * The settings of a server-backed embedder or generator: {@link HttpEndpoint} holds a base URL, timeouts,
 * retries and the API key, built by a common fail-fast builder that the HTTP embedders' and generators' builders
 * extend.
 */
package io.github.astrorag.core.http;
