package io.github.astrorag.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Secrets read from the environment are checked without ever being shown; the redactor misses no form. */
class SecretsTest {

    private static final String KEY = "sk-proj-Q7x9LmN2pR4tV6wY8zA1bC3d";

    private static Throwable read(String variable, String value) {
        return catchThrowable(() -> Secrets.fromEnvironment(variable, "--api-key-env", "the API key",
                Map.of("LLM_KEY", value)::get));
    }

    @Test
    void aValueWithATrailingCarriageReturnIsRefusedNamingTheVariableNotTheValue() {
        Throwable e = read("LLM_KEY", KEY + "\r");
        assertThat(e).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("LLM_KEY")
                .hasMessageContaining("white space");
        assertThat(e.getMessage()).doesNotContain("sk-").doesNotContain(KEY.substring(8));
    }

    @Test
    void aValueWithSurroundingSpacesOrAControlCharacterIsRefused() {
        assertThat(read("LLM_KEY", " " + KEY + " ")).hasMessageContaining("LLM_KEY").hasMessageNotContaining(KEY.strip());
        assertThat(read("LLM_KEY", KEY.substring(0, 10) + "\u001b[0m" + KEY.substring(10)))
                .hasMessageContaining("control character").hasMessageNotContaining(KEY.substring(0, 10));
        assertThat(read("LLM_KEY", "")).hasMessageContaining("LLM_KEY").hasMessageContaining("empty");
        assertThat(read("OTHER", KEY)).hasMessageContaining("OTHER").hasMessageContaining("not set");
    }

    @Test
    void aKeyGivenInPlaceOfTheVariableNameIsRefusedWithoutEchoingIt() {
        for (String given : List.of(KEY, "sk_live_abcdef", "Q7x9LmN2pR4tV6wY8zA1bC3dE5", "abc-def-ghi",
                "x".repeat(80), KEY + "\r")) {
            Throwable e = read(given, KEY);
            assertThat(e).as(given).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("NAME of an environment variable").hasMessageContaining("not shown");
            assertThat(e.getMessage()).doesNotContain(given.strip());
        }
    }

    @Test
    void ordinaryVariableNamesAreAccepted() {
        for (String name : List.of("OPENAI_API_KEY", "LLM_KEY", "x", "_K", "ApiKey2")) {
            assertThat(Secrets.fromEnvironment(name, "o", "w", n -> KEY)).isEqualTo(KEY);
        }
        assertThatThrownBy(() -> Secrets.checkVariableName("1ABC", "--api-key-env"))
                .hasMessageContaining("must name an environment variable").hasMessageContaining("'1ABC'");
    }

    @Test
    void theRedactorRemovesTheKeyInEveryForm() {
        Redactor r = Redactor.of(List.of(KEY + "\r\n"));
        assertThat(r.apply("invalid header value: \"Bearer " + KEY + "\\r\"")).isEqualTo("invalid header value: \"Bearer ***\\r\"");
        assertThat(r.apply("key '" + KEY + "' refused")).isEqualTo("key '***' refused");
        assertThat(r.apply("key " + KEY.substring(0, 12) + "\n    " + KEY.substring(12) + " refused")).isEqualTo("key *** refused");
        assertThat(r.apply("key " + KEY.substring(0, 12) + " " + KEY.substring(12) + "!")).isEqualTo("key ***!");
        assertThat(r.apply(KEY + KEY)).isEqualTo("******");
        assertThat(r.apply("nothing secret here")).isEqualTo("nothing secret here");
    }

    @Test
    void theRedactorRemovesCredentialHeaderValuesWhateverTheyHold() {
        Redactor r = Redactor.HEADERS;
        assertThat(r.apply("sent Authorization: Bearer abc.def-ghi and more")).isEqualTo("sent Authorization: Bearer *** and more");
        assertThat(r.apply("{\"Authorization\":\"ApiKey QkFTRTY0\"}")).isEqualTo("{\"Authorization\":\"ApiKey ***\"}");
        assertThat(r.apply("authorization=Basic dXNlcjpwdw==")).isEqualTo("authorization=Basic ***");
        assertThat(r.apply("Authorization: token123")).isEqualTo("Authorization: ***");
        assertThat(r.leaks("plain text")).isFalse();
        assertThat(r.leaks("bearer x")).isTrue();
    }
}
