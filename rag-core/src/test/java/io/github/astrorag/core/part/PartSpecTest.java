package io.github.astrorag.core.part;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartSpecTest {

    @Test
    void readsANameAndItsSettingsAndWritesThemBack() {
        PartSpec s = PartSpec.parse(" mmr : k = 5 , lambda=0.7 ");
        assertThat(s.name()).isEqualTo("mmr");
        assertThat(s.settings()).containsExactly(Map.entry("k", "5"), Map.entry("lambda", "0.7"));
        assertThat(s).hasToString("mmr:k=5,lambda=0.7");
        assertThat(PartSpec.parse(s.toString())).isEqualTo(s);
        assertThat(PartSpec.parse("Weighted")).isEqualTo(PartSpec.of("weighted"));
        assertThat(PartSpec.parse("openai:base-url=http://127.0.0.1:8000/v1").settings())
                .containsEntry("base-url", "http://127.0.0.1:8000/v1");
    }

    @Test
    void aListContinuesThePartBeforeWithItsSettings() {
        assertThat(PartSpec.parseList("naive,weighted:bm25-weight=0.4,fetch-size=30,default").stream().map(PartSpec::toString))
                .containsExactly("naive", "weighted:bm25-weight=0.4,fetch-size=30", "default");
        assertThat(PartSpec.parseList("default,coverage-weight=1")).containsExactly(new PartSpec("default", Map.of("coverage-weight", "1")));
        assertThatThrownBy(() -> PartSpec.parseList("k=3,naive")).hasMessageContaining("starts with a setting");
    }

    @Test
    void refusesWhatIsNotAPart() {
        assertThatThrownBy(() -> PartSpec.parse(" ")).hasMessageContaining("was empty");
        assertThatThrownBy(() -> PartSpec.parse("mmr:k")).hasMessageContaining("a setting is written key=value, was 'k'");
        assertThatThrownBy(() -> PartSpec.parse("mmr:k=1,k=2")).hasMessageContaining("setting k is given twice");
        assertThatThrownBy(() -> PartSpec.parse("corag_paper")).hasMessageContaining("was 'corag_paper'");
        assertThatThrownBy(() -> new PartSpec("mmr", Map.of("k", "1,2"))).hasMessageContaining("must not hold a comma");
    }

    @Test
    void withLaysSettingsOverTheOwnOnes() {
        PartSpec own = PartSpec.parse("weighted:bm25-weight=0.5");
        assertThat(own.with(Map.of("fetch-size", "40"))).hasToString("weighted:bm25-weight=0.5,fetch-size=40");
        assertThat(own.with(Map.of("bm25-weight", "0.2"))).hasToString("weighted:bm25-weight=0.2");
        assertThat(List.of(own.with(Map.of()))).containsExactly(own);
    }
}
