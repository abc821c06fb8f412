package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * A generator failed. The message says the endpoint (never a secret), the HTTP status where there was
 * one, and whether trying again may help.
 */
public class GenerationException extends RagException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final boolean retriable;

    public GenerationException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, cause);
        this.status = status;
        this.retriable = retriable;
    }

    public GenerationException(String message) {
        this(message, -1, false, null);
    }

    /** The HTTP status, or -1 when the failure was not an HTTP reply (timeout, connection, parse). */
    public int status() {
        return status;
    }

    /** Whether the same request may succeed later (429, 5xx, a reset connection, a timeout). */
    public boolean retriable() {
        return retriable;
    }
}
