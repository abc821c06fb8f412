package io.github.astrorag.core.internal.http;

import java.io.IOException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.CompletionException;
import org.jspecify.annotations.Nullable;

/**
 * Why one attempt of a {@link RetryingHttpClient} call failed: the HTTP status (-1 without a reply), what happened
 * (for the message), whether the same request may succeed later, whether a stream had already handed over an event
 * (then it is never retried), and the server's {@code Retry-After}, if it sent one with a retriable status. Retriable:
 * HTTP 408, 429 and 5xx, timeouts before the call's deadline, and I/O errors. Without a stack trace; immutable.
 */
final class AttemptFailure extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String what;
    final boolean retriable;
    final boolean delivered;
    final transient @Nullable Duration retryAfter;

    private AttemptFailure(int status, String what, boolean retriable, boolean delivered, @Nullable Duration retryAfter,
                           @Nullable Throwable cause) {
        super(what, cause, false, false);
        this.status = status;
        this.what = what;
        this.retriable = retriable;
        this.delivered = delivered;
        this.retryAfter = retryAfter;
    }

    /** A reply with a status other than 2xx, with its body's message ({@link RetryingHttpClient#serverMessage}). */
    static AttemptFailure status(int status, String body, HttpHeaders headers) {
        boolean retriable = status == 408 || status == 429 || status >= 500;
        return new AttemptFailure(status, "HTTP " + status + ": " + RetryingHttpClient.serverMessage(body), retriable,
                false, retriable ? retryAfter(headers) : null, null);
    }

    /** No reply (or no next line of a stream) within {@code timeout}; retriable. */
    static AttemptFailure timeout(Duration timeout, boolean delivered, @Nullable Throwable cause) {
        return new AttemptFailure(-1, "no reply within " + timeout.toMillis() + " ms"
                + (delivered ? " while streaming" : ""), true, delivered, null, cause);
    }

    /** The call's total timeout {@code total} has passed; not retriable. */
    static AttemptFailure deadline(Duration total, boolean delivered, @Nullable Throwable cause) {
        return new AttemptFailure(-1, "no reply within the total timeout of " + total.toMillis() + " ms"
                + (delivered ? " while streaming" : ""), false, delivered, null, cause);
    }

    /**
     * The failure of the HTTP client's future: a request timeout as {@link Deadline#timeout}; an I/O error
     * (refused or reset connection, connect timeout) retriable; a reply over the size cap
     * ({@link BoundedBody.TooLarge}) and anything else not.
     */
    static AttemptFailure io(Throwable error, Duration timeout, boolean delivered, Deadline deadline) {
        Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (e instanceof HttpTimeoutException && !(e instanceof HttpConnectTimeoutException)) {
            return deadline.timeout(timeout, delivered, e);
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BoundedBody.TooLarge tooLarge) {
                return new AttemptFailure(-1, tooLarge.getMessage(), false, delivered, null, null);
            }
        }
        String what = e instanceof IOException ? "connection failed: " : "request failed: ";
        return new AttemptFailure(-1, what + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()), e instanceof IOException, delivered, null, e);
    }

    /** The {@code Retry-After} header in seconds or as an HTTP date (a past date is zero); null if absent or unreadable. */
    private static @Nullable Duration retryAfter(HttpHeaders headers) {
        String value = headers.firstValue("Retry-After").map(String::strip).orElse(null);
        if (value == null) {
            return null;
        }
        try {
            return Duration.ofSeconds(Math.max(0, Long.parseLong(value)));
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }
}
