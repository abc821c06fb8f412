package io.github.astrorag.core.part;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One setting a part takes: its key, what it does, its kind, its default and its limits. A part's settings are its
 * whole configuration surface: the command line, the evaluation's pipeline specs and the Spring Boot properties pass
 * values through them, checked here once.
 *
 * @param key          lower case words joined by {@code -}, such as {@code bm25-weight}
 * @param description  one line for help texts and the docs
 * @param kind         how the value is read
 * @param defaultValue the value when none is given, as text; {@code null} when the part decides (or the setting is
 *                     {@linkplain #required() required})
 * @param required     whether the part cannot be made without it
 * @param choices      for {@link Kind#CHOICE}, the allowed values; empty otherwise
 * @param min          for numbers, the least value allowed
 * @param max          for numbers, the greatest value allowed
 */
public record Setting(String key, String description, Kind kind, @Nullable String defaultValue, boolean required,
                      List<String> choices, double min, double max) {

    /** How a setting's text is read. */
    public enum Kind {
        /** A whole number within [min, max]. */
        INTEGER,
        /** A finite decimal number within [min, max]. */
        NUMBER,
        /** {@code true} or {@code false}. */
        FLAG,
        /** One of {@link #choices()}. */
        CHOICE,
        /** Any text without a comma. */
        TEXT
    }

    /**
     * Checks the components.
     *
     * @param key          lower case words joined by {@code -}
     * @param description  one line
     * @param kind         how the value is read
     * @param defaultValue the default as text, or null
     * @param required     whether the part needs it
     * @param choices      the allowed values of a choice
     * @param min          the least number allowed
     * @param max          the greatest number allowed
     * @throws IllegalArgumentException if the default is not a valid value, a choice has no choices, or min exceeds max
     */
    public Setting {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(kind, "kind");
        choices = List.copyOf(choices);
        if (kind == Kind.CHOICE && choices.isEmpty()) {
            throw new IllegalArgumentException("setting " + key + ": a choice needs its choices");
        }
        if (!(min <= max)) {
            throw new IllegalArgumentException("setting " + key + ": min " + min + " exceeds max " + max);
        }
        if (defaultValue != null) {
            new Setting(key, description, kind, null, false, choices, min, max).parse("default", defaultValue);
        }
    }

    /**
     * A whole number in [min, max].
     *
     * @param key the key
     * @param description one line
     * @param defaultValue the default, or null when the part decides
     * @param min the least value
     * @param max the greatest value
     * @return the setting
     */
    public static Setting integer(String key, String description, @Nullable Integer defaultValue, int min, int max) {
        return new Setting(key, description, Kind.INTEGER, defaultValue == null ? null : defaultValue.toString(), false,
                List.of(), min, max);
    }

    /**
     * A decimal number in [min, max].
     *
     * @param key the key
     * @param description one line
     * @param defaultValue the default, or null when the part decides
     * @param min the least value
     * @param max the greatest value
     * @return the setting
     */
    public static Setting number(String key, String description, @Nullable Double defaultValue, double min, double max) {
        return new Setting(key, description, Kind.NUMBER, defaultValue == null ? null : defaultValue.toString(), false,
                List.of(), min, max);
    }

    /**
     * {@code true} or {@code false}.
     *
     * @param key the key
     * @param description one line
     * @param defaultValue the default
     * @return the setting
     */
    public static Setting flag(String key, String description, boolean defaultValue) {
        return new Setting(key, description, Kind.FLAG, Boolean.toString(defaultValue), false, List.of(), 0, 0);
    }

    /**
     * One of a fixed set of values.
     *
     * @param key the key
     * @param description one line
     * @param defaultValue the default, or null when the part decides
     * @param choices the allowed values, lower case
     * @return the setting
     */
    public static Setting choice(String key, String description, @Nullable String defaultValue, List<String> choices) {
        return new Setting(key, description, Kind.CHOICE, defaultValue, false, choices, 0, 0);
    }

    /**
     * Free text (a URL, a model name, a file).
     *
     * @param key the key
     * @param description one line
     * @param defaultValue the default, or null when the part decides
     * @return the setting
     */
    public static Setting text(String key, String description, @Nullable String defaultValue) {
        return new Setting(key, description, Kind.TEXT, defaultValue, false, List.of(), 0, 0);
    }

    /**
     * This setting, required: the part cannot be made without a value.
     *
     * @return a copy with {@link #required()} true and no default
     */
    public Setting asRequired() {
        return new Setting(key, description, kind, null, true, choices, min, max);
    }

    /**
     * Reads {@code text} as a value of this setting.
     *
     * @param part the part's name, for the message
     * @param text the value as written
     * @return an {@link Integer}, {@link Double}, {@link Boolean} or {@link String} by {@link #kind()}
     * @throws IllegalArgumentException naming the part, the key, the value and what is allowed
     */
    public Object parse(String part, String text) {
        String t = text.strip();
        switch (kind) {
            case INTEGER -> {
                try {
                    long v = Long.parseLong(t);
                    check(v >= min && v <= max, part, t, "a whole number in [" + (long) min + ", " + (long) max + "]");
                    return (int) v;
                } catch (NumberFormatException e) {
                    throw bad(part, t, "a whole number in [" + (long) min + ", " + (long) max + "]");
                }
            }
            case NUMBER -> {
                try {
                    double v = Double.parseDouble(t);
                    check(Double.isFinite(v) && v >= min && v <= max, part, t, "a number in [" + min + ", " + max + "]");
                    return v;
                } catch (NumberFormatException e) {
                    throw bad(part, t, "a number in [" + min + ", " + max + "]");
                }
            }
            case FLAG -> {
                String l = t.toLowerCase(Locale.ROOT);
                check(l.equals("true") || l.equals("false"), part, t, "true or false");
                return Boolean.parseBoolean(l);
            }
            case CHOICE -> {
                String l = t.toLowerCase(Locale.ROOT);
                check(choices.contains(l), part, t, "one of " + String.join(", ", choices));
                return l;
            }
            default -> {
                check(!t.isEmpty(), part, t, "non-empty text");
                return t;
            }
        }
    }

    private void check(boolean ok, String part, String value, String allowed) {
        if (!ok) {
            throw bad(part, value, allowed);
        }
    }

    private IllegalArgumentException bad(String part, String value, String allowed) {
        return new IllegalArgumentException(part + ": setting " + key + " must be " + allowed + ", was '" + value + "'");
    }

    /**
     * The setting as the docs and help texts show it.
     *
     * @return for example {@code k (integer 1..100, default 3): chunks MMR selects}
     */
    public String summary() {
        String what = switch (kind) {
            case INTEGER -> "integer " + (long) min + ".." + (long) max;
            case NUMBER -> "number " + min + ".." + max;
            case FLAG -> "true|false";
            case CHOICE -> String.join("|", choices);
            case TEXT -> "text";
        };
        String dflt = required ? ", required" : defaultValue == null ? "" : ", default " + defaultValue;
        return key + " (" + what + dflt + "): " + description;
    }
}
