package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * A generator failed. The message says the endpoint (never a secret), the HTTP status where there was
 * one, and whether trying again may help.
 */
public class GenerationException extends ServiceException {
    private static final long serialVersionUID = 1L;

    /**
     * A failed server call.
     *
     * @param message what failed, naming the endpoint, never a secret
     * @param status the HTTP status, or -1 when there was no HTTP reply
     * @param retriable whether the same request may succeed later
     * @param cause the underlying failure, or {@code null}
     */
    public GenerationException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, status, retriable, cause);
    }

    /**
     * A local failure: not retriable, no status.
     *
     * @param message what is wrong
     */
    public GenerationException(String message) {
        this(message, -1, false, null);
    }
}
