package io.github.astrorag.core.internal.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one term analysis of this project: the terms of an English text as Lucene's {@code EnglishAnalyzer}
 * (lucene-analysis-common 9.12) makes them, without Lucene on the class path. The steps, in Lucene's order:
 * <ol>
 *   <li>word segmentation by the rules of Unicode Standard Annex #29 ({@link WordSegmenter}): a word keeps
 *   inner apostrophes, periods and colons between letters ({@code can't}, {@code U.S.A}), periods and commas
 *   between digits ({@code 3.14}, {@code 1,000}), and underscores; every Han or Hiragana character and every
 *   emoji or pictographic symbol ({@code ☉}) is a word of its own; a word longer than 255 characters is cut
 *   into pieces of 255;</li>
 *   <li>a possessive {@code 's} removed ({@code Hubble's → Hubble});</li>
 *   <li>lower case, code point by code point;</li>
 *   <li>Lucene's 33 English stop words removed ({@link #STOP_WORDS});</li>
 *   <li>Porter stemming ({@link PorterStemmer}: {@code galaxies → galaxi}).</li>
 * </ol>
 * BM25, query-coverage selection, the MCTS coverage scorer, the extractive reader and citation quoting all
 * use it, so that one term means the same everywhere. A test in this module checks it against Lucene's
 * analyzer term for term.
 *
 * <p>Linear in the text length. Stateless and thread-safe.
 */
public final class Terms {

    /** Lucene's {@code EnglishAnalyzer.ENGLISH_STOP_WORDS_SET}. */
    public static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no",
            "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this",
            "to", "was", "will", "with");

    private Terms() {
    }

    /**
     * The analysed terms of {@code text}.
     *
     * @param text any text
     * @return its terms, in order, with repeats; empty for a text with no content word
     */
    public static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        WordSegmenter.forEachWord(text, word -> {
            String term = term(word);
            if (term != null) {
                out.add(term);
            }
        });
        return out;
    }

    /**
     * The term of one word as {@link #of} makes it: possessive removed, lower case, stemmed.
     *
     * @param word one word of {@link WordSegmenter}
     * @return its term, or null for a stop word
     */
    static String term(String word) {
        String term = lowerCase(withoutPossessive(word));
        return STOP_WORDS.contains(term) ? null : PorterStemmer.stem(term);
    }

    private static String withoutPossessive(String word) {
        int n = word.length();
        if (n >= 2) {
            char s = word.charAt(n - 1);
            char q = word.charAt(n - 2);
            if ((s == 's' || s == 'S') && (q == '\'' || q == '\u2019' || q == '\uFF07')) {
                return word.substring(0, n - 2);
            }
        }
        return word;
    }

    private static String lowerCase(String word) {
        StringBuilder b = null;
        for (int i = 0; i < word.length(); ) {
            int cp = word.codePointAt(i);
            int lower = Character.toLowerCase(cp);
            if (lower != cp && b == null) {
                b = new StringBuilder(word.length()).append(word, 0, i);
            }
            if (b != null) {
                b.appendCodePoint(lower);
            }
            i += Character.charCount(cp);
        }
        return b == null ? word : b.toString();
    }
}
