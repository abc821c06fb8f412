package io.github.astrorag.langdetect;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.language.ScriptLanguageDetector;
import io.github.astrorag.core.spi.LanguageDetector;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import opennlp.tools.langdetect.Language;
import opennlp.tools.langdetect.LanguageDetectorME;
import opennlp.tools.langdetect.LanguageDetectorModel;

/**
 * Tells a text's language with the Unicode scripts first and Apache OpenNLP's language model for Latin-script text:
 * the detector {@code opennlp} of rag-langdetect.
 *
 * <p>A text whose letters are mostly of a non-Latin script is decided by {@link ScriptLanguageDetector} (Han, kana,
 * Hangul, Thai, Arabic, Devanagari, Cyrillic, ...: the script is surer than any statistical model there). The rest,
 * Latin text, goes to OpenNLP's {@code langdetect-183} model (character 1- to 3-grams, maximum entropy, 103 languages;
 * the {@code opennlp-models-langdetect} artifact), reading at most its first {@value #SAMPLE_CHARS} characters. Of the
 * languages the model ranks, the best-ranked {@linkplain Builder#candidates candidate} wins when its confidence
 * against English, {@code p / (p + p(en))}, is at least the {@linkplain Builder#minConfidence minimum confidence};
 * otherwise the answer is {@code en}, what the script detector says of Latin text (a short question shares most of
 * its letter n-grams with several languages; switching away from English asks for evidence). The model's ISO 639-3 codes are answered as BCP 47
 * primary codes ({@code eng} {@code en}, {@code deu} {@code de}, {@code fra} {@code fr}, {@code spa} {@code es},
 * {@code cmn} {@code zh}, {@code pes} {@code fa}, ...; a language without a two-letter code keeps its three letters,
 * such as {@code ceb}). A text without letters is {@value LanguageDetector#UNDETERMINED}.
 *
 * <p>Defaults: the candidates {@link #DEFAULT_CANDIDATES} (the Latin-script languages the library analyses by name,
 * measured more accurate than all 103, see docs/languages.md), minimum confidence {@value #DEFAULT_MIN_CONFIDENCE}.
 *
 * <p>Cost: the model is read once per class loader, at the first detector built (about 0.8 s and 40 MB of heap); a
 * detection is linear in at most {@value #SAMPLE_CHARS} characters (tens of microseconds for a question, a few
 * hundred for a paragraph; measured in docs/languages.md). Immutable, deterministic and thread-safe (each thread
 * evaluates the shared model with its own OpenNLP detector).
 */
public final class OpenNlpLanguageDetector implements LanguageDetector {

    /** The most characters of a Latin text the model reads. */
    public static final int SAMPLE_CHARS = 1000;

    /** The default minimum confidence: the best candidate's probability against English's, {@code p / (p + p(en))}. */
    public static final double DEFAULT_MIN_CONFIDENCE = 0.56;

    /**
     * The default candidates: the Latin-script languages with an analyzer by name (rag-core's English,
     * rag-analysis' German, French, Spanish, Italian, Portuguese, Dutch, Indonesian, Turkish).
     */
    public static final Set<String> DEFAULT_CANDIDATES = Set.of("en", "de", "fr", "es", "it", "pt", "nl", "id", "tr");

    /** What the script detector answers for Latin text, and this one when the model is not sure. */
    private static final String LATIN_DEFAULT = "en";

    private static final String MODEL_RESOURCE = "/langdetect-183.bin";

    /** ISO 639-3 codes of the model whose BCP 47 code is not the JDK's two-letter code of the same language. */
    private static final Map<String, String> MACRO = Map.of("cmn", "zh", "pes", "fa", "lvs", "lv", "ekk", "et",
            "plt", "mg", "zsm", "ms");

    private final Set<String> candidates;
    private final double minConfidence;
    private final ScriptLanguageDetector scripts;
    private final ThreadLocal<LanguageDetectorME> models;

    private OpenNlpLanguageDetector(Builder b) {
        this.candidates = b.candidates == null ? DEFAULT_CANDIDATES : b.candidates;
        this.minConfidence = b.minConfidence == null ? DEFAULT_MIN_CONFIDENCE : b.minConfidence;
        LanguageDetectorModel model = Model.INSTANCE;
        this.models = ThreadLocal.withInitial(() -> new LanguageDetectorME(model));
        this.scripts = new ScriptLanguageDetector(new LanguageDetector() {
            @Override
            public String detect(String text) {
                return latin(text);
            }

            @Override
            public Map<String, Object> describe() {
                return Map.of("name", "opennlp");
            }
        });
    }

    /**
     * A detector with the defaults.
     *
     * @return a new detector (the model is shared)
     * @throws RagException if the model cannot be read from the class path
     */
    public static OpenNlpLanguageDetector defaults() {
        return builder().build();
    }

    /**
     * A builder.
     *
     * @return a new builder with nothing set
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Every language the model knows, as BCP 47 codes (100: the model's 103 ISO 639-3 codes name Persian, Estonian and
     * Latvian twice).
     *
     * @return the codes, sorted
     * @throws RagException if the model cannot be read from the class path
     */
    public static Set<String> supportedLanguages() {
        return Model.SUPPORTED;
    }

    @Override
    public String detect(String text) {
        return scripts.detect(Objects.requireNonNull(text, "text"));
    }

    /** The language of a Latin (or undecided-script) text by the model, among the candidates. */
    private String latin(String text) {
        String sample = text.length() <= SAMPLE_CHARS ? text : text.substring(0, SAMPLE_CHARS);
        Language[] ranked = models.get().predictLanguages(sample);
        String best = null;
        double bestP = 0;
        double english = 0;
        for (Language l : ranked) {
            String code = bcp47(l.getLang());
            if (best == null && candidates.contains(code)) {
                best = code;
                bestP = l.getConfidence();
            }
            if (code.equals(LATIN_DEFAULT)) {
                english = l.getConfidence();
            }
        }
        return best == null || bestP < minConfidence * (bestP + english) ? LATIN_DEFAULT : best;
    }

    /**
     * The BCP 47 primary language code of an ISO 639-3 code.
     *
     * @param iso639_3 a three-letter code such as {@code deu}
     * @return its two-letter code ({@code de}) when ISO 639-1 has one, else the code itself in lower case
     */
    static String bcp47(String iso639_3) {
        String c = iso639_3.toLowerCase(Locale.ROOT);
        String macro = MACRO.get(c);
        if (macro != null) {
            return macro;
        }
        return Model.TWO_LETTER.getOrDefault(c, c);
    }

    /**
     * The candidates this detector chooses among.
     *
     * @return BCP 47 codes, sorted
     */
    public Set<String> candidates() {
        return new TreeSet<>(candidates);
    }

    /**
     * The minimum confidence.
     *
     * @return the least confidence against English the best candidate needs
     */
    public double minConfidence() {
        return minConfidence;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "opennlp");
        m.put("model", "langdetect-183");
        m.put("candidates", List.copyOf(candidates()));
        m.put("minConfidence", minConfidence);
        return m;
    }

    /** The model, read once on first use (class initialisation is thread-safe). */
    private static final class Model {
        static final Map<String, String> TWO_LETTER = twoLetter();
        static final LanguageDetectorModel INSTANCE = read();
        static final Set<String> SUPPORTED = supported();

        private static Map<String, String> twoLetter() {
            Map<String, String> m = new LinkedHashMap<>();
            for (String two : Locale.getISOLanguages()) {
                m.putIfAbsent(Locale.forLanguageTag(two).getISO3Language(), two);
            }
            return Map.copyOf(m);
        }

        private static LanguageDetectorModel read() {
            try (InputStream in = OpenNlpLanguageDetector.class.getResourceAsStream(MODEL_RESOURCE)) {
                if (in == null) {
                    throw new RagException("OpenNLP's language model " + MODEL_RESOURCE
                            + " is not on the class path (org.apache.opennlp:opennlp-models-langdetect)");
                }
                return new LanguageDetectorModel(in);
            } catch (IOException e) {
                throw new RagException("cannot read OpenNLP's language model " + MODEL_RESOURCE, e);
            }
        }

        private static Set<String> supported() {
            TreeSet<String> s = new TreeSet<>();
            Arrays.stream(new LanguageDetectorME(INSTANCE).getSupportedLanguages()).map(OpenNlpLanguageDetector::bcp47)
                    .forEach(s::add);
            return java.util.Collections.unmodifiableSet(s);
        }
    }

    /** Settings of an {@link OpenNlpLanguageDetector}; each may be given once. */
    public static final class Builder {
        private Set<String> candidates;
        private Double minConfidence;

        private Builder() {
        }

        /**
         * The languages the model's answer is chosen among. Default: {@link #DEFAULT_CANDIDATES}.
         *
         * @param codes BCP 47 primary codes, each one the model knows ({@link #supportedLanguages()}), or the single
         *              word {@code all} for every language of the model
         * @return this builder
         * @throws IllegalStateException if given already
         * @throws IllegalArgumentException if empty, or naming a code the model does not know
         * @throws NullPointerException if {@code codes} or one of them is null
         */
        public Builder candidates(Set<String> codes) {
            Objects.requireNonNull(codes, "candidates");
            if (candidates != null) {
                throw new IllegalStateException("candidates was already set");
            }
            if (codes.isEmpty()) {
                throw new IllegalArgumentException("candidates: give at least one language");
            }
            if (codes.size() == 1 && codes.contains("all")) {
                candidates = supportedLanguages();
                return this;
            }
            TreeSet<String> s = new TreeSet<>();
            for (String c : codes) {
                String code = Objects.requireNonNull(c, "candidate").strip().toLowerCase(Locale.ROOT);
                if (!supportedLanguages().contains(code)) {
                    throw new IllegalArgumentException("candidates: the model does not know '" + c + "': use some of "
                            + String.join(", ", supportedLanguages()) + ", or all");
                }
                s.add(code);
            }
            candidates = java.util.Collections.unmodifiableSet(s);
            return this;
        }

        /**
         * The least confidence the best candidate needs against English, {@code p / (p + p(en))} of the model's
         * probabilities (0.5: as likely as English); below it the answer is {@code en}, as for Latin text without a
         * model. Default: {@value #DEFAULT_MIN_CONFIDENCE}.
         *
         * @param value in [0, 1]; 0 always takes the best candidate, 1 never leaves English
         * @return this builder
         * @throws IllegalStateException if given already
         * @throws IllegalArgumentException if not in [0, 1]
         */
        public Builder minConfidence(double value) {
            if (minConfidence != null) {
                throw new IllegalStateException("minConfidence was already set");
            }
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException("minConfidence must be in [0, 1]: " + value);
            }
            minConfidence = value;
            return this;
        }

        /**
         * The detector.
         *
         * @return an immutable detector
         * @throws RagException if the model cannot be read from the class path
         */
        public OpenNlpLanguageDetector build() {
            return new OpenNlpLanguageDetector(this);
        }
    }
}
