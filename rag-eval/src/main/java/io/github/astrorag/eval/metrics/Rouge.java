package io.github.astrorag.eval.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ROUGE-N and ROUGE-L (Lin, "ROUGE: A Package for Automatic Evaluation of Summaries", 2004) computed as
 * Google's {@code rouge-score} package does with {@code use_stemmer=True}.
 *
 * <p>Tokens: lower case, every character outside {@code [a-z0-9]} replaced by a space, split on white
 * space, words longer than three characters stemmed by the {@link RougeStemmer} (NLTK's variant of Porter's, the
 * one {@code rouge-score} uses), empty tokens dropped. Non-ASCII letters are therefore separators, as in
 * {@code rouge-score}. ROUGE-N counts n-gram overlap with multiplicity ({@code Σ min(count_pred,
 * count_ref)}); ROUGE-L uses the longest common subsequence of the two token lists. Precision divides
 * by the prediction's n-grams (tokens), recall by the reference's, F1 = 2PR/(P+R) (0 when either is 0,
 * or when a side has no n-gram). With several references the score with the best F1 is kept, as
 * {@code RougeScorer.score_multi} does.
 *
 * <p>Cost: O(p + r) for ROUGE-N, O(p·r) time and O(r) memory for ROUGE-L, for p prediction and r
 * reference tokens. Thread-safe.
 */
public final class Rouge {

    /** Which ROUGE. */
    public enum Type {
        /** Unigram overlap. */
        ROUGE_1,
        /** Bigram overlap. */
        ROUGE_2,
        /** Longest common subsequence. */
        ROUGE_L
    }

    /** Precision, recall and F1 of one comparison. */
    public record Score(double precision, double recall, double f1) {
        /** All zero. */
        public static final Score ZERO = new Score(0, 0, 0);

        static Score of(int overlap, int predicted, int reference) {
            if (overlap == 0 || predicted == 0 || reference == 0) {
                return ZERO;
            }
            double p = (double) overlap / predicted;
            double r = (double) overlap / reference;
            return new Score(p, r, 2 * p * r / (p + r));
        }
    }

    private static final Pattern NON_ALPHANUMERIC = Pattern.compile("[^a-z0-9]+");
    private static final RougeStemmer STEMMER = new RougeStemmer();

    private final boolean stem;

    private Rouge(boolean stem) {
        this.stem = stem;
    }

    /**
     * ROUGE with Porter stemming ({@code use_stemmer=True}): the default.
     *
     * @return the scorer
     */
    public static Rouge withStemming() {
        return new Rouge(true);
    }

    /**
     * ROUGE on unstemmed tokens ({@code use_stemmer=False}).
     *
     * @return the scorer
     */
    public static Rouge withoutStemming() {
        return new Rouge(false);
    }

    /**
     * The tokens {@code rouge-score} would compare.
     *
     * @param text any text
     * @return lower-case alphanumeric tokens, stemmed if this scorer stems
     */
    public List<String> tokenize(String text) {
        String s = NON_ALPHANUMERIC.matcher(text.toLowerCase(Locale.ROOT)).replaceAll(" ");
        List<String> out = new ArrayList<>();
        for (String t : s.trim().split(" +")) {
            if (!t.isEmpty()) {
                out.add(stem && t.length() > 3 ? STEMMER.stem(t) : t);
            }
        }
        return out;
    }

    /**
     * The score of {@code prediction} against one {@code reference}.
     *
     * @param type ROUGE-1, ROUGE-2 or ROUGE-L
     * @param prediction the generated text
     * @param reference the reference text
     * @return precision, recall and F1
     */
    public Score score(Type type, String prediction, String reference) {
        List<String> p = tokenize(prediction);
        List<String> r = tokenize(reference);
        return switch (type) {
            case ROUGE_1 -> ngrams(p, r, 1);
            case ROUGE_2 -> ngrams(p, r, 2);
            case ROUGE_L -> Score.of(lcs(p, r), p.size(), r.size());
        };
    }

    /**
     * The score with the best F1 over {@code references} (the first on ties).
     *
     * @param type ROUGE-1, ROUGE-2 or ROUGE-L
     * @param prediction the generated text
     * @param references the reference texts, at least one
     * @return the best-F1 score
     * @throws IllegalArgumentException if there is no reference
     */
    public Score best(Type type, String prediction, Collection<String> references) {
        if (references.isEmpty()) {
            throw new IllegalArgumentException("no reference to compare with");
        }
        Score best = null;
        for (String reference : references) {
            Score s = score(type, prediction, reference);
            if (best == null || s.f1() > best.f1()) {
                best = s;
            }
        }
        return best;
    }

    private static Score ngrams(List<String> p, List<String> r, int n) {
        Map<String, Integer> ref = counts(r, n);
        Map<String, Integer> pred = counts(p, n);
        int overlap = 0;
        for (Map.Entry<String, Integer> e : pred.entrySet()) {
            overlap += Math.min(e.getValue(), ref.getOrDefault(e.getKey(), 0));
        }
        return Score.of(overlap, Math.max(0, p.size() - n + 1), Math.max(0, r.size() - n + 1));
    }

    private static Map<String, Integer> counts(List<String> tokens, int n) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            m.merge(String.join(" ", tokens.subList(i, i + n)), 1, Integer::sum);
        }
        return m;
    }

    /** Length of the longest common subsequence, by dynamic programming over one row. */
    static int lcs(List<String> a, List<String> b) {
        int[] row = new int[b.size() + 1];
        for (String x : a) {
            int diagonal = 0;
            for (int j = 1; j <= b.size(); j++) {
                int above = row[j];
                row[j] = x.equals(b.get(j - 1)) ? diagonal + 1 : Math.max(row[j], row[j - 1]);
                diagonal = above;
            }
        }
        return row[b.size()];
    }
}
