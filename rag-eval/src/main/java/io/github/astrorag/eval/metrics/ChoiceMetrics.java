package io.github.astrorag.eval.metrics;

import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Multiple-choice scoring: a prediction is correct when its set of option letters equals the key's
 * (exact set match, so a multi-select question with key {@code BD} needs both B and D and nothing
 * else). Letters are compared case-insensitively; any character that is not a letter is ignored
 * ({@code "B, D"} = {@code "BD"}). True/false questions are scored as two options: {@link #TRUE}
 * and {@link #FALSE}, see {@link #judgmentKey}. Thread-safe, pure.
 */
public final class ChoiceMetrics {

    /** The option letter standing for "true" in a judgment question. */
    public static final String TRUE = "A";
    /** The option letter standing for "false" in a judgment question. */
    public static final String FALSE = "B";

    private ChoiceMetrics() {
    }

    /**
     * The upper-case letters of {@code answer}, sorted, without duplicates.
     *
     * @param answer a reply or key such as {@code "b, D"}
     * @return its letters A-Z, upper case
     */
    public static SortedSet<Character> letters(String answer) {
        SortedSet<Character> out = new TreeSet<>();
        for (char c : answer.toUpperCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetter(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * 1 if {@code predicted} names exactly the key's letters, else 0; a missing prediction scores 0.
     *
     * @param predicted the letters the pipeline chose, or {@code null}
     * @param key the correct letters
     * @return 1 or 0
     */
    public static double correct(String predicted, String key) {
        SortedSet<Character> gold = letters(key);
        if (gold.isEmpty()) {
            throw new IllegalArgumentException("the answer key names no option: '" + key + "'");
        }
        return predicted != null && letters(predicted).equals(gold) ? 1.0 : 0.0;
    }

    /**
     * The option letter of a judgment key: {@code true} → {@link #TRUE}, {@code false} → {@link #FALSE}
     * (case-insensitive, surrounding space ignored).
     *
     * @param key {@code true} or {@code false}
     * @return {@link #TRUE} or {@link #FALSE}
     * @throws IllegalArgumentException for any other key
     */
    public static String judgmentKey(String key) {
        String k = key.strip().toLowerCase(Locale.ROOT);
        return switch (k) {
            case "true" -> TRUE;
            case "false" -> FALSE;
            default -> throw new IllegalArgumentException("a judgment key is 'true' or 'false', was '" + key + "'");
        };
    }

    /**
     * The expected accuracy of a uniform random pick among {@code options} options: {@code 1/n} when one
     * option is to be chosen (also for true/false: 1/2), and {@code 1/(2^n − 1)} for multi-select, where
     * the pick is uniform over the non-empty subsets of the options.
     *
     * @param options the number of options, at least 1
     * @param multiSelect whether any non-empty subset of the options may be the answer
     * @return the accuracy of guessing, in (0, 1]
     * @throws IllegalArgumentException if {@code options < 1} or, for multi-select, {@code options > 30}
     */
    public static double chanceAccuracy(int options, boolean multiSelect) {
        if (options < 1 || (multiSelect && options > 30)) {
            throw new IllegalArgumentException("options must be in [1, " + (multiSelect ? 30 : Integer.MAX_VALUE)
                    + "], was " + options);
        }
        return multiSelect ? 1.0 / ((1L << options) - 1) : 1.0 / options;
    }
}
