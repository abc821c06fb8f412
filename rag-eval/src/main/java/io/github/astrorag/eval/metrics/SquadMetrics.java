package io.github.astrorag.eval.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The answer metrics of the SQuAD evaluation script (Rajpurkar et al., 2016; 2018): answer
 * normalisation, exact match and bag-of-tokens F1, each the maximum over the gold answers, plus
 * "answer in context", which asks whether a gold answer occurs in a retrieved context at all.
 *
 * <p>Normalisation, in the script's order: lower case; delete ASCII punctuation
 * (<code>!"#$%&amp;'()*+,-./:;&lt;=&gt;?@[\]^_`{|}~</code>); replace the articles {@code a}, {@code an},
 * {@code the} (whole words) by a space; collapse white space to single spaces and trim. All methods are
 * static, pure and linear in the lengths of their texts (times the number of gold answers).
 */
public final class SquadMetrics {

    private static final Pattern PUNCTUATION = Pattern.compile("[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~]");
    private static final Pattern ARTICLES = Pattern.compile("\\b(a|an|the)\\b", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern SPACES = Pattern.compile("\\s+", Pattern.UNICODE_CHARACTER_CLASS);
    /** A run of dashes (figure, en, em dash, horizontal bar) with the space around it, in a normal form ({@link #containmentForm}). */
    private static final Pattern DASHES = Pattern.compile(" ?[\u2012-\u2015]+ ?");
    /** Typographic quotes and apostrophes, removed in the containment form as the script removes ASCII ones. */
    private static final Pattern QUOTES = Pattern.compile("[\u2018\u2019\u201C\u201D]");

    private SquadMetrics() {
    }

    /**
     * The SQuAD normal form of {@code text}: lower case, no punctuation, no articles, single spaces.
     *
     * @param text any text
     * @return its normal form
     */
    public static String normalize(String text) {
        String s = text.toLowerCase(Locale.ROOT);
        s = PUNCTUATION.matcher(s).replaceAll("");
        s = ARTICLES.matcher(s).replaceAll(" ");
        return SPACES.matcher(s).replaceAll(" ").trim();
    }

    /**
     * The tokens of the normal form (empty for a text with none).
     *
     * @param text any text
     * @return the normal form's tokens
     */
    public static List<String> tokens(String text) {
        String n = normalize(text);
        return n.isEmpty() ? List.of() : Arrays.asList(n.split(" "));
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
        return exactMatch(prediction, golds, SquadMetrics::normalize);
    }

    /** Exact match under {@code normalize}: shared with {@link MlqaMetrics}. */
    static double exactMatch(String prediction, Collection<String> golds, Function<String, String> normalize) {
        requireGolds(golds);
        String p = normalize.apply(prediction);
        return golds.stream().anyMatch(g -> normalize.apply(g).equals(p)) ? 1.0 : 0.0;
    }

    /**
     * The best token F1 over the gold answers: with {@code c} tokens in common (counting repeats),
     * precision {@code c/|pred|}, recall {@code c/|gold|}, F1 their harmonic mean; 0 when {@code c = 0}.
     * As in the SQuAD 2.0 script, when either side has no token the F1 is 1 if both are empty, else 0.
     *
     * @param prediction the predicted answer
     * @param golds the acceptable answers, at least one
     * @return the best F1, in [0, 1]
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double tokenF1(String prediction, Collection<String> golds) {
        return tokenF1(prediction, golds, SquadMetrics::tokens);
    }

    /** The best token F1 with {@code tokens}: shared with {@link MlqaMetrics}. */
    static double tokenF1(String prediction, Collection<String> golds, Function<String, List<String>> tokens) {
        requireGolds(golds);
        List<String> p = tokens.apply(prediction);
        double best = 0;
        for (String g : golds) {
            best = Math.max(best, f1(p, tokens.apply(g)));
        }
        return best;
    }

    private static double f1(List<String> pred, List<String> gold) {
        if (pred.isEmpty() || gold.isEmpty()) {
            return pred.equals(gold) ? 1.0 : 0.0;
        }
        Map<String, Integer> counts = new HashMap<>();
        gold.forEach(t -> counts.merge(t, 1, Integer::sum));
        int common = 0;
        for (String t : pred) {
            Integer left = counts.get(t);
            if (left != null && left > 0) {
                common++;
                counts.put(t, left - 1);
            }
        }
        if (common == 0) {
            return 0.0;
        }
        double precision = (double) common / pred.size();
        double recall = (double) common / gold.size();
        return 2 * precision * recall / (precision + recall);
    }

    /**
     * 1 if some gold answer's normal form occurs in the context's normal form as a run of whole tokens
     * (so {@code "10"} does not match inside {@code "100"}), else 0. Gold answers that normalise to
     * nothing are ignored. Both are compared in their {@link #containmentForm}.
     *
     * @param context the context's text
     * @param golds the acceptable answers, at least one
     * @return 1 or 0
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double answerInContext(String context, Collection<String> golds) {
        return answerInNormalized(containmentForm(context), golds);
    }

    /**
     * The form {@link #answerInContext} looks for answers in: the {@linkplain #normalize normal form}, with a dash
     * between two words (en or em dash, which the script's ASCII punctuation leaves in place) read as a space, so
     * that "gravity\u2014too low" holds "too low", and typographic quotes and apostrophes removed as the script
     * removes ASCII ones, so that "the Moon\u2019s orbit" holds "Moon's orbit". Exact match and F1 keep the script's
     * tokens.
     *
     * @param text any text
     * @return its containment form
     */
    public static String containmentForm(String text) {
        return DASHES.matcher(QUOTES.matcher(normalize(text)).replaceAll("")).replaceAll(" ").strip();
    }

    /**
     * {@link #answerInContext} for a context already in {@linkplain #containmentForm containment form}, so that a
     * large text searched for many questions (a whole corpus) is brought to it once. Linear in the length
     * of {@code normalizedContext} times the number of gold answers.
     *
     * @param normalizedContext the context's {@link #containmentForm}
     * @param golds             the gold answers (raw; brought to that form here)
     * @return 1 if some gold answer's containment form occurs as a run of whole tokens, else 0
     * @throws IllegalArgumentException if there is no gold answer
     */
    public static double answerInNormalized(String normalizedContext, Collection<String> golds) {
        return answerInNormalized(normalizedContext, golds, SquadMetrics::containmentForm);
    }

    /** Whether a gold answer's {@code form} is a run of whole tokens of the context's: shared with {@link MlqaMetrics}. */
    static double answerInNormalized(String normalizedContext, Collection<String> golds, Function<String, String> form) {
        requireGolds(golds);
        String c = " " + normalizedContext + " ";
        for (String g : golds) {
            String n = form.apply(g);
            if (!n.isEmpty() && c.contains(" " + n + " ")) {
                return 1.0;
            }
        }
        return 0.0;
    }

    private static void requireGolds(Collection<String> golds) {
        if (golds.isEmpty()) {
            throw new IllegalArgumentException("no gold answer to compare with");
        }
        new ArrayList<>(golds).forEach(java.util.Objects::requireNonNull);
    }
}
