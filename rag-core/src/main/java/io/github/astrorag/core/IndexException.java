package io.github.astrorag.core;

/** An ephemeral index failed, was used after {@code close()}, or was given inconsistent input. */
public class IndexException extends RagException {
    private static final long serialVersionUID = 1L;

    public IndexException(String message) {
        super(message);
    }

    public IndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
