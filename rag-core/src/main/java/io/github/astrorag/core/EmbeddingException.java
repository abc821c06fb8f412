package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * An embedder failed, or returned vectors that break its contract (wrong count, wrong dimension, NaN,
 * empty). For an embedder that calls a server, the message names the endpoint (never a secret), and
 * {@link #status()} and {@link #retriable()} say what the server answered (-1 and false otherwise).
 */
public class EmbeddingException extends ServiceException {
    private static final long serialVersionUID = 1L;

    /**
     * A failed server call.
     *
     * @param message what failed, naming the endpoint, never a secret
     * @param status the HTTP status, or -1 when there was no HTTP reply
     * @param retriable whether the same request may succeed later
     * @param cause the underlying failure, or {@code null}
     */
    public EmbeddingException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, status, retriable, cause);
    }

    /**
     * A local failure: not retriable, no status.
     *
     * @param message what is wrong
     */
    public EmbeddingException(String message) {
        this(message, -1, false, null);
    }

    /**
     * A local failure with a cause: not retriable, no status.
     *
     * @param message what is wrong
     * @param cause the underlying failure
     */
    public EmbeddingException(String message, Throwable cause) {
        this(message, -1, false, cause);
    }
}
