package io.github.astrorag.analysis;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.ar.ArabicAnalyzer;
import org.apache.lucene.analysis.bn.BengaliAnalyzer;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.el.GreekAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fa.PersianAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.hi.HindiAnalyzer;
import org.apache.lucene.analysis.id.IndonesianAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.ja.JapaneseAnalyzer;
import org.apache.lucene.analysis.ko.KoreanAnalyzer;
import org.apache.lucene.analysis.nl.DutchAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.ru.RussianAnalyzer;
import org.apache.lucene.analysis.th.ThaiAnalyzer;
import org.apache.lucene.analysis.tr.TurkishAnalyzer;

/**
 * Lucene's analyzer of each language, by the name of its part and by its BCP 47 code: the stop words, normalisation
 * and stemming of lucene-analysis-common (Arabic, Persian, Hindi, Bengali, Russian, Greek, Turkish, German, French,
 * Spanish, Italian, Portuguese, Dutch, Indonesian), Thai words by the JDK's dictionary ({@code ThaiAnalyzer}), and
 * the dictionary segmentation of smartcn (Chinese), nori (Korean) and kuromoji (Japanese); {@code cjk} is
 * CJKAnalyzer's character pairs. Each analyzer is made once, on first use, and shared. Thread-safe.
 */
public final class LanguageAnalyzers {

    /** A language: its part name, BCP 47 code and Lucene analyzer. */
    private record Language(String name, String code, Supplier<Analyzer> analyzer) {
    }

    private static final List<Language> LANGUAGES = List.of(
            new Language("arabic", "ar", ArabicAnalyzer::new),
            new Language("persian", "fa", PersianAnalyzer::new),
            new Language("hindi", "hi", HindiAnalyzer::new),
            new Language("bengali", "bn", BengaliAnalyzer::new),
            new Language("russian", "ru", RussianAnalyzer::new),
            new Language("greek", "el", GreekAnalyzer::new),
            new Language("turkish", "tr", TurkishAnalyzer::new),
            new Language("german", "de", GermanAnalyzer::new),
            new Language("french", "fr", FrenchAnalyzer::new),
            new Language("spanish", "es", SpanishAnalyzer::new),
            new Language("italian", "it", ItalianAnalyzer::new),
            new Language("portuguese", "pt", PortugueseAnalyzer::new),
            new Language("dutch", "nl", DutchAnalyzer::new),
            new Language("indonesian", "id", IndonesianAnalyzer::new),
            new Language("thai", "th", ThaiAnalyzer::new),
            new Language("chinese", "zh", SmartChineseAnalyzer::new),
            new Language("korean", "ko", KoreanAnalyzer::new),
            new Language("japanese", "ja", JapaneseAnalyzer::new),
            new Language("cjk", "", CJKAnalyzer::new));

    private static final Map<String, TermAnalyzer> MADE = new ConcurrentHashMap<>();

    private LanguageAnalyzers() {
    }

    /**
     * The names of the language analyzers, in a fixed order.
     *
     * @return {@code arabic}, {@code persian}, ..., {@code japanese}, {@code cjk}
     */
    public static List<String> names() {
        return LANGUAGES.stream().map(Language::name).toList();
    }

    /**
     * The analyzer of a name.
     *
     * @param name a name of {@link #names()}
     * @return the shared analyzer
     * @throws IllegalArgumentException naming the analyzers if there is none of that name
     */
    public static TermAnalyzer byName(String name) {
        Objects.requireNonNull(name, "name");
        for (Language l : LANGUAGES) {
            if (l.name().equals(name)) {
                return MADE.computeIfAbsent(l.name(), n -> new LuceneTermAnalyzer(n, l.analyzer().get()));
            }
        }
        throw new IllegalArgumentException("unknown language analyzer '" + name + "': use one of "
                + String.join(", ", names()));
    }

    /**
     * The analyzer of a language code: its primary subtag ({@code zh-Hans → zh}); English, and a language with no
     * analyzer here, get {@link EnglishTermAnalyzer#defaults()}.
     *
     * @param code a BCP 47 language tag, such as {@code ar} or {@code zh-CN}
     * @return the analyzer
     */
    public static TermAnalyzer forLanguage(String code) {
        return languageName(code).map(LanguageAnalyzers::byName).orElse(EnglishTermAnalyzer.defaults());
    }

    /** The name of the analyzer of a language code, if one is here. */
    static Optional<String> languageName(String code) {
        String primary = Objects.requireNonNull(code, "code").strip().toLowerCase(Locale.ROOT).split("[-_]", 2)[0];
        for (Language l : LANGUAGES) {
            if (!l.code().isEmpty() && l.code().equals(primary)) {
                return Optional.of(l.name());
            }
        }
        return Optional.empty();
    }
}
