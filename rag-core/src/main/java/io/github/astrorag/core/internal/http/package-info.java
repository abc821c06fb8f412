/**
 * <b>Internal: no part of the API.</b> The HTTP client of the server-backed embedders and generators
 * ({@link RetryingHttpClient}: exponential backoff, a deadline, the API key kept out of every message) and the
 * server-sent-events reader of streamed replies ({@link ServerSentEvents}). The project's own modules may use it;
 * it may change in any release.
 */
package io.github.astrorag.core.internal.http;
