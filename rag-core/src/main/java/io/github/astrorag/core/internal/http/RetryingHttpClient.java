package io.github.astrorag.core.internal.http;

import io.github.astrorag.core.ServiceException;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JSON over HTTP with timeouts and retries: the one HTTP client of the language-model generators
 * ({@code core.generate}) and the remote embedders ({@code core.embed}), so both retry, time out and
 * redact alike.
 *
 * <p><b>Timeouts.</b> Connecting may take at most the connect timeout. Each attempt may take at most the
 * request timeout until the whole reply has arrived; for a stream, until the response headers and then
 * between any two lines of the body.
 *
 * <p><b>Deadline.</b> A call, all attempts and waits included, ends within the total timeout: each
 * attempt gets at most what remains of it, and no retry starts when its wait would pass it.
 *
 * <p><b>Retries.</b> An attempt that fails with HTTP 408, 429 or 5xx, a timeout or an I/O error (refused or
 * reset connection) is repeated, up to {@code maxAttempts} attempts in all. Before attempt {@code k + 1}
 * it waits {@code b/2 + U(0, b/2)} with {@code b = min(maxBackoff, initialBackoff · 2^(k-1))} (exponential
 * backoff with jitter; the jitter changes timing only, never a result), or, when the reply carries
 * {@code Retry-After} (seconds or an HTTP date), exactly that long; a {@code Retry-After} longer than
 * {@code maxBackoff} is not waited for: the call fails at once, saying so. Other 4xx replies fail at once.
 * A stream is retried only while no event of it has been handed over. (The decision is {@code RetryPolicy}'s,
 * the deadline a {@code Deadline}, the reasons an {@code AttemptFailure}, a stream's queue {@code ReplyLines}.)
 *
 * <p><b>Reply size.</b> No reply, error bodies and streams included, is read past {@code maxReplyBytes}
 * ({@link HttpEndpoint#maxReplyBytes()}): at the first byte beyond it the client stops reading, closes the
 * connection and fails the call, not retriable, naming the endpoint and the limit. So a server's reply holds
 * at most that much memory, whatever it sends.
 *
 * <p><b>Failures</b> are exceptions of the caller's kind ({@code E}, made by its {@link Failures}: a
 * {@code GenerationException} for a generator, an {@code EmbeddingException} for an embedder) whose message says the endpoint (without user
 * info or query), the HTTP status, the number of attempts, whether the failure is retriable, and the
 * server's own message read from an OpenAI ({@code {"error":{"message":…,"type":…}}}), TGI
 * ({@code {"error":…,"error_type":…}}) or vLLM ({@code {"message":…,"type":…}}) error body. The API key
 * is checked before sending (no surrounding white space, no control character) and sent only as
 * {@code Authorization: Bearer …}; every message passes through a {@link Redactor} of the key, so the key
 * appears in no message and no log line in any form (trimmed, quoted, split over lines), and a cause
 * whose message would show it is dropped. Retries are logged at DEBUG only. Redirects are not followed
 * (they would carry the key elsewhere). Thread-safe.
 *
 * @param <E> the exception thrown for a failed call
 */
public final class RetryingHttpClient<E extends ServiceException> {

    /** Makes the caller's exception for a failed call. */
    @FunctionalInterface
    public interface Failures<E> {
        /**
         * The exception for a failure.
         *
         * @param status    the HTTP status, -1 when there was no HTTP reply
         * @param retriable whether the same request may succeed later
         * @param message what failed, naming the endpoint, never a secret
         * @param cause the underlying failure, or {@code null}
         * @return the exception; not thrown yet
         */
        E create(String message, int status, boolean retriable, @Nullable Throwable cause);
    }

    private static final Logger LOG = LoggerFactory.getLogger(RetryingHttpClient.class);
    /** The most characters of a server's text shown in a message. */
    public static final int MAX_SERVER_TEXT = 300;

    private final HttpClient client;
    private final Duration requestTimeout;
    private final Duration timeout;
    private final RetryPolicy retries;
    private final @Nullable Supplier<String> apiKey;
    private final Failures<E> failures;
    private final long maxReplyBytes;

    /**
     * A client of {@code endpoint}'s settings.
     *
     * @param endpoint the settings: timeouts, attempts, backoff, API key, reply cap
     * @param failures makes the caller's exception
     */
    public RetryingHttpClient(HttpEndpoint endpoint, Failures<E> failures) {
        this(endpoint.connectTimeout(), endpoint.requestTimeout(), endpoint.timeout(), endpoint.maxRetries() + 1,
                endpoint.initialBackoff(), endpoint.maxBackoff(), endpoint.apiKey().orElse(null),
                endpoint.maxReplyBytes(), failures);
    }

    /** A client; the settings are checked by {@link HttpEndpoint.Builder}, which is how callers make one. */
    public RetryingHttpClient(Duration connectTimeout, Duration requestTimeout, Duration timeout, int maxAttempts,
                       Duration initialBackoff, Duration maxBackoff, @Nullable Supplier<String> apiKey,
                       long maxReplyBytes, Failures<E> failures) {
        this.client = HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.requestTimeout = requestTimeout;
        this.timeout = timeout;
        this.retries = new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, timeout);
        this.apiKey = apiKey;
        this.failures = failures;
        this.maxReplyBytes = maxReplyBytes;
    }


    /**
     * The body of a 2xx reply to POSTing {@code json} to {@code uri}; records {@code attempts} in the result.
     *
     * @param uri the endpoint to POST to
     * @param json the request body
     * @return the reply's body and the attempts it took
     */
    public Reply post(URI uri, String json) {
        return send(uri, json);
    }

    /**
     * The body of a 2xx reply to GET {@code uri}; records {@code attempts} in the result.
     *
     * @param uri the endpoint to GET
     * @return the reply's body and the attempts it took
     */
    public Reply get(URI uri) {
        return send(uri, null);
    }

    private Reply send(URI uri, @Nullable String json) {
        return execute(uri, json == null ? "GET" : "POST", (key, deadline) -> {
            Duration wait = deadline.forNext(requestTimeout);
            HttpRequest request = request(uri, json, key, "application/json", wait);
            CompletableFuture<HttpResponse<String>> future =
                    client.sendAsync(request, info -> new BoundedBody<>(
                            HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8), maxReplyBytes));
            HttpResponse<String> response;
            try {
                response = future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                future.cancel(true);
                throw deadline.timeout(wait, false, null);
            } catch (ExecutionException e) {
                throw AttemptFailure.io(e.getCause(), wait, false, deadline);
            } catch (InterruptedException e) {
                future.cancel(true);
                throw e;
            }
            if (response.statusCode() / 100 != 2) {
                throw AttemptFailure.status(response.statusCode(), response.body(), response.headers());
            }
            return response.body();
        });
    }

    /**
     * POSTs {@code json} to {@code uri} and hands the data of each server-sent event of the 2xx reply to
     * {@code onData}, until it returns {@code true} or the body ends.
     *
     * @param uri the endpoint to POST to
     * @param json the request body
     * @param onData called with each event's data; {@code true} stops reading
     * @return the reply, with an empty body
     */
    public Reply stream(URI uri, String json, Predicate<String> onData) {
        return execute(uri, "POST", (key, deadline) -> {
            ReplyLines lines = new ReplyLines(maxReplyBytes);
            CompletableFuture<HttpResponse<String>> future = client.sendAsync(
                    request(uri, json, key, "text/event-stream", deadline.forNext(requestTimeout)), lines.handler());
            future.whenComplete(lines::complete);
            ServerSentEvents events = new ServerSentEvents(onData);
            try {
                Object first = next(lines, events, deadline);
                if (!(first instanceof ReplyLines.Headers headers)) {
                    throw new IllegalStateException("unexpected " + first);
                }
                if (headers.status() / 100 != 2) {
                    Object rest = next(lines, events, deadline);
                    String body = rest instanceof HttpResponse<?> r ? String.valueOf(r.body()) : "";
                    throw AttemptFailure.status(headers.status(), body, headers.headers());
                }
                while (true) {
                    Object item = next(lines, events, deadline);
                    if (item instanceof String line && events.line(line)) {
                        return "";
                    }
                    if (item == ReplyLines.END) {
                        events.end();
                        return "";
                    }
                }
            } finally {
                lines.cancel();
                future.cancel(true);
            }
        });
    }

    /** The next item of a stream attempt; a failure or a silence longer than the request timeout throws. */
    private Object next(ReplyLines lines, ServerSentEvents events, Deadline deadline)
            throws AttemptFailure, InterruptedException {
        Duration wait = deadline.forNext(requestTimeout);
        Object item = lines.poll(wait);
        if (item == null) {
            throw deadline.timeout(wait, events.events() > 0, null);
        }
        if (item instanceof ReplyLines.Failed f) {
            throw AttemptFailure.io(f.error(), wait, events.events() > 0, deadline);
        }
        return item;
    }

    /** A successful reply: its body (empty for a stream) and how many attempts it took. */
    public record Reply(String body, int attempts) {
    }

    @FunctionalInterface
    private interface Attempt {
        String run(@Nullable String key, Deadline deadline) throws AttemptFailure, InterruptedException;
    }

    private Reply execute(URI uri, String method, Attempt attempt) {
        String endpoint = HttpEndpoint.display(uri);
        String key = apiKey == null ? null : apiKey.get();
        if (apiKey != null) {
            try {
                Secrets.checkValue(key == null ? "" : key, "the API key");
            } catch (IllegalArgumentException e) {
                throw failures.create(method + " " + endpoint + " not sent: " + e.getMessage(), -1, false, null);
            }
        }
        Redactor redactor = redactor(key);
        Deadline deadline = new Deadline(timeout);
        for (int n = 1; ; n++) {
            try {
                return new Reply(attempt.run(key, deadline), n);
            } catch (AttemptFailure f) {
                RetryPolicy.Decision next = retries.after(f, n, deadline);
                if (!next.retry()) {
                    throw failure(redactor, message(method, endpoint, n, f) + next.note(), f.status, f.retriable, f.getCause());
                }
                LOG.debug("{} {} failed ({}), attempt {} of {}; retrying in {} ms", method, endpoint,
                        redactor.apply(f.what), n, retries.maxAttempts(), next.delay().toMillis());
                try {
                    Thread.sleep(next.delay().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw failures.create(method + " " + endpoint + " interrupted while waiting to retry", -1, false, e);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw failures.create(method + " " + endpoint + " interrupted", -1, false, e);
            }
        }
    }

    private String message(String method, String endpoint, int attempts, AttemptFailure f) {
        return method + " " + endpoint + " failed after " + attempts + (attempts == 1 ? " attempt" : " attempts") + " ("
                + (f.retriable ? "retriable" : "not retriable") + "): " + f.what;
    }

    private HttpRequest request(URI uri, @Nullable String json, @Nullable String key, String accept, Duration wait) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .timeout(wait)
                .header("Accept", accept);
        if (json == null) {
            b.GET();
        } else {
            b.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        }
        if (key != null) {
            b.header("Authorization", "Bearer " + key);
        }
        return b.build();
    }

    /**
     * The redactor of the key (asked of the supplier once more), or of credential headers only.
     *
     * @return a redactor of the key and of credential header values
     */
    public Redactor redactor() {
        return redactor(apiKey == null ? null : apiKey.get());
    }

    private static Redactor redactor(@Nullable String key) {
        return key == null ? Redactor.HEADERS : Redactor.of(java.util.List.of(key));
    }

    /**
     * A failure whose message passes through {@code redactor}; {@code cause} is kept only when no message
     * in its chain shows a secret (a stack trace must not show it either).
     */
    private E failure(Redactor redactor, String message, int status, boolean retriable, @Nullable Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (redactor.leaks(t.getMessage()) || redactor.leaks(t.toString())) {
                cause = null;
                break;
            }
        }
        return failures.create(redactor.apply(message), status, retriable, cause);
    }

    /**
     * {@code e} (thrown while handling a reply of this client) with its message and cause passed through the
     * key's redactor; {@code e} itself when nothing leaks.
     *
     * @param e an exception made by this client's {@code Failures}
     * @return an exception without the key
     */
    public E redacted(E e) {
        Redactor redactor = redactor();
        E clean = failure(redactor, e.getMessage(), e.status(), e.retriable(), e.getCause());
        if (clean.getMessage().equals(e.getMessage()) && clean.getCause() == e.getCause()) {
            return e;
        }
        clean.setStackTrace(e.getStackTrace());
        return clean;
    }

    /**
     * {@code body} of a 2xx reply from {@code where} as JSON ({@link Json#parse(String)}, which also reads
     * the non-standard {@code NaN} and {@code Infinity} so that callers can reject them by name), or a
     * failure naming {@code what} ("the reply", "stream event 3"), the endpoint and the body's start.
     *
     * @param body  the reply's body
     * @param where the endpoint, for messages
     * @param what  what the body is, for messages
     * @return the parsed value
     */
    public JsonValue parse(String body, String where, String what) {
        return parse(body, where, what, Integer.MAX_VALUE, "");
    }

    /**
     * As {@link #parse(String, String, String)}, refusing an array of more than {@code maxItems} values as
     * soon as its value number {@code maxItems + 1} is reached ({@link Json#parse(String, int)}), with a
     * failure that says so and {@code why} the limit is what it is.
     *
     * @param body     the reply's body
     * @param where    the endpoint, for messages
     * @param what     what the body is, for messages
     * @param maxItems the most values one array may hold
     * @param why      the limit's reason, for messages (e.g. " (the largest dimension accepted)")
     * @return the parsed value
     */
    public JsonValue parse(String body, String where, String what, int maxItems, String why) {
        if (body.isBlank()) {
            throw malformed(where, what + " is empty");
        }
        try {
            return Json.parse(body, maxItems);
        } catch (Json.TooManyItems e) {
            throw malformed(where, what + " holds " + e.getMessage() + why);
        } catch (IllegalArgumentException e) {
            throw failures.create("POST " + where + ": " + what + " is not valid JSON (" + e.getMessage()
                    + "); it begins '" + truncate(body.strip()) + "'", -1, false, e);
        }
    }

    /**
     * A failure: the server at {@code where} answered 2xx with something its protocol does not allow.
     *
     * @param where the endpoint, as {@link HttpEndpoint#display(URI)} shows it
     * @param what what was wrong with the reply
     * @return the exception; not thrown yet
     */
    public E malformed(String where, String what) {
        return failures.create("POST " + where + ": " + what, -1, false, null);
    }

    /**
     * The server's own message in an error body: OpenAI's {@code error.message (error.type)}, TGI's
     * {@code error (error_type)}, vLLM's {@code message (type)}, else the body's start.
     *
     * @param body the error body
     * @return the message, at most {@value #MAX_SERVER_TEXT} characters
     */
    public static String serverMessage(String body) {
        String text = null;
        String type = null;
        try {
            JsonValue json = Json.parse(body);
            JsonValue error = json.get("error");
            if (error != null && error.isObject()) {
                text = textOf(error.get("message"));
                type = textOf(error.get("type"));
            } else if (error != null && error.isTextual()) {
                text = error.asText();
                type = textOf(json.get("error_type"));
            } else if (json.has("message")) {
                text = textOf(json.get("message"));
                type = textOf(json.get("type"));
            } else if (json.has("detail")) {
                text = json.path("detail").toString();
            }
        } catch (IllegalArgumentException e) {
            // not JSON: fall through to the raw text
        }
        if (text == null) {
            String raw = body.strip();
            return raw.isEmpty() ? "(empty body)" : "'" + truncate(raw) + "'";
        }
        return truncate(text) + (type == null ? "" : " (" + type + ")");
    }

    private static @Nullable String textOf(@Nullable JsonValue node) {
        return node == null || node.isNull() ? null : node.asText();
    }

    /**
     * {@code s} cut to its first {@value #MAX_SERVER_TEXT} characters, with {@code …} when cut.
     *
     * @param s the text to cut
     * @return the text, at most {@value #MAX_SERVER_TEXT} characters and the ellipsis
     */
    public static String truncate(String s) {
        return s.length() <= MAX_SERVER_TEXT ? s : s.substring(0, MAX_SERVER_TEXT) + "…";
    }

    @Override
    public String toString() {
        return "RetryingHttpClient[maxAttempts=" + retries.maxAttempts() + ", requestTimeout=" + requestTimeout + ", timeout=" + timeout
                + ", apiKey=" + (apiKey == null ? "none" : Redactor.MASK) + "]";
    }
}
