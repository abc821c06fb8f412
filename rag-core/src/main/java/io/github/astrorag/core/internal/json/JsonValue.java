package io.github.astrorag.core.internal.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One parsed JSON value: an object, array, string, number, boolean, {@code null}, or the missing value that
 * {@link #path(String)} returns for an absent member (so that chains such as
 * {@code reply.path("choices").path(0).path("message")} never fail). Navigation is after Jackson's tree
 * model, so that code reading a reply reads the same with either.
 *
 * <p>Immutable and thread-safe. Member order is kept as parsed.
 */
public final class JsonValue implements Iterable<JsonValue> {

    /** The kinds of value. */
    public enum Kind {
        /** A JSON object. */
        OBJECT,
        /** A JSON array. */
        ARRAY,
        /** A JSON string. */
        STRING,
        /** A JSON number (including the non-standard {@code NaN} and {@code Infinity}). */
        NUMBER,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** {@code null}. */
        NULL,
        /** No value: what {@link #path(String)} and {@link #path(int)} return when there is none. */
        MISSING
    }

    /** The missing value. */
    public static final JsonValue MISSING = new JsonValue(Kind.MISSING, null);
    static final JsonValue NULL = new JsonValue(Kind.NULL, null);
    static final JsonValue TRUE = new JsonValue(Kind.BOOLEAN, Boolean.TRUE);
    static final JsonValue FALSE = new JsonValue(Kind.BOOLEAN, Boolean.FALSE);

    private final Kind kind;
    private final @Nullable Object value;

    private JsonValue(Kind kind, @Nullable Object value) {
        this.kind = kind;
        this.value = value;
    }

    static JsonValue object(LinkedHashMap<String, JsonValue> members) {
        return new JsonValue(Kind.OBJECT, Collections.unmodifiableMap(members));
    }

    static JsonValue array(List<JsonValue> items) {
        return new JsonValue(Kind.ARRAY, List.copyOf(items));
    }

    static JsonValue string(String s) {
        return new JsonValue(Kind.STRING, s);
    }

    static JsonValue number(Number n) {
        return new JsonValue(Kind.NUMBER, n);
    }

    /**
     * What this value is.
     *
     * @return its kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * A member of this object.
     *
     * @param name the member's name
     * @return the member, or {@code null} if this is no object or has no such member
     */
    public @Nullable JsonValue get(String name) {
        return kind == Kind.OBJECT ? members().get(name) : null;
    }

    /**
     * An item of this array.
     *
     * @param index the item's position
     * @return the item, or {@code null} if this is no array or the index is out of range
     */
    public @Nullable JsonValue get(int index) {
        return kind == Kind.ARRAY && index >= 0 && index < items().size() ? items().get(index) : null;
    }

    /**
     * A member of this object, never {@code null}.
     *
     * @param name the member's name
     * @return the member, or {@link #MISSING}
     */
    public JsonValue path(String name) {
        JsonValue v = get(name);
        return v == null ? MISSING : v;
    }

    /**
     * An item of this array, never {@code null}.
     *
     * @param index the item's position
     * @return the item, or {@link #MISSING}
     */
    public JsonValue path(int index) {
        JsonValue v = get(index);
        return v == null ? MISSING : v;
    }

    /**
     * Whether this object has a member of that name.
     *
     * @param name the member's name
     * @return true if it has, false if not or if this is no object
     */
    public boolean has(String name) {
        return get(name) != null;
    }

    /**
     * Whether this object has a member of that name whose value is not {@code null}.
     *
     * @param name the member's name
     * @return true if it has, false if not, if the member is {@code null}, or if this is no object
     */
    public boolean hasNonNull(String name) {
        JsonValue v = get(name);
        return v != null && !v.isNull();
    }

    /**
     * Whether this is a number written without fraction or exponent that fits a {@code long}.
     *
     * @return true for such an integer
     */
    public boolean isIntegral() {
        return kind == Kind.NUMBER && (value instanceof Integer || value instanceof Long);
    }

    /**
     * Whether this holds no item or member.
     *
     * @return true for an empty array or object and for any other value
     */
    public boolean isEmpty() {
        return size() == 0;
    }

    /**
     * The number of items of an array or members of an object.
     *
     * @return that number; 0 for any other value
     */
    public int size() {
        return kind == Kind.ARRAY ? items().size() : kind == Kind.OBJECT ? members().size() : 0;
    }

    /**
     * The items of this array.
     *
     * @return the items in order; empty if this is no array
     */
    @SuppressWarnings("unchecked")
    public List<JsonValue> items() {
        return kind == Kind.ARRAY ? (List<JsonValue>) Objects.requireNonNull(value) : List.of();
    }

    /**
     * The members of this object.
     *
     * @return the members in the order parsed; empty if this is no object
     */
    @SuppressWarnings("unchecked")
    public Map<String, JsonValue> members() {
        return kind == Kind.OBJECT ? (Map<String, JsonValue>) Objects.requireNonNull(value) : Map.of();
    }

    /**
     * Whether this is an array.
     *
     * @return true for an array
     */
    public boolean isArray() {
        return kind == Kind.ARRAY;
    }

    /**
     * Whether this is an object.
     *
     * @return true for an object
     */
    public boolean isObject() {
        return kind == Kind.OBJECT;
    }

    /**
     * Whether this is a string.
     *
     * @return true for a string
     */
    public boolean isTextual() {
        return kind == Kind.STRING;
    }

    /**
     * Whether this is a number.
     *
     * @return true for a number
     */
    public boolean isNumber() {
        return kind == Kind.NUMBER;
    }

    /**
     * Whether this is a JSON {@code null}.
     *
     * @return true for {@code null}
     */
    public boolean isNull() {
        return kind == Kind.NULL;
    }

    /**
     * Whether this is the missing value.
     *
     * @return true if there was no value here
     */
    public boolean isMissing() {
        return kind == Kind.MISSING;
    }

    /**
     * The number.
     *
     * @return an {@link Integer} or {@link Long} for an integer that fits one (as Jackson reads them), else a
     *         {@link Double}; {@code null} if this is no number
     */
    public @Nullable Number numberValue() {
        return kind == Kind.NUMBER ? (Number) value : null;
    }

    /**
     * The number as a double.
     *
     * @return its value; {@code NaN} if this is no number
     */
    public double doubleValue() {
        return kind == Kind.NUMBER ? ((Number) Objects.requireNonNull(value)).doubleValue() : Double.NaN;
    }

    /**
     * The boolean, or a default.
     *
     * @param otherwise what to return for any other value
     * @return the boolean
     */
    public boolean asBoolean(boolean otherwise) {
        return kind == Kind.BOOLEAN ? (Boolean) Objects.requireNonNull(value) : otherwise;
    }

    /**
     * A string's text, or a default.
     *
     * @param otherwise what to return for the missing value and {@code null}
     * @return {@link #asText()}, or {@code otherwise}
     */
    public String asText(String otherwise) {
        return kind == Kind.MISSING || kind == Kind.NULL ? otherwise : asText();
    }

    /**
     * An integral number that fits an {@code int}, or a default.
     *
     * @param otherwise what to return for any other value
     * @return the number
     */
    public int asInt(int otherwise) {
        return value instanceof Integer i ? i : otherwise;
    }

    /**
     * The plain Java form of this value: {@link Map} (in order), {@link List}, {@link String}, {@link Number},
     * {@link Boolean}, or {@code null} for {@code null} and the missing value.
     *
     * @return that form, unmodifiable
     */
    public @Nullable Object toJava() {
        return switch (kind) {
            case OBJECT -> {
                Map<String, @Nullable Object> m = new LinkedHashMap<>();
                members().forEach((k, v) -> m.put(k, v.toJava()));
                yield Collections.unmodifiableMap(m);
            }
            case ARRAY -> Collections.unmodifiableList(items().stream().map(JsonValue::toJava).toList());
            case NULL, MISSING -> null;
            default -> value;
        };
    }

    /**
     * The value as text: a string's own text, a number's or boolean's literal, {@code "null"}; the empty
     * string for an object, an array or the missing value.
     *
     * @return that text
     */
    public String asText() {
        return switch (kind) {
            case STRING -> (String) Objects.requireNonNull(value);
            case NUMBER, BOOLEAN -> Json.write(this);
            case NULL -> "null";
            default -> "";
        };
    }

    /**
     * The items of an array, or the member values of an object, in order; nothing for any other value.
     *
     * @return an iterator over them
     */
    @Override
    public java.util.Iterator<JsonValue> iterator() {
        return kind == Kind.OBJECT ? members().values().iterator() : items().iterator();
    }

    /** Compact JSON of this value; empty for the missing value. */
    @Override
    public String toString() {
        return kind == Kind.MISSING ? "" : Json.write(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonValue v && v.kind == kind && Objects.equals(v.value, value);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Objects.hashCode(value);
    }

    @Nullable Object raw() {
        return value;
    }
}
