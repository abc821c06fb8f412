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
        assertThat(LexicalSupport.normalised("ar", "وأحمد")).isEqualTo("احمد"); // و from four letters
        assertThat(LexicalSupport.normalised("ar", "وعد")).isEqualTo("وعد"); // three letters: و is the word's
        assertThat(LexicalSupport.normalised("ar", "مَدْرَسَة")).isEqualTo("مدرس"); // ة -> ه, then the suffix ه
        assertThat(LexicalSupport.normalised("ar", "ال")).isEqualTo("ال"); // too short to lose its article
        // the accusative tanween's alef, with or without its mark, from four letters: a word of three keeps it
        assertThat(LexicalSupport.normalised("ar", "سكاناً")).isEqualTo(LexicalSupport.normalised("ar", "السكان"))
                .isEqualTo("سك");
        assertThat(LexicalSupport.normalised("ar", "شمالا")).isEqualTo("شمال");
        assertThat(LexicalSupport.normalised("ar", "هذا")).isEqualTo("هذا");
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

    @Test
    void arabicTermsAreLightlyStemmedSoThatAWordsFormsMeet() {
        // article, then the suffixes ها ان ات ون ين يه ه ي in order, each once, two letters kept
        assertThat(LexicalSupport.normalised("ar", "مقالاتها")).isEqualTo("مقال"); // ها, then ات
        assertThat(LexicalSupport.normalised("ar", "مقالاته")).isEqualTo("مقالات"); // ات is tried before ه
        assertThat(LexicalSupport.normalised("ar", "المقالات")).isEqualTo("مقال");
        assertThat(LexicalSupport.normalised("ar", "والمعلمون")).isEqualTo("معلم");
        assertThat(LexicalSupport.normalised("ar", "العربية")).isEqualTo("عرب"); // ة -> ه; يه
        assertThat(LexicalSupport.normalised("ar", "بيان")).isEqualTo("بي"); // ان: two letters remain
        assertThat(LexicalSupport.normalised("ar", "كان")).isEqualTo("كان"); // one letter would remain
    }

    @Test
    void theFunctionWordListsAreReadFromTheResourcesAndAnArabicConjunctionDoesNotHideOne() {
        EnglishTermAnalyzer analyzer = EnglishTermAnalyzer.defaults();
        // Arabic: the article alone, pronouns behind a preposition, a function word behind و or ف
        assertThat(LexicalSupport.evidence("ar", Set.of("ال", "منها", "وفي", "فهو", "الذين", "قيام", "وزير"), analyzer))
                .containsExactlyInAnyOrder("قيام", "زير"); // وزير: its و taken by the light stemmer
        // ولد (born) is no و before a function word: لد is only the normal form of لدى, not a word of the list
        assertThat(LexicalSupport.evidence("ar", "ولد")).isTrue();
        assertThat(LexicalSupport.evidence("ar", "ولدى")).isFalse();
        // Thai: auxiliaries, nominalisers, polite particles and the era marker of a date
        assertThat(LexicalSupport.evidence("th", Set.of("กำลัง", "ความ", "ครับ", "พ.ศ.", "แม่น้ำ"), analyzer))
                .containsExactly("แม่น้ำ");
        // Chinese has no list: its Han pairs decide
        assertThat(LexicalSupport.evidence("zh", Set.of("长城", "长度"), analyzer)).containsExactlyInAnyOrder("长城", "长度");
    }

    @Test
    void aQuestionOfTwoEvidenceTermsOneOfThemInTheSentenceHasHalfSupport() {
        // متى تأسست القاهرة: evidence {تاسست, قاهر} (متى a question word; ة -> ه, then the suffix ه); the context
        // and its sentence hold قاهر only: 0.5·(1/2) + 0.5·(1/2) = 0.5, at the Arabic threshold 0.5; the sentence
        // "تأسست القاهرة عام 969" holds both: 1.0
        EnglishTermAnalyzer analyzer = EnglishTermAnalyzer.defaults();
        Set<String> evidence = LexicalSupport.evidence("ar", Set.of("متى", "تأسست", "القاهرة"), analyzer);
        assertThat(evidence).containsExactlyInAnyOrder("تاسست", "قاهر");
        Set<String> other = LexicalSupport.normalised("ar", List.of("تقع", "القاهرة", "النيل"));
        assertThat(LexicalSupport.support(evidence, other, other)).isEqualTo(0.5);
        Set<String> own = LexicalSupport.normalised("ar", List.of("تأسست", "القاهرة", "عام", "969"));
        assertThat(LexicalSupport.support(evidence, own, own)).isEqualTo(1.0);
    }
}
