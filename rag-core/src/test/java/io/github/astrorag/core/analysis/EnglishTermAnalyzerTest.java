package io.github.astrorag.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.internal.text.Terms;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The default analysis: Lucene's English terms, words cut in Thai, Han as pairs, Hangul as chosen. */
class EnglishTermAnalyzerTest {

    private static final TermAnalyzer DEFAULTS = EnglishTermAnalyzer.defaults();

    @ParameterizedTest
    @ValueSource(strings = {"The Stars and the Moon's craters", "What are the galaxies of the Local Group?",
            "U.S.A. can't 3.14 1,000 e.g. a:b snake_case x2 2x", "Émile Zola, Größe, naïve café ☉ ♂ 🇫🇷", "",
            " ,.;! ", "Привет, мир! Кометы", "للمريخ قمران صغيران", "हिन्दी भाषा"})
    void aTextWithoutThaiHanOrHangulGetsExactlyTheEnglishTerms(String text) {
        assertThat(DEFAULTS.terms(text)).isEqualTo(Terms.of(text));
        List<String> streamed = new ArrayList<>();
        DEFAULTS.forEachTerm(text, streamed::add);
        assertThat(streamed).isEqualTo(Terms.of(text));
    }

    @Test
    void aLongLatinWordIsCutAsBefore() {
        String text = "a".repeat(300) + " ดาว";
        assertThat(DEFAULTS.terms(text)).containsExactly("a".repeat(255), "a".repeat(45), "ดาว");
    }

    @Test
    void aThaiRunIsCutIntoDictionaryWords() {
        // "Jupiter is the largest planet", one run without spaces
        assertThat(DEFAULTS.terms("ดาวพฤหัสบดีเป็นดาวเคราะห์ที่ใหญ่ที่สุด"))
                .containsExactly("ดาว", "พฤหัสบดี", "เป็น", "ดาวเคราะห์", "ที่", "ใหญ่", "ที่สุด");
        // Latin words beside and inside a Thai run keep their English analysis
        assertThat(DEFAULTS.terms("Hubble ถ่ายภาพกาแล็กซี")).containsExactly("hubbl", "ถ่าย", "ภาพ", "กาแล็กซี");
        // an English text quoting a Thai, Chinese or Korean word keeps exactly the English terms
        for (String text : List.of("Hubble ถ่ายภาพ galaxies", "Zhang Yimou (张艺谋) directed Hero", "the Korean War (한국전쟁)")) {
            assertThat(DEFAULTS.terms(text)).as(text).isEqualTo(Terms.of(text));
        }
        assertThat(DEFAULTS.terms("NASAส่งยาน")).containsExactly("nasa", "ส่ง", "ยาน");
        // a Thai run longer than the segmenter's 255-character limit is cut by the dictionary, not at 255
        String run = "ดาวเคราะห์".repeat(30);
        assertThat(DEFAULTS.terms(run)).hasSize(30).containsOnly("ดาวเคราะห์");
    }

    @Test
    void hanIsCutIntoOverlappingPairsOrCharacters() {
        // "Mars has two moons. Astronomers observed a new comet": pairs never cross the full stop
        assertThat(DEFAULTS.terms("火星有两颗卫星。天文学家"))
                .containsExactly("火星", "星有", "有两", "两颗", "颗卫", "卫星", "天文", "文学", "学家");
        assertThat(DEFAULTS.terms("月 is one character")).containsExactly("月", "on", "charact");
        assertThat(DEFAULTS.terms("东京タワー")).containsExactly("东京", "タワー");
        TermAnalyzer characters = EnglishTermAnalyzer.builder().hanBigrams(false).hangulBigrams(false).build();
        assertThat(characters.terms("火星有两颗卫星。东京タワー")).isEqualTo(Terms.of("火星有两颗卫星。东京タワー"))
                .containsExactly("火", "星", "有", "两", "颗", "卫", "星", "东", "京", "タワー");
    }

    @Test
    void hangulIsCutIntoPairsOrWords() {
        // "Mars has two moons"
        assertThat(DEFAULTS.terms("화성에는 두 개의 위성이 있다"))
                .containsExactly("화성", "성에", "에는", "두", "개의", "위성", "성이", "있다");
        assertThat(DEFAULTS.terms("NASA의 망원경")).containsExactly("nasa", "의", "망원", "원경");
        TermAnalyzer words = EnglishTermAnalyzer.builder().hangulBigrams(false).build();
        assertThat(words.terms("화성에는 두 개의 위성이 있다")).isEqualTo(Terms.of("화성에는 두 개의 위성이 있다"))
                .containsExactly("화성에는", "두", "개의", "위성이", "있다");
    }

    @Test
    void theBuilderRefusesASettingGivenTwiceAndTheDescriptionNamesTheChoices() {
        assertThatThrownBy(() -> EnglishTermAnalyzer.builder().hanBigrams(true).hanBigrams(false))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("hanBigrams");
        assertThatThrownBy(() -> EnglishTermAnalyzer.builder().hangulBigrams(true).hangulBigrams(false))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("hangulBigrams");
        assertThatThrownBy(() -> DEFAULTS.terms(null)).isInstanceOf(NullPointerException.class);
        assertThat(DEFAULTS.describe()).isEqualTo(Map.of("name", "english", "han", "bigrams", "hangul", "bigrams"));
    }

    @Test
    void theRegistryMakesItByNameWithItsSettings() {
        PartRegistry parts = PartRegistry.installed();
        PartContext context = PartContext.of(parts);
        assertThat(context.analyzer()).isSameAs(DEFAULTS);
        assertThat(parts.create(Role.ANALYZER, "english", context)).isSameAs(DEFAULTS);
        TermAnalyzer characters = parts.create(Role.ANALYZER, "english:han=characters,hangul=words", context);
        assertThat(characters.describe()).containsEntry("han", "characters").containsEntry("hangul", "words");
        assertThat(context.with(characters).analyzer()).isSameAs(characters);
        assertThatThrownBy(() -> parts.create(Role.ANALYZER, "english:han=words", context))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("han");
    }
}
