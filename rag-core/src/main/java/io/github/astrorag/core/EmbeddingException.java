package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * An embedder failed, or returned vectors that break its contract (wrong count, wrong dimension, NaN,
 * empty). For an embedder that calls a server, the message names the endpoint (never a secret), and
 * {@link #status()} and {@link #retriable()} say what the server answered (-1 and false otherwise).
 */
public class EmbeddingException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public EmbeddingException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, status, retriable, cause);
    }

    public EmbeddingException(String message) {
        this(message, -1, false, null);
    }

    public EmbeddingException(String message, Throwable cause) {
        this(message, -1, false, cause);
    }
}
