/**
 * The HTTP client shared by the server-backed embedders and generators: {@link HttpEndpoint} holds a base URL,
 * timeouts, retries and the API key, built by a common fail-fast builder; {@link RetryingHttpClient} makes the
 * calls with exponential backoff and keeps the key out of every message.
 */
package io.github.astrorag.core.http;
