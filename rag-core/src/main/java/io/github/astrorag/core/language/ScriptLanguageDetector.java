package io.github.astrorag.core.language;

import io.github.astrorag.core.spi.LanguageDetector;
import java.lang.Character.UnicodeScript;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Tells a text's language by the Unicode scripts of its letters, with no model: the detector of rag-core.
 *
 * <p>The letters of the first {@value #SAMPLE_CHARS} characters are counted per script. Han, Hiragana, Katakana and
 * Hangul are pooled as CJK and weighed three letters each against Latin (a CJK character carries about a word): when
 * the dominant non-Latin script outweighs the Latin letters it decides: kana at least a tenth of the CJK letters
 * {@code ja}, else Hangul at least as many as Han {@code ko}, else {@code zh}; Thai {@code th}, Lao {@code lo}, Khmer
 * {@code km}, Myanmar {@code my}, Arabic {@code ar}, Hebrew {@code he}, Devanagari {@code hi}, Bengali {@code bn},
 * Tamil {@code ta}, Cyrillic {@code ru}, Greek {@code el}, Georgian {@code ka}, Armenian {@code hy}. A script shared by
 * several languages gives its most common one (Arabic script is also Persian and Urdu; Cyrillic also Ukrainian,
 * Bulgarian, Serbian; Devanagari also Marathi and Nepali), and a kanji-only Japanese text reads as {@code zh}.
 *
 * <p>The script cannot tell Latin languages apart: Latin text is handed to the Latin detector given, by default one
 * that says {@code en} (the library's term analysis is English's, so that is how Latin text is read today). A text
 * without letters is {@value LanguageDetector#UNDETERMINED}. Cost: linear in at most {@value #SAMPLE_CHARS}
 * characters (about 8 µs for 300). Immutable and thread-safe.
 */
public final class ScriptLanguageDetector implements LanguageDetector {

    /** The most characters read from the start of a text. */
    public static final int SAMPLE_CHARS = 4096;

    private static final UnicodeScript[] SCRIPTS = UnicodeScript.values();
    private static final Map<UnicodeScript, String> LANGUAGES = new LinkedHashMap<>();

    static {
        LANGUAGES.put(UnicodeScript.THAI, "th");
        LANGUAGES.put(UnicodeScript.LAO, "lo");
        LANGUAGES.put(UnicodeScript.KHMER, "km");
        LANGUAGES.put(UnicodeScript.MYANMAR, "my");
        LANGUAGES.put(UnicodeScript.ARABIC, "ar");
        LANGUAGES.put(UnicodeScript.HEBREW, "he");
        LANGUAGES.put(UnicodeScript.DEVANAGARI, "hi");
        LANGUAGES.put(UnicodeScript.BENGALI, "bn");
        LANGUAGES.put(UnicodeScript.TAMIL, "ta");
        LANGUAGES.put(UnicodeScript.CYRILLIC, "ru");
        LANGUAGES.put(UnicodeScript.GREEK, "el");
        LANGUAGES.put(UnicodeScript.GEORGIAN, "ka");
        LANGUAGES.put(UnicodeScript.ARMENIAN, "hy");
    }

    private static final LanguageDetector ENGLISH = new LanguageDetector() {
        @Override
        public String detect(String text) {
            return "en";
        }

        @Override
        public Map<String, Object> describe() {
            return Map.of("name", "always-en");
        }
    };

    private final LanguageDetector latin;

    /** Latin text read as English. */
    public ScriptLanguageDetector() {
        this(ENGLISH);
    }

    /**
     * Latin text (and text whose scripts say nothing) handed to {@code latin}.
     *
     * @param latin the detector of text in Latin script, such as a statistical one
     */
    public ScriptLanguageDetector(LanguageDetector latin) {
        this.latin = Objects.requireNonNull(latin, "latin");
    }

    /**
     * The language of {@code text} when it is not one of {@code read} (the languages an embedder reads,
     * {@code Embedder.languages()}), else {@code null}: {@code null} too when {@code read} is empty (every language)
     * or the language is {@value LanguageDetector#UNDETERMINED}. What the fused retrievers and the default's selector
     * ask before trusting an embedding's cosine. Cost: one {@link #detect} when {@code read} is not empty.
     *
     * @param text the question
     * @param read the languages read; empty for all
     * @return the unread language, or {@code null}
     */
    public @org.jspecify.annotations.Nullable String unreadLanguage(String text, java.util.Set<String> read) {
        if (read.isEmpty()) {
            return null;
        }
        String language = detect(text);
        return read.contains(language) || UNDETERMINED.equals(language) ? null : language;
    }

    @Override
    public String detect(String text) {
        Objects.requireNonNull(text, "text");
        int[] counts = new int[SCRIPTS.length];
        int letters = 0;
        int end = Math.min(text.length(), SAMPLE_CHARS);
        for (int i = 0; i < end; ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetter(cp)) {
                letters++;
                counts[UnicodeScript.of(cp).ordinal()]++;
            }
        }
        if (letters == 0) {
            return UNDETERMINED;
        }
        int kana = counts[UnicodeScript.HIRAGANA.ordinal()] + counts[UnicodeScript.KATAKANA.ordinal()];
        int han = counts[UnicodeScript.HAN.ordinal()];
        int hangul = counts[UnicodeScript.HANGUL.ordinal()];
        int latinLetters = counts[UnicodeScript.LATIN.ordinal()];
        int cjk = kana + han + hangul;
        UnicodeScript top = null;
        int best = 0;
        for (Map.Entry<UnicodeScript, String> e : LANGUAGES.entrySet()) {
            if (counts[e.getKey().ordinal()] > best) {
                best = counts[e.getKey().ordinal()];
                top = e.getKey();
            }
        }
        if (cjk > 0 && 3 * cjk >= Math.max(best, latinLetters)) {
            if (kana * 10 >= cjk - hangul && kana > 0) {
                return "ja";
            }
            return hangul >= han ? "ko" : "zh";
        }
        if (top != null && best >= latinLetters) {
            return LANGUAGES.get(top);
        }
        return latin.detect(text);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "script");
        m.put("latin", latin.describe().get("name"));
        return m;
    }
}
