package io.github.astrorag.core.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

    private static final ObjectMapper JACKSON = new ObjectMapper();

    record Edge(String from, String to, double weight) {
    }

    @Test
    void readsEveryKindOfValue() {
        JsonValue v = Json.parse(" {\"a\": [1, -2.5e1, true, false, null, \"x\\\"\\u00e9\\n\"], \"b\": {}, \"c\": 12345678901234567890} ");
        assertThat(v.isObject()).isTrue();
        assertThat(v.members().keySet()).containsExactly("a", "b", "c");
        JsonValue a = v.path("a");
        assertThat(a.size()).isEqualTo(6);
        assertThat(a.path(0).numberValue()).isEqualTo(1);
        assertThat(Json.parse("4000000000").numberValue()).isEqualTo(4_000_000_000L);
        assertThat(a.path(1).doubleValue()).isEqualTo(-25.0);
        assertThat(a.path(2).asBoolean(false)).isTrue();
        assertThat(a.path(3).asBoolean(true)).isFalse();
        assertThat(a.path(4).isNull()).isTrue();
        assertThat(a.path(5).asText()).isEqualTo("x\"é\n");
        assertThat(v.path("b").size()).isZero();
        assertThat(v.path("c").isIntegral()).isFalse();
        assertThat(v.path("c").doubleValue()).isEqualTo(1.2345678901234567e19);
        assertThat(v.path("zz").isMissing()).isTrue();
        assertThat(v.path("a").path(99).path("deeper").isMissing()).isTrue();
        assertThat(v.get("zz")).isNull();
        assertThat(v.hasNonNull("a")).isTrue();
        assertThat(Json.parse("{\"n\":null}").hasNonNull("n")).isFalse();
    }

    @Test
    void readsTheNonStandardNumbersSoThatCallersCanRejectThem() {
        JsonValue v = Json.parse("[NaN, Infinity, -Infinity]");
        assertThat(v.path(0).doubleValue()).isNaN();
        assertThat(v.path(1).doubleValue()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(v.path(2).doubleValue()).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"abc", "tru", "[1] x", "{'a':1}",
        "\"\\x\"", "\"\\u12\"", "[1e]", "\"a\nb\""})
    void refusesMalformedTextNamingTheOffset(String text) {
        assertThatThrownBy(() -> Json.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("malformed JSON at offset ");
    }

    @Test
    void refusesNestingDeeperThanItsLimitWithoutOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertThatThrownBy(() -> Json.parse(deep)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nested deeper than " + Json.MAX_DEPTH);
        String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertThat(Json.parse(ok).isArray()).isTrue();
    }

    @Test
    void writesCompactJsonThatJacksonReadsBack() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", "quote \" backslash \\ newline \n tab \t bell \u0007 é");
        m.put("int", 3);
        m.put("double", 0.25);
        m.put("nan", Double.NaN);
        m.put("list", List.of(1, "two", false));
        m.put("array", new double[] {1.5, 2});
        m.put("record", new Edge("a", "b", 0.5));
        m.put("null", null);
        String json = Json.write(m);
        assertThat(json).isEqualTo("{\"text\":\"quote \\\" backslash \\\\ newline \\n tab \\t bell \\u0007 é\",\"int\":3,"
                + "\"double\":0.25,\"nan\":\"NaN\",\"list\":[1,\"two\",false],\"array\":[1.5,2.0],"
                + "\"record\":{\"from\":\"a\",\"to\":\"b\",\"weight\":0.5},\"null\":null}");
        assertThat(JACKSON.readTree(json).path("text").asText()).isEqualTo(m.get("text"));
        assertThat(Json.parse(json).path("text").asText()).isEqualTo(m.get("text"));
    }

    @Test
    void prettyPrintsAsJacksonsDefaultPrettyPrinter() throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "select");
        m.put("edges", List.of(new Edge("a", "b", 0.5), new Edge("b", "c", 1.0)));
        m.put("empty", Map.of());
        m.put("none", List.of());
        m.put("nested", Map.of("k", List.of(1, 2)));
        assertThat(Json.pretty(m)).isEqualTo(JACKSON.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m));
    }

    @Test
    void aParsedValueWritesBackToTheSameCompactText() {
        String text = "{\"a\":[1,2.5,{\"b\":null}],\"c\":\"d\",\"e\":true}";
        assertThat(Json.parse(text).toString()).isEqualTo(text);
        assertThat(Json.write(Json.parse(text))).isEqualTo(text);
    }
}
