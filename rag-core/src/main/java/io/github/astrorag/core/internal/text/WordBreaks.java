package io.github.astrorag.core.internal.text;

import java.text.BreakIterator;
import java.util.Locale;

/**
 * Word boundaries in scripts written without spaces between words, and the word count of a sentence in any
 * script, for the chunker (never cut inside a word) and the extractive answerer (how long a sentence is).
 *
 * <ul>
 *   <li>Thai (and the other text of a run) is segmented by the JDK's dictionary-based word
 *   {@link BreakIterator} for {@code Locale("th")} (the Thai dictionary of the {@code jdk.localedata} module;
 *   without it, the JDK's rule-based one);</li>
 *   <li>Han is cut at every character (a Han character is a word boundary: the JDK's iterator keeps a run of Han
 *   as one word); Hiragana and Katakana runs, which the iterator already separates from Han, stay whole;
 *   a combining mark, variation selector or joiner stays with the character before it;</li>
 *   <li>other scripts (Lao, Khmer, Myanmar: no dictionary in the JDK) are cut where the iterator cuts them,
 *   which is at least at every grapheme boundary the iterator sees.</li>
 * </ul>
 *
 * <p>Linear in the text length (the iterator's dictionary lookups are bounded by its longest word). Stateless and
 * thread-safe: each call makes its own iterator.
 */
public final class WordBreaks {

    private static final Locale THAI = Locale.forLanguageTag("th");

    private WordBreaks() {
    }

    /**
     * Whether {@code cp} is a letter of a script written without spaces between words: Han, Hiragana, Katakana,
     * Thai, Lao, Khmer or Myanmar.
     *
     * @param cp a code point
     * @return whether its script writes words without spaces
     */
    public static boolean unspaced(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return switch (script) {
            case HAN, HIRAGANA, KATAKANA, THAI, LAO, KHMER, MYANMAR -> Character.isLetter(cp);
            default -> false;
        };
    }

    /**
     * Whether [start, end) of {@code text} holds a letter of a script written without spaces ({@link #unspaced}).
     *
     * @param text  any text
     * @param start the first offset looked at
     * @param end   the offset after the last one looked at
     * @return whether such a letter is there; linear in {@code end - start}
     */
    public static boolean anyUnspaced(CharSequence text, int start, int end) {
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c >= 0x0E00 && unspaced(Character.codePointAt(text, i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The word boundaries of [start, end) of {@code text}: strictly increasing offsets from {@code start} to
     * {@code end}, both included. Between two boundaries lies a word, a run of white space or punctuation.
     *
     * @param text  any text
     * @param start the first offset
     * @param end   the offset after the last
     * @return the boundaries, {@code start} first and {@code end} last
     */
    public static int[] boundaries(String text, int start, int end) {
        BreakIterator words = BreakIterator.getWordInstance(THAI);
        words.setText(text.substring(start, end));
        io.github.astrorag.core.internal.IntList out = new io.github.astrorag.core.internal.IntList();
        out.add(start);
        int from = words.first();
        for (int to = words.next(); to != BreakIterator.DONE; from = to, to = words.next()) {
            int i = start + from;
            while (i < start + to) { // a Han run: every character is a word
                int cp = text.codePointAt(i);
                int next = i + Character.charCount(cp);
                while (next < start + to && joinsBefore(text.codePointAt(next))) {
                    next += Character.charCount(text.codePointAt(next));
                }
                if (next < start + to && (han(cp) || han(text.codePointAt(next)))) {
                    out.add(next);
                }
                i = next;
            }
            out.add(start + to);
        }
        return out.toArray();
    }

    /**
     * The words of a sentence: white-space separated words in spaced scripts, and in scripts without spaces the
     * words {@link #boundaries} finds (a Han character counts as one); only segments holding a letter or digit
     * count.
     *
     * @param sentence any text
     * @return how many words it has
     */
    public static int count(String sentence) {
        int[] b = boundaries(sentence, 0, sentence.length());
        int words = 0;
        for (int k = 0; k + 1 < b.length; k++) {
            for (int i = b[k]; i < b[k + 1]; ) {
                int cp = sentence.codePointAt(i);
                if (Character.isLetterOrDigit(cp)) {
                    words++;
                    break;
                }
                i += Character.charCount(cp);
            }
        }
        return words;
    }

    /**
     * Whether most letters of {@code text} are of a script other than Latin (Han, Thai, Arabic, Devanagari,
     * Hangul, Cyrillic, ...).
     *
     * @param text any text
     * @return whether its non-Latin letters outnumber its Latin ones
     */
    public static boolean mostlyNonLatin(String text) {
        int latin = 0;
        int other = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (Character.isLetter(cp)) {
                if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN) {
                    latin++;
                } else {
                    other++;
                }
            }
            i += Character.charCount(cp);
        }
        return other > latin;
    }

    private static boolean han(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN && Character.isLetter(cp);
    }

    /** A combining mark, variation selector, format character or joiner: it belongs to the character before it. */
    private static boolean joinsBefore(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.FORMAT;
    }
}
