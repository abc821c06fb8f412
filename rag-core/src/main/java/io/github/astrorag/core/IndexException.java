package io.github.astrorag.core;

/** An ephemeral index failed, was used after {@code close()}, or was given inconsistent input. */
public class IndexException extends RagException {
    private static final long serialVersionUID = 1L;

    /**
     * An index failure without an underlying cause.
     *
     * @param message what failed, naming the index
     */
    public IndexException(String message) {
        super(message);
    }

    /**
     * An index failure caused by another.
     *
     * @param message what failed, naming the index
     * @param cause the underlying failure
     */
    public IndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
