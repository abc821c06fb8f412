package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LexicalSupportTest {

    @Test
    void theSupportIsHalfTheShareFoundInTheContextAndHalfTheShareTheSentenceHolds() {
        // 3 of 4 evidence terms in the context, 1 in the sentence: 0.5·0.75 + 0.5·0.25 = 0.5
        assertThat(LexicalSupport.support(Set.of("a", "b", "c", "d"), Set.of("a", "b", "c", "x"), List.of("a", "x")))
                .isEqualTo(0.5);
        assertThat(LexicalSupport.support(Set.of(), Set.of("a"), List.of("a"))).isZero();
    }

    @Test
    void arabicTermsAreComparedWithoutArticleDiacriticsAndLetterVariants() {
        assertThat(LexicalSupport.normalised("ar", "النيل")).isEqualTo("نيل");
        assertThat(LexicalSupport.normalised("ar", "وأحمد")).isEqualTo("واحمد");
        assertThat(LexicalSupport.normalised("ar", "مَدْرَسَة")).isEqualTo("مدرسه");
        assertThat(LexicalSupport.normalised("ar", "ال")).isEqualTo("ال"); // too short to lose its article
        assertThat(LexicalSupport.normalised("zh", "黄河")).isEqualTo("黄河");
    }

    @Test
    void questionWordsFunctionWordsAndHanPairsHoldingAFunctionCharacterAreNoEvidence() {
        EnglishTermAnalyzer analyzer = EnglishTermAnalyzer.defaults();
        Set<String> zh = Set.copyOf(analyzer.terms("黄河发源于哪里？"));
        assertThat(LexicalSupport.evidence("zh", zh, analyzer)).containsExactlyInAnyOrder("黄河", "河发", "发源");
        assertThat(LexicalSupport.evidence("ar", Set.of("ما", "في", "النيل"), analyzer)).containsExactly("نيل");
        assertThat(LexicalSupport.evidence("th", Set.of("อะไร", "ที่", "เชียงใหม่"), analyzer))
                .containsExactly("เชียงใหม่");
        // nothing left: every term counts, normalised
        assertThat(LexicalSupport.evidence("ar", Set.of("في"), analyzer)).containsExactly("في");
    }
}
