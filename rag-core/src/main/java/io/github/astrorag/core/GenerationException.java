package io.github.astrorag.core;

import org.jspecify.annotations.Nullable;

/**
 * A generator failed. The message says the endpoint (never a secret), the HTTP status where there was
 * one, and whether trying again may help.
 */
public class GenerationException extends ServiceException {
    private static final long serialVersionUID = 1L;

    public GenerationException(String message, int status, boolean retriable, @Nullable Throwable cause) {
        super(message, status, retriable, cause);
    }

    public GenerationException(String message) {
        this(message, -1, false, null);
    }
}
