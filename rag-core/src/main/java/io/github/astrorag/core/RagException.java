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

    public RagException(String message) {
        super(message);
    }

    public RagException(String message, Throwable cause) {
        super(message, cause);
    }
}
