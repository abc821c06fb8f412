package io.github.astrorag.core.internal.text;

/**
 * The Porter stemming algorithm (M.F. Porter, "An algorithm for suffix stripping", Program 14(3), 130-137,
 * 1980) as its author's reference implementation runs it, which is also what Lucene's
 * {@code PorterStemFilter} runs: the published steps with the reference code's two departures
 * ({@code -bli → -ble} instead of {@code -abli → -able}, and {@code -logi → -log}). Words of at most two
 * characters are returned unchanged; any character other than {@code a e i o u} (and {@code y} after a
 * vowel or at the start) counts as a consonant, so the input should be lower case.
 *
 * <p>Linear in the word's length (a constant number of suffix tests, each with a measure computation).
 * Stateless and thread-safe: {@link #stem(String)} works on its own buffer.
 */
public final class PorterStemmer {

    private PorterStemmer() {
    }

    /**
     * The stem of {@code word}.
     *
     * @param word a lower-case word
     * @return its Porter stem; {@code word} itself when nothing was removed
     */
    public static String stem(String word) {
        if (word.length() <= 2) {
            return word;
        }
        Word w = new Word(word.toCharArray());
        w.step1ab();
        w.step1c();
        w.step2();
        w.step3();
        w.step4();
        w.step5();
        return w.k + 1 == word.length() && w.changed == 0 ? word : new String(w.b, 0, w.k + 1);
    }

    /** One word being stemmed: its characters, the end {@code k} and the stem end {@code j}. */
    private static final class Word {
        private char[] b;
        private int k;
        private int j;
        private int changed;

        Word(char[] chars) {
            b = chars;
            k = chars.length - 1;
        }

        private boolean cons(int i) {
            switch (b[i]) {
                case 'a', 'e', 'i', 'o', 'u':
                    return false;
                case 'y':
                    return i == 0 || !cons(i - 1);
                default:
                    return true;
            }
        }

        /** The number of vowel-consonant sequences in {@code b[0..j]}: m in [C](VC){m}[V]. */
        private int measure() {
            int n = 0;
            int i = skip(0, true);
            while (true) {
                i = skip(i, false);
                if (i > j) {
                    return n;
                }
                i = skip(i, true);
                n++;
            }
        }

        /** The first position from {@code i} on, up to {@code j + 1}, that is not a consonant (or not a vowel). */
        private int skip(int i, boolean consonants) {
            int at = i;
            while (at <= j && cons(at) == consonants) {
                at++;
            }
            return at;
        }

        private boolean vowelInStem() {
            for (int i = 0; i <= j; i++) {
                if (!cons(i)) {
                    return true;
                }
            }
            return false;
        }

        private boolean doubleConsonant(int i) {
            return i >= 1 && b[i] == b[i - 1] && cons(i);
        }

        /** Consonant-vowel-consonant ending at {@code i}, the last consonant not w, x or y. */
        private boolean cvc(int i) {
            if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2)) {
                return false;
            }
            char ch = b[i];
            return ch != 'w' && ch != 'x' && ch != 'y';
        }

        private boolean ends(String s) {
            int l = s.length();
            int o = k - l + 1;
            if (o < 0) {
                return false;
            }
            for (int i = 0; i < l; i++) {
                if (b[o + i] != s.charAt(i)) {
                    return false;
                }
            }
            j = k - l;
            return true;
        }

        private void setTo(String s) {
            int l = s.length();
            int o = j + 1;
            if (o + l > b.length) {
                b = java.util.Arrays.copyOf(b, o + l);
            }
            s.getChars(0, l, b, o);
            k = j + l;
            changed++;
        }

        private void replaceIfMeasured(String s) {
            if (measure() > 0) {
                setTo(s);
            }
        }

        /** Plurals and -ed or -ing. */
        void step1ab() {
            if (b[k] == 's') {
                if (ends("sses")) {
                    k -= 2;
                } else if (ends("ies")) {
                    setTo("i");
                } else if (b[k - 1] != 's') {
                    k--;
                }
            }
            if (ends("eed")) {
                if (measure() > 0) {
                    k--;
                }
            } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
                k = j;
                if (ends("at")) {
                    setTo("ate");
                } else if (ends("bl")) {
                    setTo("ble");
                } else if (ends("iz")) {
                    setTo("ize");
                } else if (doubleConsonant(k)) {
                    char ch = b[k - 1];
                    if (ch != 'l' && ch != 's' && ch != 'z') {
                        k--;
                    }
                } else {
                    j = k;
                    if (measure() == 1 && cvc(k)) {
                        setTo("e");
                    }
                }
            }
        }

        /** Terminal y to i when there is another vowel in the stem. */
        void step1c() {
            if (ends("y") && vowelInStem()) {
                b[k] = 'i';
                changed++;
            }
        }

        private boolean rule(String suffix, String replacement) {
            if (ends(suffix)) {
                replaceIfMeasured(replacement);
                return true;
            }
            return false;
        }

        /** Double suffixes to single ones, for a stem of measure above 0. */
        void step2() {
            if (k == 0) {
                return;
            }
            switch (b[k - 1]) {
                case 'a' -> {
                    if (!rule("ational", "ate")) {
                        rule("tional", "tion");
                    }
                }
                case 'c' -> {
                    if (!rule("enci", "ence")) {
                        rule("anci", "ance");
                    }
                }
                case 'e' -> rule("izer", "ize");
                case 'l' -> {
                    if (!rule("bli", "ble") && !rule("alli", "al") && !rule("entli", "ent") && !rule("eli", "e")) {
                        rule("ousli", "ous");
                    }
                }
                case 'o' -> {
                    if (!rule("ization", "ize") && !rule("ation", "ate")) {
                        rule("ator", "ate");
                    }
                }
                case 's' -> {
                    if (!rule("alism", "al") && !rule("iveness", "ive") && !rule("fulness", "ful")) {
                        rule("ousness", "ous");
                    }
                }
                case 't' -> {
                    if (!rule("aliti", "al") && !rule("iviti", "ive")) {
                        rule("biliti", "ble");
                    }
                }
                case 'g' -> rule("logi", "log");
                default -> {
                    // no double suffix ends in this letter
                }
            }
        }

        /** -ic-, -full, -ness and the like. */
        void step3() {
            switch (b[k]) {
                case 'e' -> {
                    if (!rule("icate", "ic") && !rule("ative", "")) {
                        rule("alize", "al");
                    }
                }
                case 'i' -> rule("iciti", "ic");
                case 'l' -> {
                    if (!rule("ical", "ic")) {
                        rule("ful", "");
                    }
                }
                case 's' -> rule("ness", "");
                default -> {
                    // no suffix of this step ends in this letter
                }
            }
        }

        /** -ant, -ence and the like, for a stem of measure above 1. */
        void step4() {
            if (k == 0) {
                return;
            }
            boolean found = switch (b[k - 1]) {
                case 'a' -> ends("al");
                case 'c' -> ends("ance") || ends("ence");
                case 'e' -> ends("er");
                case 'i' -> ends("ic");
                case 'l' -> ends("able") || ends("ible");
                case 'n' -> ends("ant") || ends("ement") || ends("ment") || ends("ent");
                case 'o' -> ends("ion") && j >= 0 && (b[j] == 's' || b[j] == 't') || ends("ou");
                case 's' -> ends("ism");
                case 't' -> ends("ate") || ends("iti");
                case 'u' -> ends("ous");
                case 'v' -> ends("ive");
                case 'z' -> ends("ize");
                default -> false;
            };
            if (found && measure() > 1) {
                k = j;
            }
        }

        /** A final -e, and -ll to -l, for a long enough stem. */
        void step5() {
            j = k;
            if (b[k] == 'e') {
                int m = measure();
                if (m > 1 || m == 1 && !cvc(k - 1)) {
                    k--;
                }
            }
            if (b[k] == 'l' && doubleConsonant(k) && measure() > 1) {
                k--;
            }
        }
    }
}
