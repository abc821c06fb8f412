package io.github.astrorag.core;

/** A setting out of its range, missing, or given twice to a builder. The message names the setting and the value. */
public class InvalidConfigurationException extends RagException {
    private static final long serialVersionUID = 1L;

    public InvalidConfigurationException(String message) {
        super(message);
    }

    /** Fails with this exception unless {@code condition} holds. */
    public static void check(boolean condition, String format, Object... args) {
        if (!condition) {
            throw new InvalidConfigurationException(String.format(java.util.Locale.ROOT, format, args));
        }
    }
}
