package io.github.astrorag.core.part;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettingTest {

    @Test
    void readsEachKindWithinItsLimits() {
        assertThat(Setting.integer("k", "chunks", 3, 1, 10).parse("p", " 7 ")).isEqualTo(7);
        assertThat(Setting.number("w", "weight", 0.5, 0, 1).parse("p", "0.25")).isEqualTo(0.25);
        assertThat(Setting.flag("fill", "fill", false).parse("p", "TRUE")).isEqualTo(true);
        assertThat(Setting.choice("graph", "graph", "cosine", List.of("cosine", "mention")).parse("p", "Mention"))
                .isEqualTo("mention");
        assertThat(Setting.text("url", "url", null).parse("p", "http://x")).isEqualTo("http://x");
    }

    @Test
    void aBadValueNamesThePartTheKeyTheValueAndTheLimit() {
        assertThatThrownBy(() -> Setting.integer("k", "chunks", 3, 1, 10).parse("retriever mmr", "11"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retriever mmr: setting k must be a whole number in [1, 10], was '11'");
        assertThatThrownBy(() -> Setting.integer("k", "chunks", 3, 1, 10).parse("p", "2.5")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> Setting.number("w", "weight", 0.5, 0, 1).parse("p", "NaN")).hasMessageContaining("was 'NaN'");
        assertThatThrownBy(() -> Setting.number("w", "weight", 0.5, 0, 1).parse("p", "Infinity")).hasMessageContaining("[0.0, 1.0]");
        assertThatThrownBy(() -> Setting.flag("f", "f", false).parse("p", "yes")).hasMessageContaining("true or false");
        assertThatThrownBy(() -> Setting.choice("g", "g", null, List.of("a", "b")).parse("p", "c")).hasMessageContaining("one of a, b");
        assertThatThrownBy(() -> Setting.text("t", "t", null).parse("p", " ")).hasMessageContaining("non-empty");
    }

    @Test
    void aDefinitionIsCheckedWhenMade() {
        assertThatThrownBy(() -> Setting.integer("k", "chunks", 0, 1, 10)).hasMessageContaining("default: setting k");
        assertThatThrownBy(() -> Setting.choice("g", "g", null, List.of())).hasMessageContaining("needs its choices");
        assertThatThrownBy(() -> Setting.number("w", "w", null, 2, 1)).hasMessageContaining("min 2.0 exceeds max 1.0");
        assertThat(Setting.integer("k", "chunks in the context", 3, 1, 10).summary())
                .isEqualTo("k (integer 1..10, default 3): chunks in the context");
        assertThat(Setting.text("url", "the server", null).asRequired().summary()).isEqualTo("url (text, required): the server");
    }
}
