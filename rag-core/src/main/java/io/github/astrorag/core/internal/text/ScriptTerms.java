package io.github.astrorag.core.internal.text;

import java.text.BreakIterator;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * {@link Terms}' English analysis with words cut in the scripts written without spaces, the default term analysis
 * of the {@code english} analyzer. A text whose letters are mostly of other scripts (an English text, even one
 * quoting a Chinese or Thai name) gets exactly the terms of {@link Terms#of}; in a text written mostly in those
 * scripts:
 * <ul>
 *   <li>a run of Thai, Lao, Khmer or Myanmar letters is cut into words by the JDK's dictionary-based word
 *   {@link BreakIterator} for Thai (module {@code jdk.localedata}; it has a dictionary for Thai only, so a Lao,
 *   Khmer or Myanmar run stays one word, as before), each word a term as written;</li>
 *   <li>with Han bigrams, a run of adjacent Han or Hiragana characters gives its overlapping pairs
 *   ({@code 天文学 → 天文, 文学}), a lone character itself, as Lucene's {@code CJKBigramFilter}; without,
 *   every character is a term, as {@link Terms};</li>
 *   <li>with Hangul bigrams, a run of Hangul syllables gives its overlapping pairs, a lone syllable itself;
 *   without, the words between spaces are the terms, as {@link Terms}.</li>
 * </ul>
 * Linear in the text length (the Thai dictionary walks each run once). Stateless and thread-safe.
 */
public final class ScriptTerms {

    private static final ThreadLocal<BreakIterator> THAI =
            ThreadLocal.withInitial(() -> BreakIterator.getWordInstance(Locale.forLanguageTag("th")));

    private final boolean hanBigrams;
    private final boolean hangulBigrams;

    /**
     * The analysis with the given treatment of Han and Hangul.
     *
     * @param hanBigrams    true: a run of Han or Hiragana characters gives its pairs; false: each character
     * @param hangulBigrams true: a run of Hangul gives its pairs; false: the words between spaces
     */
    public ScriptTerms(boolean hanBigrams, boolean hangulBigrams) {
        this.hanBigrams = hanBigrams;
        this.hangulBigrams = hangulBigrams;
    }

    /**
     * Passes each term of {@code text} to {@code sink}, in order.
     *
     * @param text any text
     * @param sink receives the terms
     */
    public void forEachTerm(String text, Consumer<String> sink) {
        Objects.requireNonNull(sink, "sink");
        if (!hasSegmentedScript(text)) {
            WordSegmenter.forEachWord(text, word -> {
                String term = Terms.term(word);
                if (term != null) {
                    sink.accept(term);
                }
            });
            return;
        }
        new Walk(text, sink).run();
    }

    /**
     * Whether {@code text} is written mostly in a script this analysis cuts otherwise than {@link Terms}: at least as
     * many of its letters are Thai, Lao, Khmer or Myanmar (or Han and kana with Han pairs, or Hangul with Hangul
     * pairs) as all its other letters together. An English text quoting a few such words keeps exactly the terms of
     * {@link Terms}.
     */
    private boolean hasSegmentedScript(String text) {
        int segmented = 0;
        int others = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
                    others++;
                }
            } else if (c >= 0x0E00 && (isSpaceless(c) || (hanBigrams && (isIdeographic(c) || isKatakana(c)))
                    || (hangulBigrams && isHangul(c)))) {
                if (Character.isLetter(c) || Character.isSurrogate(c)) {
                    segmented++;
                }
            } else if (Character.isLetter(c)) {
                others++;
            }
        }
        return segmented > 0 && segmented >= others;
    }

    /** One pass over a text, keeping the run of adjacent ideographs and the long word cut in pieces. */
    private final class Walk {
        private final String text;
        private final Consumer<String> sink;
        private int runStart = -1;
        private int runEnd = -1;
        private int runCount;
        private int wordStart = -1;
        private int wordEnd = -1;

        Walk(String text, Consumer<String> sink) {
            this.text = text;
            this.sink = sink;
        }

        void run() {
            WordSegmenter.forEachSpan(text, this::span);
            flushRun();
            flushWord();
        }

        private void span(int start, int end) {
            if (hanBigrams && isIdeographic(text.charAt(start))) {
                flushWord();
                if (runCount > 0 && runEnd == start) {
                    sink.accept(text.substring(runStart, end));
                    runCount++;
                } else {
                    flushRun();
                    runCount = 1;
                }
                runStart = start;
                runEnd = end;
                return;
            }
            flushRun();
            // a word longer than the segmenter's limit arrives in adjacent pieces: join them again before cutting
            if (wordStart >= 0 && wordEnd == start && wordEnd - wordStart >= WordSegmenter.MAX_WORD_LENGTH) {
                wordEnd = end;
                return;
            }
            flushWord();
            wordStart = start;
            wordEnd = end;
        }

        private void flushRun() {
            if (runCount == 1) {
                sink.accept(text.substring(runStart, runEnd));
            }
            runCount = 0;
        }

        private void flushWord() {
            if (wordStart >= 0) {
                word(wordStart, wordEnd);
                wordStart = -1;
            }
        }

        /** One word of the segmenter, cut where its script has no spaces. */
        private void word(int start, int end) {
            int i = start;
            while (i < end) {
                int kind = kindOf(text.charAt(i));
                int j = i + 1;
                while (j < end && (kindOf(text.charAt(j)) == kind || isMark(text.charAt(j)))) {
                    j++;
                }
                if (kind == SPACELESS) {
                    dictionary(i, j);
                } else if (kind == HANGUL) {
                    bigrams(i, j);
                } else {
                    for (int s = i; s < j; s += WordSegmenter.MAX_WORD_LENGTH) {
                        String term = Terms.term(text.substring(s, Math.min(j, s + WordSegmenter.MAX_WORD_LENGTH)));
                        if (term != null) {
                            sink.accept(term);
                        }
                    }
                }
                i = j;
            }
        }

        private void dictionary(int start, int end) {
            BreakIterator words = THAI.get();
            String run = text.substring(start, end);
            words.setText(run);
            int s = words.first();
            for (int e = words.next(); e != BreakIterator.DONE; s = e, e = words.next()) {
                if (Character.isLetterOrDigit(run.codePointAt(s))) {
                    sink.accept(run.substring(s, e));
                }
            }
        }

        private void bigrams(int start, int end) {
            if (end - start == 1) {
                sink.accept(text.substring(start, end));
                return;
            }
            for (int s = start; s + 1 < end; s++) {
                sink.accept(text.substring(s, s + 2));
            }
        }

        private int kindOf(char c) {
            if (isSpaceless(c)) {
                return SPACELESS;
            }
            return hangulBigrams && isHangul(c) ? HANGUL : OTHER;
        }
    }

    private static final int OTHER = 0;
    private static final int SPACELESS = 1;
    private static final int HANGUL = 2;

    /** Thai, Lao, Myanmar and Khmer (their main blocks and extensions): scripts written without spaces between words. */
    static boolean isSpaceless(char c) {
        return (c >= 0x0E00 && c <= 0x0EFF) || (c >= 0x1000 && c <= 0x109F) || (c >= 0x1780 && c <= 0x17FF)
                || (c >= 0x19E0 && c <= 0x19FF) || (c >= 0xA9E0 && c <= 0xA9FF) || (c >= 0xAA60 && c <= 0xAA7F);
    }

    /** Han (with its surrogate-pair extensions) or Hiragana: the characters the segmenter makes words of alone. */
    private static boolean isIdeographic(char c) {
        if (Character.isSurrogate(c)) {
            return Character.isHighSurrogate(c) && c >= 0xD840 && c <= 0xD87F;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA;
    }

    /** Katakana, counted with Han and Hiragana as a Japanese text's letters. */
    private static boolean isKatakana(char c) {
        return (c >= 0x30A0 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) || (c >= 0xFF66 && c <= 0xFF9D);
    }

    /** Hangul syllables and jamo. */
    private static boolean isHangul(char c) {
        return (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F);
    }

    /** A combining mark or joiner, which belongs to the character before it. */
    private static boolean isMark(char c) {
        int type = Character.getType(c);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK || c == '\u200C' || c == '\u200D';
    }
}
