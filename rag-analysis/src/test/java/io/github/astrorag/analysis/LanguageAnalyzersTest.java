package io.github.astrorag.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lucene's analyzers by language and {@code auto} (fixtures written for this test). */
class LanguageAnalyzersTest {

    @Test
    void normalisesAndStemsByLanguage() {
        // Arabic: the article al- and the prefix li- go, "largest" keeps its alef normalised (أ → ا)
        assertThat(LanguageAnalyzers.byName("arabic").terms("للمريخ قمران صغيران. المشتري أكبر كوكب"))
                .containsExactly("مريخ", "قمر", "صغير", "مشتر", "اكبر", "كوكب");
        // Hindi: "moons" and "planet" normalised and stemmed, the postpositions are stop words
        assertThat(LanguageAnalyzers.byName("hindi").terms("मंगल ग्रह के दो छोटे चंद्रमा हैं"))
                .containsExactly("मंगल", "गरह", "छोट", "चंदरम");
        // Russian: "satellites" and "satellite" share a stem
        assertThat(LanguageAnalyzers.byName("russian").terms("Спутники планеты, спутник"))
                .containsExactly("спутник", "планет", "спутник");
        // German: ß and umlauts normalised, plural stemmed
        assertThat(LanguageAnalyzers.byName("german").terms("Die Monde des Mars sind klein. Größere Planeten"))
                .containsExactly("mond", "mars", "klein", "gross", "planet");
        // French: elision l' removed, accents folded, plural stemmed
        assertThat(LanguageAnalyzers.byName("french").terms("Les lunes de l'étoile")).containsExactly("lune", "etoil");
    }

    @Test
    void segmentsChineseKoreanJapaneseAndThaiByDictionary() {
        assertThat(LanguageAnalyzers.byName("chinese").terms("火星有两颗小卫星。"))
                .containsExactly("火星", "有", "两", "颗", "小", "卫星");
        // nori: the particle 에는 and the ending 다 are removed
        assertThat(LanguageAnalyzers.byName("korean").terms("화성에는 작은 위성 두 개가 있다"))
                .containsExactly("화성", "작", "위성", "개", "있");
        assertThat(LanguageAnalyzers.byName("japanese").terms("火星には小さな衛星が二つある"))
                .containsExactly("火星", "小さな", "衛星", "二つ");
        assertThat(LanguageAnalyzers.byName("thai").terms("ดาวพฤหัสบดีเป็นดาวเคราะห์ที่ใหญ่ที่สุด"))
                .containsExactly("ดาว", "พฤหัสบดี", "ดาวเคราะห์", "ใหญ่");
        assertThat(LanguageAnalyzers.byName("cjk").terms("火星有")).containsExactly("火星", "星有");
    }

    @Test
    void autoChoosesTheAnalyzerOfEachTextsScriptAndEnglishForLatin() {
        ScriptDetectingAnalyzer auto = ScriptDetectingAnalyzer.instance();
        assertThat(auto.analyzerOf("The Stars and the Moon's craters")).isSameAs(EnglishTermAnalyzer.defaults());
        assertThat(auto.terms("The Stars and the Moon's craters")).containsExactly("star", "moon", "crater");
        assertThat(auto.analyzerOf("")).isSameAs(EnglishTermAnalyzer.defaults());
        assertThat(auto.analyzerOf("What is 火星?")).isSameAs(EnglishTermAnalyzer.defaults());
        assertThat(List.of("火星有两颗小卫星", "火星には小さな衛星", "للمريخ قمران", "Спутники", "화성에는", "ดาวพฤหัสบดี",
                "मंगल ग्रह", "Οι δορυφόροι"))
                .extracting(t -> auto.analyzerOf(t).toString())
                .containsExactly("chinese", "japanese", "arabic", "russian", "korean", "thai", "hindi", "greek");
        assertThat(auto.terms("للمريخ قمران")).containsExactly("مريخ", "قمر");
    }

    @Test
    void spacelessAsEnglishKeepsThaiHanKanaAndHangulWithTheEnglishAnalyzer() {
        ScriptDetectingAnalyzer mixed = ScriptDetectingAnalyzer.spacelessAsEnglish();
        assertThat(List.of("火星有两颗小卫星", "火星には小さな衛星", "화성에는", "ดาวพฤหัสบดี", "The Moon's craters"))
                .extracting(mixed::analyzerOf).allMatch(a -> a == EnglishTermAnalyzer.defaults());
        assertThat(List.of("للمريخ قمران", "Спутники", "मंगल ग्रह", "Οι δορυφόροι"))
                .extracting(t -> mixed.analyzerOf(t).toString()).containsExactly("arabic", "russian", "hindi", "greek");
        assertThat(mixed.terms("火星有")).containsExactly("火星", "星有");
        assertThat(mixed.terms("للمريخ قمران")).containsExactly("مريخ", "قمر");
        PartRegistry parts = PartRegistry.installed();
        assertThat(parts.create(Role.ANALYZER, "auto:spaceless=english", PartContext.of(parts))).isSameAs(mixed);
        assertThat(parts.create(Role.ANALYZER, "auto:spaceless=lucene", PartContext.of(parts)))
                .isSameAs(ScriptDetectingAnalyzer.instance());
        assertThat(mixed.describe()).containsEntry("spaceless", "english");
        assertThat(mixed).hasToString("auto:spaceless=english");
        assertThatThrownBy(() -> parts.create(Role.ANALYZER, "auto:spaceless=icu", PartContext.of(parts)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spaceless");
    }

    @Test
    void languageCodesAndNamesByTheRegistry() {
        assertThat(LanguageAnalyzers.forLanguage("ar")).isSameAs(LanguageAnalyzers.byName("arabic"));
        assertThat(LanguageAnalyzers.forLanguage("zh-CN")).isSameAs(LanguageAnalyzers.byName("chinese"));
        assertThat(LanguageAnalyzers.forLanguage("en")).isSameAs(EnglishTermAnalyzer.defaults());
        assertThat(LanguageAnalyzers.forLanguage("sw")).isSameAs(EnglishTermAnalyzer.defaults());
        assertThatThrownBy(() -> LanguageAnalyzers.byName("klingon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("klingon").hasMessageContaining("arabic");
        PartRegistry parts = PartRegistry.installed();
        assertThat(parts.names(Role.ANALYZER)).contains("english", "arabic", "hindi", "russian", "german", "french",
                "chinese", "korean", "japanese", "thai", "cjk", "auto");
        TermAnalyzer arabic = parts.create(Role.ANALYZER, "arabic", PartContext.of(parts));
        assertThat(arabic.describe()).containsEntry("name", "arabic").containsEntry("lucene", "ArabicAnalyzer");
        assertThat(parts.create(Role.ANALYZER, "auto", PartContext.of(parts))).isSameAs(ScriptDetectingAnalyzer.instance());
    }
}
