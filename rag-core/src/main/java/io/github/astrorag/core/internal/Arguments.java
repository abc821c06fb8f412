package io.github.astrorag.core.internal;

import io.github.astrorag.core.RagException;
import java.util.Locale;

/**
 * The library's one rule for telling errors apart, in code. A <em>programming error</em> (a value out of
 * range given to a method or a builder, a setting given twice, a missing required setting) throws the
 * JDK's own {@link IllegalArgumentException}, {@link IllegalStateException} or
 * {@link NullPointerException}, as Lucene and Caffeine do; a <em>run-time failure</em> (a bad file, a failed
 * HTTP call, an index or model error) throws a {@link RagException} subclass. Messages name the setting,
 * the value and the limit.
 */
public final class Arguments {

    private Arguments() {
    }

    /**
     * Throws {@link IllegalArgumentException} with the formatted message unless {@code condition} holds.
     * The message is formatted in {@link Locale#ROOT}.
     *
     * @param condition what must hold
     * @param format the message, a {@link String#format} pattern
     * @param args the pattern's arguments
     * @throws IllegalArgumentException if {@code condition} is false
     */
    public static void check(boolean condition, String format, Object... args) {
        if (!condition) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, format, args));
        }
    }

    /**
     * Throws {@link IllegalStateException} with the formatted message unless {@code condition} holds.
     *
     * @param condition what must hold
     * @param format the message, a {@link String#format} pattern
     * @param args the pattern's arguments
     * @throws IllegalStateException if {@code condition} is false
     */
    public static void checkState(boolean condition, String format, Object... args) {
        if (!condition) {
            throw new IllegalStateException(String.format(Locale.ROOT, format, args));
        }
    }
}
