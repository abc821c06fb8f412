package io.github.astrorag.analysis;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The analyzer {@code auto}: per text, the analyzer of the language its letters are written in, by Unicode script
 * (the script most of its letters belong to): Arabic script → {@code arabic}, Devanagari → {@code hindi}, Bengali →
 * {@code bengali}, Cyrillic → {@code russian}, Greek → {@code greek}, Thai → {@code thai}, Hangul → {@code korean},
 * Han with Hiragana or Katakana → {@code japanese}, Han alone → {@code chinese}; Latin script, and a text without
 * letters, → {@link EnglishTermAnalyzer#defaults()}, so that an English text gets exactly the English terms. A
 * question and the passage that answers it are written in one script, so both get the same analysis. A Latin-script
 * language other than English (German, French, ...) is not told from English by its script: name its analyzer
 * ({@code --analyzer german}) or get it from a language code ({@link LanguageAnalyzers#forLanguage}).
 *
 * <p>{@link #spacelessAsEnglish()} ({@code auto:spaceless=english}, the command line's default analyzer) keeps the
 * scripts written without spaces between words (Thai, Han, kana, Hangul) with {@link EnglishTermAnalyzer}, which cuts
 * them itself (Thai by the JDK's dictionary, Han, kana and Hangul in overlapping pairs): measured better than
 * Lucene's {@code thai} and smartcn for the offline answer's abstention (docs/languages.md), while the scripts whose
 * languages stem and normalise (Arabic, Devanagari, Bengali, Cyrillic, Greek) get Lucene's analyzers.
 *
 * <p>One pass over the text to count the scripts, then the chosen analyzer's. Immutable and thread-safe.
 */
public final class ScriptDetectingAnalyzer implements TermAnalyzer {

    private static final ScriptDetectingAnalyzer INSTANCE = new ScriptDetectingAnalyzer(false);
    private static final ScriptDetectingAnalyzer SPACELESS_AS_ENGLISH = new ScriptDetectingAnalyzer(true);

    /** The analyzer names of the scripts written without spaces between words. */
    private static final java.util.Set<String> SPACELESS = java.util.Set.of("thai", "chinese", "japanese", "korean");

    private final boolean spacelessAsEnglish;

    private ScriptDetectingAnalyzer(boolean spacelessAsEnglish) {
        this.spacelessAsEnglish = spacelessAsEnglish;
    }

    /**
     * The analyzer ({@code auto}): every script's language by Lucene.
     *
     * @return the shared instance
     */
    public static ScriptDetectingAnalyzer instance() {
        return INSTANCE;
    }

    /**
     * The analyzer {@code auto:spaceless=english}: as {@link #instance()}, but Thai, Han, kana and Hangul text as
     * {@link EnglishTermAnalyzer#defaults()} cuts it.
     *
     * @return the shared instance
     */
    public static ScriptDetectingAnalyzer spacelessAsEnglish() {
        return SPACELESS_AS_ENGLISH;
    }

    @Override
    public void forEachTerm(String text, Consumer<String> sink) {
        analyzerOf(Objects.requireNonNull(text, "text")).forEachTerm(text, sink);
    }

    /**
     * The analyzer this one uses for {@code text}.
     *
     * @param text any text
     * @return the analyzer of its main script's language, or the English default (for Latin text, text without
     *     letters and, with {@link #spacelessAsEnglish()}, Thai, Han, kana and Hangul)
     */
    public TermAnalyzer analyzerOf(String text) {
        String name = languageOf(text);
        return name == null || spacelessAsEnglish && SPACELESS.contains(name) ? EnglishTermAnalyzer.defaults()
                : LanguageAnalyzers.byName(name);
    }

    /** The analyzer name of the script most of the letters of {@code text} are written in, or null for English. */
    static String languageOf(String text) {
        int latin = 0;
        int arabic = 0;
        int devanagari = 0;
        int bengali = 0;
        int cyrillic = 0;
        int greek = 0;
        int thai = 0;
        int hangul = 0;
        int han = 0;
        int kana = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp < 0x80) {
                if ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') {
                    latin++;
                }
                continue;
            }
            if (!Character.isLetter(cp)) {
                continue;
            }
            switch (Character.UnicodeScript.of(cp)) {
                case LATIN -> latin++;
                case ARABIC -> arabic++;
                case DEVANAGARI -> devanagari++;
                case BENGALI -> bengali++;
                case CYRILLIC -> cyrillic++;
                case GREEK -> greek++;
                case THAI -> thai++;
                case HANGUL -> hangul++;
                case HAN -> han++;
                case HIRAGANA, KATAKANA -> kana++;
                default -> {
                }
            }
        }
        int cjk = han + kana;
        int best = Math.max(latin, Math.max(Math.max(arabic, devanagari), Math.max(Math.max(bengali, cyrillic),
                Math.max(Math.max(greek, thai), Math.max(hangul, cjk)))));
        if (best == 0 || best == latin) {
            return null;
        }
        if (best == cjk) {
            return kana > 0 ? "japanese" : "chinese";
        }
        if (best == hangul) {
            return "korean";
        }
        if (best == thai) {
            return "thai";
        }
        if (best == arabic) {
            return "arabic";
        }
        if (best == devanagari) {
            return "hindi";
        }
        if (best == bengali) {
            return "bengali";
        }
        return best == cyrillic ? "russian" : "greek";
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "auto");
        if (spacelessAsEnglish) {
            m.put("spaceless", "english");
        }
        return m;
    }

    @Override
    public String toString() {
        return spacelessAsEnglish ? "auto:spaceless=english" : "auto";
    }
}
