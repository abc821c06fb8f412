package io.github.astrorag.eval.metrics;

import java.util.Locale;
import java.util.Map;

/**
 * The stemmer of ROUGE ({@link Rouge}): the Porter stemming algorithm (M.F. Porter, "An algorithm for suffix
 * stripping", Program 14(3), 1980) in the variant that NLTK's {@code PorterStemmer} runs by default
 * ({@code NLTK_EXTENSIONS}), because that is the stemmer Google's {@code rouge-score} package applies with
 * {@code use_stemmer=True}. It is not the term analysis' stemmer (the core's {@code PorterStemmer}, Porter's
 * reference implementation as Lucene runs it, for BM25 and query coverage): the two stem some words differently
 * ({@code ties}, {@code skies}, {@code dying}, ...), and each matches the tool its scores are compared with.
 *
 * <p>The published five steps (plural and participle endings, {@code y → i}, double suffixes, single
 * suffixes, a final {@code e} and {@code ll}), with NLTK's departures from the paper: a small table of
 * irregular forms ({@code skies → sky}, {@code dying → die}, ...); words of at most two letters are
 * returned unchanged; four-letter {@code -ies}/{@code -ied} keep their {@code ie} ({@code ties → tie});
 * longer {@code -ied} becomes {@code -i}; step 1c turns {@code y} into {@code i} only after a consonant
 * that is not the word's first letter; step 2 applies {@code -alli → -al} first and then step 2 again,
 * rewrites {@code -bli} (not only {@code -abli}) to {@code -ble}, and adds {@code -fulli → -ful} and
 * {@code -logi → -log}; a two-letter stem vowel-consonant counts as
 * ending consonant-vowel-consonant. Input is lower-cased first.
 *
 * <p>Linear in the word's length (a constant number of suffix tests, each with a measure computation).
 * Stateless and thread-safe.
 */
public final class RougeStemmer {

    private static final Map<String, String> IRREGULAR = Map.ofEntries(
            Map.entry("skies", "sky"), Map.entry("sky", "sky"), Map.entry("dying", "die"),
            Map.entry("lying", "lie"), Map.entry("tying", "tie"), Map.entry("news", "news"),
            Map.entry("innings", "inning"), Map.entry("inning", "inning"), Map.entry("outings", "outing"),
            Map.entry("outing", "outing"), Map.entry("cannings", "canning"), Map.entry("canning", "canning"),
            Map.entry("howe", "howe"), Map.entry("proceed", "proceed"), Map.entry("exceed", "exceed"),
            Map.entry("succeed", "succeed"));

    private static final String[][] STEP2 = {
            {"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
            {"bli", "ble"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
            {"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"},
            {"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
            {"fulli", "ful"}};
    private static final String[][] STEP3 = {
            {"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""},
            {"ness", ""}};
    private static final String[] STEP4 = {
            "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism",
            "ate", "iti", "ous", "ive", "ize"};

    /**
     * The stem of {@code word}.
     *
     * @param word a word, in any case
     * @return its stem, lower case
     */
    public String stem(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        String irregular = IRREGULAR.get(w);
        if (irregular != null) {
            return irregular;
        }
        if (w.length() <= 2) {
            return w;
        }
        w = step1a(w);
        w = step1b(w);
        w = step1c(w);
        w = step2(w);
        w = step3(w);
        w = step4(w);
        w = step5a(w);
        return step5b(w);
    }

    private static boolean consonant(CharSequence w, int i) {
        char c = w.charAt(i);
        if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u') {
            return false;
        }
        if (c == 'y') {
            return i == 0 || !consonant(w, i - 1);
        }
        return true;
    }

    /** m in [C](VC)^m[V]: the number of vowel-run to consonant-run transitions. */
    static int measure(String stem) {
        int m = 0;
        boolean previousVowel = false;
        for (int i = 0; i < stem.length(); i++) {
            boolean c = consonant(stem, i);
            if (c && previousVowel) {
                m++;
            }
            previousVowel = !c;
        }
        return m;
    }

    private static boolean hasVowel(String stem) {
        for (int i = 0; i < stem.length(); i++) {
            if (!consonant(stem, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean endsDoubleConsonant(String w) {
        int n = w.length();
        return n >= 2 && w.charAt(n - 1) == w.charAt(n - 2) && consonant(w, n - 1);
    }

    /** *o: consonant-vowel-consonant at the end, the last not w, x or y (NLTK: also a two-letter vc). */
    private static boolean endsCvc(String w) {
        int n = w.length();
        if (n >= 3) {
            char last = w.charAt(n - 1);
            return consonant(w, n - 3) && !consonant(w, n - 2) && consonant(w, n - 1)
                    && last != 'w' && last != 'x' && last != 'y';
        }
        return n == 2 && !consonant(w, 0) && consonant(w, 1);
    }

    private static String cut(String w, String suffix) {
        return w.substring(0, w.length() - suffix.length());
    }

    private static String step1a(String w) {
        if (w.endsWith("ies") && w.length() == 4) {
            return cut(w, "ies") + "ie";
        }
        if (w.endsWith("sses")) {
            return cut(w, "sses") + "ss";
        }
        if (w.endsWith("ies")) {
            return cut(w, "ies") + "i";
        }
        if (w.endsWith("ss")) {
            return w;
        }
        return w.endsWith("s") ? cut(w, "s") : w;
    }

    private static String step1b(String w) {
        if (w.endsWith("ied")) {
            return cut(w, "ied") + (w.length() == 4 ? "ie" : "i");
        }
        if (w.endsWith("eed")) {
            String stem = cut(w, "eed");
            return measure(stem) > 0 ? stem + "ee" : w;
        }
        String stem = null;
        if (w.endsWith("ed") && hasVowel(cut(w, "ed"))) {
            stem = cut(w, "ed");
        } else if (w.endsWith("ing") && hasVowel(cut(w, "ing"))) {
            stem = cut(w, "ing");
        }
        if (stem == null) {
            return w;
        }
        if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) {
            return stem + "e";
        }
        if (endsDoubleConsonant(stem)) {
            char last = stem.charAt(stem.length() - 1);
            return last == 'l' || last == 's' || last == 'z' ? stem : stem.substring(0, stem.length() - 1);
        }
        if (measure(stem) == 1 && endsCvc(stem)) {
            return stem + "e";
        }
        return stem;
    }

    private static String step1c(String w) {
        if (w.endsWith("y")) {
            String stem = cut(w, "y");
            if (stem.length() > 1 && consonant(stem, stem.length() - 1)) {
                return stem + "i";
            }
        }
        return w;
    }

    private static String step2(String w) {
        if (w.endsWith("alli") && measure(cut(w, "alli")) > 0) {
            return step2(cut(w, "alli") + "al");
        }
        for (String[] rule : STEP2) {
            if (w.endsWith(rule[0])) {
                String stem = cut(w, rule[0]);
                return measure(stem) > 0 ? stem + rule[1] : w;
            }
        }
        if (w.endsWith("logi") && measure(cut(w, "ogi")) > 0) {
            return cut(w, "ogi") + "og";
        }
        return w;
    }

    private static String step3(String w) {
        for (String[] rule : STEP3) {
            if (w.endsWith(rule[0])) {
                String stem = cut(w, rule[0]);
                return measure(stem) > 0 ? stem + rule[1] : w;
            }
        }
        return w;
    }

    private static String step4(String w) {
        for (String suffix : STEP4) {
            if (w.endsWith(suffix)) {
                String stem = cut(w, suffix);
                boolean ok = measure(stem) > 1;
                if (suffix.equals("ion")) {
                    ok = ok && (stem.endsWith("s") || stem.endsWith("t"));
                }
                return ok ? stem : w;
            }
        }
        return w;
    }

    private static String step5a(String w) {
        if (w.endsWith("e")) {
            String stem = cut(w, "e");
            int m = measure(stem);
            if (m > 1 || (m == 1 && !endsCvc(stem))) {
                return stem;
            }
        }
        return w;
    }

    private static String step5b(String w) {
        return w.endsWith("ll") && measure(cut(w, "l")) > 1 ? cut(w, "l") : w;
    }
}
