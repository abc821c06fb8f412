package io.github.astrorag.core;

/**
 * The root of every exception this library throws on purpose.
 *
 * <p>All are unchecked. A message always names what was wrong (the file, the value, the limit) and,
 * where it helps, what to do about it. Subclasses say which kind of failure it was so that callers
 * can react to the kind, not to the message text.
 */
public class RagException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * A failure without an underlying cause.
     *
     * @param message what was wrong and, where it helps, what to do
     */
    public RagException(String message) {
        super(message);
    }

    /**
     * A failure caused by another.
     *
     * @param message what was wrong and, where it helps, what to do
     * @param cause the underlying failure
     */
    public RagException(String message, Throwable cause) {
        super(message, cause);
    }
}
