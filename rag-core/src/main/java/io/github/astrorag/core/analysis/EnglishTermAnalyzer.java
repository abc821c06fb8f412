package io.github.astrorag.core.analysis;

import io.github.astrorag.core.internal.text.ScriptTerms;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The default term analysis (part {@code english} of role {@code analyzer}): the terms of Lucene's
 * {@code EnglishAnalyzer} (lucene-analysis-common 9.12; words by Unicode's rules UAX #29, possessive {@code 's}
 * removed, lower case, Lucene's 33 English stop words removed, Porter stemming), re-implemented without Lucene, and
 * words cut in the scripts written without spaces:
 * <ul>
 *   <li>a run of Thai letters is cut into words by the JDK's dictionary ({@code java.text.BreakIterator} for Thai,
 *   module {@code jdk.localedata}); a Lao, Khmer or Myanmar run, for which the JDK has no dictionary, stays one
 *   term;</li>
 *   <li>Han and Hiragana: overlapping pairs of adjacent characters ({@code 天文学 → 天文, 文学}, a lone character
 *   itself, as Lucene's {@code CJKAnalyzer}) by default, or each character ({@link Builder#hanBigrams});</li>
 *   <li>Hangul: overlapping pairs of syllables by default (a Korean word carries its particle, {@code 화성의},
 *   {@code 화성에는}: pairs match across them), or the words between spaces ({@link Builder#hangulBigrams}).</li>
 * </ul>
 * These cuts apply to a text written mostly in those scripts (at least as many of its letters as all others); any
 * other text gets exactly Lucene's English terms: an English text, even one quoting a Chinese, Korean or Thai name,
 * gives the terms it always gave. The choices of the
 * defaults are measured in docs/languages.md.
 *
 * <p>Linear in the text length (its speed by script: docs/languages.md). Immutable and thread-safe.
 */
public final class EnglishTermAnalyzer implements TermAnalyzer {

    private static final EnglishTermAnalyzer DEFAULTS = builder().build();

    private final boolean hanBigrams;
    private final boolean hangulBigrams;
    private final ScriptTerms terms;

    private EnglishTermAnalyzer(Builder b) {
        this.hanBigrams = b.hanBigrams == null || b.hanBigrams;
        this.hangulBigrams = b.hangulBigrams == null || b.hangulBigrams;
        this.terms = new ScriptTerms(hanBigrams, hangulBigrams);
    }

    /**
     * The analyzer at its defaults: Han bigrams, Hangul bigrams.
     *
     * @return the shared instance
     */
    public static EnglishTermAnalyzer defaults() {
        return DEFAULTS;
    }

    /**
     * A builder of an analyzer with other choices for Han and Hangul.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void forEachTerm(String text, Consumer<String> sink) {
        terms.forEachTerm(Objects.requireNonNull(text, "text"), sink);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "english");
        m.put("han", hanBigrams ? "bigrams" : "characters");
        m.put("hangul", hangulBigrams ? "bigrams" : "words");
        return m;
    }

    @Override
    public String toString() {
        return "english(han=" + (hanBigrams ? "bigrams" : "characters") + ", hangul="
                + (hangulBigrams ? "bigrams" : "words") + ")";
    }

    /** Choices for Han and Hangul; each may be given once. */
    public static final class Builder {
        private Boolean hanBigrams;
        private Boolean hangulBigrams;

        private Builder() {
        }

        /**
         * How Han and Hiragana characters become terms. Default: true.
         *
         * @param value true: overlapping pairs of adjacent characters; false: each character (as Lucene's
         *              StandardAnalyzer)
         * @return this builder
         * @throws IllegalStateException if given already
         */
        public Builder hanBigrams(boolean value) {
            if (hanBigrams != null) {
                throw new IllegalStateException("hanBigrams was already set");
            }
            hanBigrams = value;
            return this;
        }

        /**
         * How Hangul becomes terms. Default: true.
         *
         * @param value true: overlapping pairs of adjacent syllables; false: the words between spaces
         * @return this builder
         * @throws IllegalStateException if given already
         */
        public Builder hangulBigrams(boolean value) {
            if (hangulBigrams != null) {
                throw new IllegalStateException("hangulBigrams was already set");
            }
            hangulBigrams = value;
            return this;
        }

        /**
         * The analyzer.
         *
         * @return an immutable analyzer
         */
        public EnglishTermAnalyzer build() {
            return new EnglishTermAnalyzer(this);
        }
    }
}
