package io.github.astrorag.eval.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The answer metrics as the multilingual reading benchmarks score them (MLQA, Lewis et al., 2020, whose evaluation
 * script extends SQuAD's): exact match, bag-of-tokens F1 and "answer in context", with a normalisation that reads
 * every language. {@link SquadMetrics} stays the scorer of English; this one is for the other languages.
 *
 * <p>Normalisation: lower case ({@link Locale#ROOT}); delete every Unicode punctuation character (general categories
 * {@code P*}: {@code 。，、！？「」} as well as {@code ، ؟ ।}) and SQuAD's ASCII punctuation; no articles are removed
 * (MLQA removes them per language; here only the English scorer does); then tokens: each character of a script
 * written without spaces between words (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar, with the combining marks
 * that follow it) is a token of its own, as MLQA's mixed segmentation does for Chinese, and the rest is split at white
 * space. The normal form is the tokens joined by single spaces, so a gold {@code "136 次"} and a context holding
 * {@code "136次"} both read {@code "136 次"}. Hangul, Arabic, Devanagari, Cyrillic and Latin are split at white space.
 * All methods are static, pure and linear in the lengths of their texts (times the number of gold answers).
 */
public final class MlqaMetrics {

    private static final String ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private MlqaMetrics() {
    }

    /**
     * The normal form of {@code text}: lower case, no punctuation, one token per character of a script without
     * spaces, single spaces.
     *
     * @param text any text
     * @return its normal form
     */
    public static String normalize(String text) {
        return String.join(" ", tokens(text));
    }

    /**
     * The tokens of the normal form (empty for a text with none).
     *
     * @param text any text
     * @return the normal form's tokens
     */
    public static List<String> tokens(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int i = 0;
        while (i < lower.length()) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (isPunctuation(cp)) {
                continue;
            }
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                flush(word, out);
            } else if (isMark(cp) && word.length() == 0 && !out.isEmpty() && isUnspaced(out.get(out.size() - 1).codePointAt(0))) {
                out.set(out.size() - 1, out.get(out.size() - 1) + Character.toString(cp));
            } else if (isUnspaced(cp)) {
                flush(word, out);
                out.add(Character.toString(cp));
            } else {
                word.appendCodePoint(cp);
            }
        }
        flush(word, out);
        return out;
    }

    private static void flush(StringBuilder word, List<String> out) {
        if (word.length() > 0) {
            out.add(word.toString());
            word.setLength(0);
        }
    }

    /** Unicode punctuation (categories P*) or SQuAD's ASCII punctuation. */
    static boolean isPunctuation(int cp) {
        if (cp < 128) {
            return ASCII_PUNCTUATION.indexOf(cp) >= 0;
        }
        return switch (Character.getType(cp)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                 Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION,
                 Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    private static boolean isMark(int cp) {
        int t = Character.getType(cp);
        return t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK || t == Character.ENCLOSING_MARK;
    }

    /** A character of a script written without spaces between words. */
    static boolean isUnspaced(int cp) {
        Character.UnicodeScript s = Character.UnicodeScript.of(cp);
        return switch (s) {
            case HAN, HIRAGANA, KATAKANA, THAI, LAO, KHMER, MYANMAR -> true;
            default -> false;
        };
    }

    /**
     * 1 if the prediction's normal form equals some gold answer's, else 0.
     *
     * @param prediction the predicted answer
     * @param golds the acceptable answers, at least one
     * @return 1 or 0
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double exactMatch(String prediction, Collection<String> golds) {
        return SquadMetrics.exactMatch(prediction, golds, MlqaMetrics::normalize);
    }

    /**
     * The best token F1 over the gold answers, with the tokens of this normal form (characters, for Chinese,
     * Japanese and Thai): with {@code c} tokens in common (counting repeats), precision {@code c/|pred|}, recall
     * {@code c/|gold|}, F1 their harmonic mean; 0 when {@code c = 0}; 1 if both have no token, else 0 if one has none.
     *
     * @param prediction the predicted answer
     * @param golds the acceptable answers, at least one
     * @return the best F1, in [0, 1]
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double tokenF1(String prediction, Collection<String> golds) {
        return SquadMetrics.tokenF1(prediction, golds, MlqaMetrics::tokens);
    }

    /**
     * 1 if some gold answer's normal form occurs in the context's normal form as a run of whole tokens (so
     * {@code "10"} does not match inside {@code "100"}, while a Chinese answer matches wherever its characters stand
     * in a row), else 0. Gold answers that normalise to nothing are ignored.
     *
     * @param context the context's text
     * @param golds the acceptable answers, at least one
     * @return 1 or 0
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double answerInContext(String context, Collection<String> golds) {
        return answerInNormalized(normalize(context), golds);
    }

    /**
     * {@link #answerInContext} for a context already in {@linkplain #normalize normal form}.
     *
     * @param normalizedContext the context's {@link #normalize} form
     * @param golds             the gold answers (raw; normalised here)
     * @return 1 if some gold answer's normal form occurs as a run of whole tokens, else 0
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double answerInNormalized(String normalizedContext, Collection<String> golds) {
        return SquadMetrics.answerInNormalized(normalizedContext, golds, MlqaMetrics::normalize);
    }
}
