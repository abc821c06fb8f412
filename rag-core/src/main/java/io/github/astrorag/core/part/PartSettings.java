package io.github.astrorag.core.part;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The checked settings a part is made with: every value given was read by its {@link Setting}, every required one is
 * present, and every other declared setting holds its default (or nothing, where the part decides). A factory reads
 * them by key; asking for a key the part did not declare is a programming error.
 */
public final class PartSettings {

    private final String part;
    private final Map<String, Setting> declared;
    private final Map<String, Object> values;
    private final Map<String, String> given;

    PartSettings(String part, Map<String, Setting> declared, Map<String, Object> values, Map<String, String> given) {
        this.part = part;
        this.declared = declared;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    /**
     * Whether the user gave {@code key} (rather than it holding its default).
     *
     * @param key a declared key
     * @return true if given
     */
    public boolean isGiven(String key) {
        declared(key);
        return given.containsKey(key);
    }

    /**
     * Whether {@code key} has a value, given or by default.
     *
     * @param key a declared key
     * @return true if {@link #get} would return non-null
     */
    public boolean has(String key) {
        declared(key);
        return values.containsKey(key);
    }

    /**
     * The value of a whole-number setting.
     *
     * @param key a declared {@link Setting.Kind#INTEGER} key that has a value
     * @return the value
     */
    public int integer(String key) {
        return (Integer) require(key);
    }

    /**
     * The value of a number setting.
     *
     * @param key a declared {@link Setting.Kind#NUMBER} key that has a value
     * @return the value
     */
    public double number(String key) {
        return (Double) require(key);
    }

    /**
     * The value of a flag.
     *
     * @param key a declared {@link Setting.Kind#FLAG} key
     * @return the value
     */
    public boolean flag(String key) {
        return (Boolean) require(key);
    }

    /**
     * The value of a text or choice setting.
     *
     * @param key a declared {@link Setting.Kind#TEXT} or {@link Setting.Kind#CHOICE} key that has a value
     * @return the value
     */
    public String text(String key) {
        return (String) require(key);
    }

    /**
     * The value of {@code key}, or null if it has none.
     *
     * @param key a declared key
     * @return the value, typed by the setting's kind, or null
     */
    public @Nullable Object get(String key) {
        declared(key);
        return values.get(key);
    }

    /**
     * The settings the user gave, as written.
     *
     * @return key to text, in the order given
     */
    public Map<String, String> given() {
        return given;
    }

    private Object require(String key) {
        Object v = get(key);
        if (v == null) {
            throw new IllegalStateException(part + ": setting " + key + " has no value and no default");
        }
        return v;
    }

    private void declared(String key) {
        Objects.requireNonNull(key, "key");
        if (!declared.containsKey(key)) {
            throw new IllegalArgumentException(part + " declares no setting " + key);
        }
    }
}
