package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * A call to a server failed, or its reply broke the protocol. The message says the endpoint (never a
 * secret), the HTTP status where there was one, and the server's own message; {@link #status()} and
 * {@link #retriable()} say the same for code. Subclasses say which component called:
 * {@link GenerationException}, {@link EmbeddingException}.
 */
public abstract class ServiceException extends RagException {
    private static final long serialVersionUID = 1L;
    /** The HTTP status, or -1. */
    private final int status;
    /** Whether a retry may succeed. */
    private final boolean retriable;

    /**
     * A failed call.
     *
     * @param message what failed, naming the endpoint, never a secret
     * @param status the HTTP status, or -1 when there was no HTTP reply
     * @param retriable whether the same request may succeed later
     * @param cause the underlying failure, or {@code null}
     */
    protected ServiceException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, cause);
        this.status = status;
        this.retriable = retriable;
    }

    /**
     * The HTTP status, or -1 when the failure was not an HTTP reply (timeout, connection, parse, a local check).
     *
     * @return the status, or -1
     */
    public int status() {
        return status;
    }

    /**
     * Whether the same request may succeed later (429, 5xx, a reset connection, a timeout).
     *
     * @return {@code true} if a retry may succeed
     */
    public boolean retriable() {
        return retriable;
    }
}
