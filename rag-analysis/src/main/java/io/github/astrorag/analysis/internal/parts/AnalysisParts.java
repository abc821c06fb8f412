package io.github.astrorag.analysis.internal.parts;

import io.github.astrorag.analysis.LanguageAnalyzers;
import io.github.astrorag.analysis.ScriptDetectingAnalyzer;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * rag-analysis' analyzers by name: one per language of {@link LanguageAnalyzers}, {@code cjk}, and {@code auto}.
 * Registered in {@code META-INF/services}.
 */
public final class AnalysisParts implements PartProvider {

    private static final Map<String, String> WHAT = Map.ofEntries(
            Map.entry("arabic", "Arabic: normalisation (alef, yeh, teh marbuta, diacritics) and light stemming (Lucene)"),
            Map.entry("persian", "Persian: Arabic-script normalisation and Persian stop words (Lucene)"),
            Map.entry("hindi", "Hindi: Indic and Hindi normalisation, light stemming (Lucene)"),
            Map.entry("bengali", "Bengali: normalisation and stemming (Lucene)"),
            Map.entry("russian", "Russian: Snowball stemming and stop words (Lucene)"),
            Map.entry("greek", "Greek: lower case without accents and stemming (Lucene)"),
            Map.entry("turkish", "Turkish: its lower case (dotted and dotless i), Snowball stemming (Lucene)"),
            Map.entry("german", "German: normalisation (umlauts, ß) and light stemming (Lucene)"),
            Map.entry("french", "French: elisions (l', d') removed, light stemming (Lucene)"),
            Map.entry("spanish", "Spanish: light stemming and stop words (Lucene)"),
            Map.entry("italian", "Italian: elisions removed, light stemming (Lucene)"),
            Map.entry("portuguese", "Portuguese: light stemming and stop words (Lucene)"),
            Map.entry("dutch", "Dutch: Snowball stemming and stop words (Lucene)"),
            Map.entry("indonesian", "Indonesian: stemming of affixes and stop words (Lucene)"),
            Map.entry("thai", "Thai: words by the JDK's dictionary, Thai stop words (Lucene's ThaiAnalyzer)"),
            Map.entry("chinese", "Chinese: words by smartcn's dictionary and hidden Markov model (Lucene)"),
            Map.entry("korean", "Korean: morphemes by nori's dictionary, particles and endings removed (Lucene)"),
            Map.entry("japanese", "Japanese: morphemes by kuromoji's dictionary, base forms (Lucene)"),
            Map.entry("cjk", "Chinese, Japanese, Korean: overlapping character pairs (Lucene's CJKAnalyzer)"));

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public AnalysisParts() {
    }

    /**
     * {@code auto:spaceless=english}: with this module installed, Arabic, Devanagari, Bengali, Cyrillic and Greek text
     * is analysed by Lucene's analyzer of its language wherever no analyzer is named; Latin, Thai, Han, kana and Hangul
     * text as {@code english} (measured in docs/languages.md).
     */
    @Override
    public java.util.Optional<String> defaultAnalyzer() {
        return java.util.Optional.of("auto:spaceless=english");
    }

    @Override
    public List<Part<?>> parts() {
        List<Part<?>> out = new ArrayList<>();
        for (String name : LanguageAnalyzers.names()) {
            out.add(Part.builder(Role.ANALYZER, name, WHAT.get(name), (s, c) -> LanguageAnalyzers.byName(name)).build());
        }
        out.add(Part.builder(Role.ANALYZER, "auto", "per text, the analyzer of its script's language (Arabic, Devanagari, "
                        + "Cyrillic, Thai, Hangul, Han, kana, ...); Latin script: english",
                (s, c) -> s.text("spaceless").equals("english") ? ScriptDetectingAnalyzer.spacelessAsEnglish()
                        : ScriptDetectingAnalyzer.instance())
                .setting(Setting.choice("spaceless", "Thai, Han, kana and Hangul: lucene (thai, smartcn, kuromoji, nori) or "
                        + "english (the JDK's Thai dictionary, character pairs; the command line's default)", "lucene",
                        List.of("lucene", "english"))).build());
        return List.copyOf(out);
    }
}
