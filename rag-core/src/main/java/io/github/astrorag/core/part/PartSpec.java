package io.github.astrorag.core.part;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A part named with its settings, as one line: {@code name[:key=value[,key=value]...]}, for example {@code weighted},
 * {@code weighted:bm25-weight=0.5} or {@code mmr:k=5,lambda=0.7}. Names and keys are lower case words joined by
 * {@code -} ({@link #parse} reads them in any case); a value is any text without a comma (white space around names, keys and values is ignored). A list of
 * parts, as {@code eval --pipelines} takes it, separates parts by commas: an item that holds {@code =} but no
 * {@code :} before it continues the settings of the part before it ({@code naive,weighted:bm25-weight=0.4,default}
 * is three parts). Immutable; settings keep the order they were written in.
 *
 * @param name     the part's name
 * @param settings the settings given, key to value as written (not yet checked against the part)
 */
public record PartSpec(String name, Map<String, String> settings) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]*");

    /**
     * Checks the name's and keys' spelling and copies the settings.
     *
     * @param name     the part's name
     * @param settings the settings given
     * @throws IllegalArgumentException if the name or a key is not lower case words joined by {@code -}, or a value
     *                                  holds a comma
     */
    public PartSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(settings, "settings");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a part's name is lower case letters, digits, '.' and '-', was '" + name + "'");
        }
        Map<String, String> copy = new LinkedHashMap<>();
        settings.forEach((k, v) -> {
            Objects.requireNonNull(k, "setting key");
            Objects.requireNonNull(v, "value of setting " + k);
            if (!NAME.matcher(k).matches()) {
                throw new IllegalArgumentException("part '" + name + "': a setting's key is lower case letters, digits, '.' "
                        + "and '-', was '" + k + "'");
            }
            if (v.indexOf(',') >= 0) {
                throw new IllegalArgumentException("part '" + name + "': the value of " + k + " must not hold a comma, was '"
                        + v + "'");
            }
            copy.put(k, v);
        });
        settings = Collections.unmodifiableMap(copy);
    }

    /**
     * A part with no settings.
     *
     * @param name the part's name
     * @return the spec
     */
    public static PartSpec of(String name) {
        return new PartSpec(name, Map.of());
    }

    /**
     * Parses one part.
     *
     * @param text {@code name[:key=value[,key=value]...]}
     * @return the spec
     * @throws IllegalArgumentException if the text is blank or a setting is not {@code key=value}, naming the text
     */
    public static PartSpec parse(String text) {
        Objects.requireNonNull(text, "text");
        String t = text.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("a part is written name[:key=value,...], was empty");
        }
        int colon = t.indexOf(':');
        String name = (colon < 0 ? t : t.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
        Map<String, String> settings = new LinkedHashMap<>();
        if (colon >= 0) {
            for (String item : t.substring(colon + 1).split(",", -1)) {
                put(settings, item, t);
            }
        }
        return new PartSpec(name, settings);
    }

    /**
     * Parses a comma-separated list of parts, where an item with {@code =} and no {@code :} before it continues the
     * settings of the part before it.
     *
     * @param text for example {@code naive,weighted:bm25-weight=0.4,default}
     * @return the specs in order
     * @throws IllegalArgumentException if the list starts with a setting or an item is malformed
     */
    public static List<PartSpec> parseList(String text) {
        Objects.requireNonNull(text, "text");
        List<String> parts = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            int eq = item.indexOf('=');
            int colon = item.indexOf(':');
            boolean continues = eq >= 0 && (colon < 0 || colon > eq);
            if (continues) {
                if (parts.isEmpty()) {
                    throw new IllegalArgumentException("'" + text + "' starts with a setting: write name:key=value");
                }
                String last = parts.remove(parts.size() - 1);
                parts.add(last + (last.contains(":") ? "," : ":") + item);
            } else {
                parts.add(item);
            }
        }
        return parts.stream().map(PartSpec::parse).toList();
    }

    private static void put(Map<String, String> settings, String item, String whole) {
        int eq = item.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("'" + whole + "': a setting is written key=value, was '" + item.strip() + "'");
        }
        String key = item.substring(0, eq).strip().toLowerCase(Locale.ROOT);
        if (settings.put(key, item.substring(eq + 1).strip()) != null) {
            throw new IllegalArgumentException("'" + whole + "': setting " + key + " is given twice");
        }
    }

    /**
     * This part with {@code more} settings laid over its own (a key in both takes {@code more}'s value): how an option
     * that names the same part a preset uses keeps the preset's other settings.
     *
     * @param more the settings to lay over
     * @return a new spec of the same name
     */
    public PartSpec with(Map<String, String> more) {
        Map<String, String> merged = new LinkedHashMap<>(settings);
        merged.putAll(more);
        return new PartSpec(name, merged);
    }

    /**
     * The spec as it is written: {@code name} or {@code name:key=value,key=value}.
     *
     * @return the text {@link #parse} reads back to an equal spec
     */
    @Override
    public String toString() {
        if (settings.isEmpty()) {
            return name;
        }
        StringBuilder b = new StringBuilder(name).append(':');
        settings.forEach((k, v) -> b.append(k).append('=').append(v).append(','));
        return b.substring(0, b.length() - 1);
    }
}
