package io.github.astrorag.core.internal.json;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * JSON (RFC 8259) for what this library reads and writes: the replies of HTTP generators and embedders,
 * request bodies, and traces. It keeps the core free of a JSON library.
 *
 * <p>{@link #parse(String)} reads one value into a {@link JsonValue} tree. It accepts the non-standard
 * literals {@code NaN}, {@code Infinity} and {@code -Infinity} (some servers send them, and callers must be
 * able to reject them with a clear message); anything else outside the grammar, trailing text, or nesting
 * deeper than {@value #MAX_DEPTH} fails with an {@link IllegalArgumentException} that names the offset.
 * Linear in the text's length.
 *
 * <p>{@link #write(Object)} and {@link #pretty(Object)} write maps (in their iteration order), iterables,
 * arrays, records (components in declaration order), strings, numbers, booleans, enums (by name),
 * {@link JsonValue}s and {@code null}; any other object is written as the string of its {@code toString()}.
 * A non-finite double is written as a string ({@code "NaN"}), as Jackson does by default. {@code pretty}
 * indents objects by two spaces and keeps arrays on one line, the layout of Jackson's default pretty printer.
 *
 * <p>Stateless and thread-safe.
 */
public final class Json {

    /** The deepest nesting {@link #parse(String)} accepts. */
    public static final int MAX_DEPTH = 512;

    private Json() {
    }

    /**
     * Parses one JSON value.
     *
     * @param text the JSON text
     * @return its value
     * @throws IllegalArgumentException if the text is not one JSON value, naming the offset of the error
     */
    public static JsonValue parse(String text) {
        return parse(text, Integer.MAX_VALUE);
    }

    /**
     * Parses one JSON value in which no array holds more than {@code maxItems} values: the array that would
     * is refused when its value number {@code maxItems + 1} is reached, before it is read further, with a
     * {@link TooManyItems}.
     *
     * @param text the JSON text
     * @param maxItems the most values one array may hold, at least 1
     * @return its value
     * @throws TooManyItems if an array holds more values
     * @throws IllegalArgumentException if the text is not one JSON value, naming the offset of the error
     */
    public static JsonValue parse(String text, int maxItems) {
        if (maxItems < 1) {
            throw new IllegalArgumentException("maxItems must be at least 1, was " + maxItems);
        }
        Parser p = new Parser(text, maxItems);
        p.skipSpace();
        JsonValue v = p.value(0);
        p.skipSpace();
        if (p.at < text.length()) {
            throw p.error("text after the value");
        }
        return v;
    }

    /**
     * Compact JSON of a value.
     *
     * @param value a map, iterable, array, record, string, number, boolean, enum, JsonValue or null
     * @return its JSON text
     */
    public static String write(@Nullable Object value) {
        StringBuilder b = new StringBuilder();
        new Writer(b, false).value(value, 0);
        return b.toString();
    }

    /**
     * Indented JSON of a value, laid out as Jackson's default pretty printer does.
     *
     * @param value a map, iterable, array, record, string, number, boolean, enum, JsonValue or null
     * @return its JSON text
     */
    public static String pretty(@Nullable Object value) {
        StringBuilder b = new StringBuilder();
        new Writer(b, true).value(value, 0);
        return b.toString();
    }

    /** An array longer than {@link #parse(String, int)} allows. */
    public static final class TooManyItems extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int maxItems;

        TooManyItems(int maxItems, int offset) {
            super("an array of more than " + maxItems + " values (at offset " + offset + ")");
            this.maxItems = maxItems;
        }

        /**
         * The limit that was passed.
         *
         * @return the most values one array may hold
         */
        public int maxItems() {
            return maxItems;
        }
    }

    private static final class Parser {
        private final String s;
        private final int maxItems;
        private int at;

        Parser(String s, int maxItems) {
            this.s = s;
            this.maxItems = maxItems;
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("malformed JSON at offset " + at + " of " + s.length() + ": " + what);
        }

        void skipSpace() {
            while (at < s.length()) {
                char c = s.charAt(at);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                at++;
            }
        }

        JsonValue value(int depth) {
            if (depth >= MAX_DEPTH) {
                throw error("nested deeper than " + MAX_DEPTH);
            }
            if (at >= s.length()) {
                throw error("a value was expected");
            }
            char c = s.charAt(at);
            switch (c) {
                case '{':
                    return object(depth);
                case '[':
                    return array(depth);
                case '"':
                    return JsonValue.string(string());
                case 't':
                    literal("true");
                    return JsonValue.TRUE;
                case 'f':
                    literal("false");
                    return JsonValue.FALSE;
                case 'n':
                    literal("null");
                    return JsonValue.NULL;
                case 'N':
                    literal("NaN");
                    return JsonValue.number(Double.NaN);
                case 'I':
                    literal("Infinity");
                    return JsonValue.number(Double.POSITIVE_INFINITY);
                default:
                    if (c == '-' || c >= '0' && c <= '9') {
                        return number();
                    }
                    throw error("unexpected character '" + c + "'");
            }
        }

        private void literal(String word) {
            if (!s.startsWith(word, at)) {
                throw error(word + " was expected");
            }
            at += word.length();
        }

        private JsonValue object(int depth) {
            at++;
            LinkedHashMap<String, JsonValue> members = new LinkedHashMap<>();
            skipSpace();
            if (at < s.length() && s.charAt(at) == '}') {
                at++;
                return JsonValue.object(members);
            }
            while (true) {
                skipSpace();
                if (at >= s.length() || s.charAt(at) != '"') {
                    throw error("a member name was expected");
                }
                String name = string();
                skipSpace();
                expect(':');
                skipSpace();
                members.put(name, value(depth + 1));
                skipSpace();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect('}');
                return JsonValue.object(members);
            }
        }

        private JsonValue array(int depth) {
            at++;
            List<JsonValue> items = new ArrayList<>();
            skipSpace();
            if (at < s.length() && s.charAt(at) == ']') {
                at++;
                return JsonValue.array(items);
            }
            while (true) {
                skipSpace();
                if (items.size() == maxItems) {
                    throw new TooManyItems(maxItems, at);
                }
                items.add(value(depth + 1));
                skipSpace();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect(']');
                return JsonValue.array(items);
            }
        }

        private void expect(char c) {
            if (at >= s.length() || s.charAt(at) != c) {
                throw error("'" + c + "' was expected");
            }
            at++;
        }

        private String string() {
            at++;
            StringBuilder b = null;
            int start = at;
            while (true) {
                if (at >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(at);
                if (c == '"') {
                    String out = b == null ? s.substring(start, at) : b.append(s, start, at).toString();
                    at++;
                    return out;
                }
                if (c < 0x20) {
                    throw error("control character in a string");
                }
                if (c == '\\') {
                    if (b == null) {
                        b = new StringBuilder();
                    }
                    b.append(s, start, at);
                    at++;
                    b.append(escape());
                    start = at;
                } else {
                    at++;
                }
            }
        }

        private char escape() {
            if (at >= s.length()) {
                throw error("unterminated escape");
            }
            char c = s.charAt(at++);
            switch (c) {
                case '"', '\\', '/':
                    return c;
                case 'b':
                    return '\b';
                case 'f':
                    return '\f';
                case 'n':
                    return '\n';
                case 'r':
                    return '\r';
                case 't':
                    return '\t';
                case 'u':
                    if (at + 4 > s.length()) {
                        throw error("short \\u escape");
                    }
                    int v = 0;
                    for (int i = 0; i < 4; i++) {
                        int d = Character.digit(s.charAt(at++), 16);
                        if (d < 0) {
                            throw error("bad \\u escape");
                        }
                        v = v * 16 + d;
                    }
                    return (char) v;
                default:
                    at--;
                    throw error("bad escape '\\" + c + "'");
            }
        }

        private JsonValue number() {
            int start = at;
            boolean integral = true;
            if (s.charAt(at) == '-') {
                at++;
                if (s.startsWith("Infinity", at)) {
                    at += "Infinity".length();
                    return JsonValue.number(Double.NEGATIVE_INFINITY);
                }
            }
            int digits = digits();
            if (digits == 0 || digits > 1 && s.charAt(at - digits) == '0') {
                throw error("malformed number");
            }
            if (at < s.length() && s.charAt(at) == '.') {
                at++;
                integral = false;
                if (digits() == 0) {
                    throw error("malformed number");
                }
            }
            if (at < s.length() && (s.charAt(at) == 'e' || s.charAt(at) == 'E')) {
                at++;
                integral = false;
                if (at < s.length() && (s.charAt(at) == '+' || s.charAt(at) == '-')) {
                    at++;
                }
                if (digits() == 0) {
                    throw error("malformed number");
                }
            }
            String literal = s.substring(start, at);
            if (integral && literal.length() <= 18) {
                long v = Long.parseLong(literal);
                return JsonValue.number(v == (int) v ? (Number) (int) v : (Number) v);
            }
            return JsonValue.number(Double.parseDouble(literal));
        }

        private int digits() {
            int from = at;
            while (at < s.length() && s.charAt(at) >= '0' && s.charAt(at) <= '9') {
                at++;
            }
            return at - from;
        }
    }

    private static final class Writer {
        private final StringBuilder b;
        private final boolean pretty;

        Writer(StringBuilder b, boolean pretty) {
            this.b = b;
            this.pretty = pretty;
        }

        void value(@Nullable Object v, int indent) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof JsonValue j) {
                jsonValue(j, indent);
            } else if (v instanceof CharSequence || v instanceof Character) {
                string(v.toString());
            } else if (v instanceof Double || v instanceof Float) {
                double d = ((Number) v).doubleValue();
                if (Double.isFinite(d)) {
                    b.append(v instanceof Float ? Float.toString((Float) v) : Double.toString(d));
                } else {
                    string(Double.toString(d));
                }
            } else if (v instanceof Number || v instanceof Boolean) {
                b.append(v);
            } else if (v instanceof Enum<?> e) {
                string(e.name());
            } else if (v instanceof Map<?, ?> m) {
                Map<String, Object> members = new LinkedHashMap<>();
                m.forEach((k, x) -> members.put(String.valueOf(k), x));
                object(members, indent);
            } else if (v instanceof Iterable<?> it) {
                List<Object> items = new ArrayList<>();
                it.forEach(items::add);
                array(items, indent);
            } else if (v.getClass().isArray()) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < Array.getLength(v); i++) {
                    items.add(Array.get(v, i));
                }
                array(items, indent);
            } else if (v instanceof Record r) {
                object(components(r), indent);
            } else {
                string(v.toString());
            }
        }

        private void jsonValue(JsonValue j, int indent) {
            switch (j.kind()) {
                case OBJECT -> object(new LinkedHashMap<>(j.members()), indent);
                case ARRAY -> array(new ArrayList<>(j.items()), indent);
                case STRING -> string(j.asText());
                case NUMBER, BOOLEAN -> value(j.raw(), indent);
                default -> b.append("null");
            }
        }

        private static Map<String, Object> components(Record r) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    c.getAccessor().setAccessible(true);
                    out.put(c.getName(), c.getAccessor().invoke(r));
                } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
                    throw new IllegalArgumentException("cannot read " + r.getClass().getName() + "." + c.getName(), e);
                }
            }
            return out;
        }

        private void object(Map<String, Object> members, int indent) {
            if (members.isEmpty()) {
                b.append(pretty ? "{ }" : "{}");
                return;
            }
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : members.entrySet()) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                newline(indent + 1);
                string(e.getKey());
                b.append(pretty ? " : " : ":");
                value(e.getValue(), indent + 1);
            }
            newline(indent);
            b.append('}');
        }

        private void array(List<Object> items, int indent) {
            if (items.isEmpty()) {
                b.append(pretty ? "[ ]" : "[]");
                return;
            }
            b.append(pretty ? "[ " : "[");
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    b.append(pretty ? ", " : ",");
                }
                value(items.get(i), indent);
            }
            b.append(pretty ? " ]" : "]");
        }

        private void newline(int indent) {
            if (pretty) {
                b.append('\n');
                b.append("  ".repeat(indent));
            }
        }

        private void string(String s) {
            b.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append("\\t");
                    case '\b' -> b.append("\\b");
                    case '\f' -> b.append("\\f");
                    default -> {
                        if (c < 0x20) {
                            b.append(String.format("\\u%04X", (int) c));
                        } else {
                            b.append(c);
                        }
                    }
                }
            }
            b.append('"');
        }
    }
}
