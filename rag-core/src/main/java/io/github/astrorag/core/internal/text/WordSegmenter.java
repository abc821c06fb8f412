package io.github.astrorag.core.internal.text;

import java.util.function.Consumer;

/**
 * Word segmentation after Unicode Standard Annex #29 ("Unicode Text Segmentation", word boundary rules
 * WB4 to WB13b), keeping the segments that are words, as Lucene's {@code StandardTokenizer} does:
 * <ul>
 *   <li>letters, digits, Katakana and connector punctuation ({@code _}) join into one word (WB5, WB8 to WB10,
 *   WB13 to WB13b);</li>
 *   <li>a colon, middle dot, period or apostrophe between two letters joins them (WB6, WB7), a comma,
 *   semicolon, period or apostrophe between two digits joins them (WB11, WB12);</li>
 *   <li>combining marks and format characters belong to the character before them (WB4);</li>
 *   <li>every Han or Hiragana character is a word of its own, and so is every emoji or pictographic symbol
 *   (Unicode's Extended_Pictographic, with its modifiers and zero-width-joined sequences, as Lucene's emoji
 *   tokens; {@code ☉}, {@code ♂}) and every pair of regional indicators (a flag); anything else (spaces,
 *   punctuation, other symbols) separates words and is dropped;</li>
 *   <li>a word longer than {@value #MAX_WORD_LENGTH} characters is cut into pieces of that length.</li>
 * </ul>
 *
 * <p>Linear in the text length. Stateless and thread-safe.
 */
final class WordSegmenter {

    /** Lucene's default maximum token length. */
    static final int MAX_WORD_LENGTH = 255;

    private static final int OTHER = 0;
    private static final int LETTER = 1;
    private static final int NUMERIC = 2;
    private static final int KATAKANA = 3;
    private static final int EXTEND_NUM_LET = 4;
    private static final int MID_LETTER = 5;
    private static final int MID_NUM = 6;
    private static final int MID_NUM_LET = 7;
    private static final int EXTEND = 8;
    private static final int IDEOGRAPHIC = 9;
    private static final int PICTOGRAPHIC = 10;
    private static final int REGIONAL_INDICATOR = 11;

    /** Unicode's Extended_Pictographic code points (emoji and pictographic symbols such as ☉ and ♂), as ranges. */
    private static final int[] PICTOGRAPHIC_RANGES = {
            0x00A9, 0x00A9, 0x00AE, 0x00AE, 0x203C, 0x203C, 0x2049, 0x2049, 0x2122, 0x2122, 0x2139, 0x2139,
            0x2194, 0x2199, 0x21A9, 0x21AA, 0x231A, 0x231B, 0x2328, 0x2328, 0x2388, 0x2388, 0x23CF, 0x23CF,
            0x23E9, 0x23F3, 0x23F8, 0x23FA, 0x24C2, 0x24C2, 0x25AA, 0x25AB, 0x25B6, 0x25B6, 0x25C0, 0x25C0,
            0x25FB, 0x25FE, 0x2600, 0x2605, 0x2607, 0x2612, 0x2614, 0x2685, 0x2690, 0x2705, 0x2708, 0x2712,
            0x2714, 0x2714, 0x2716, 0x2716, 0x271D, 0x271D, 0x2721, 0x2721, 0x2728, 0x2728, 0x2733, 0x2734,
            0x2744, 0x2744, 0x2747, 0x2747, 0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757,
            0x2763, 0x2767, 0x2795, 0x2797, 0x27A1, 0x27A1, 0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2934, 0x2935,
            0x2B05, 0x2B07, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x3030, 0x3030, 0x303D, 0x303D,
            0x3297, 0x3297, 0x3299, 0x3299, 0x1F000, 0x1F0FF, 0x1F10D, 0x1F10F, 0x1F12F, 0x1F12F, 0x1F16C, 0x1F171,
            0x1F17E, 0x1F17F, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A, 0x1F1AD, 0x1F1E5, 0x1F201, 0x1F20F,
            0x1F21A, 0x1F21A, 0x1F22F, 0x1F22F, 0x1F232, 0x1F23A, 0x1F23C, 0x1F23F, 0x1F249, 0x1F3FA,
            0x1F400, 0x1F53D, 0x1F546, 0x1F64F, 0x1F680, 0x1F6FF, 0x1F774, 0x1F77F, 0x1F7D5, 0x1F7FF,
            0x1F80C, 0x1F80F, 0x1F848, 0x1F84F, 0x1F85A, 0x1F85F, 0x1F888, 0x1F88F, 0x1F8AE, 0x1F8FF,
            0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1FAFF, 0x1FC00, 0x1FFFD};

    private WordSegmenter() {
    }

    /**
     * Passes each word of {@code text} to {@code sink}, in order.
     *
     * @param text any text
     * @param sink receives the words, as they appear in the text
     */
    static void forEachWord(String text, Consumer<String> sink) {
        forEachSpan(text, (start, end) -> sink.accept(text.substring(start, end)));
    }

    /** Receives a word as its place in the text. */
    @FunctionalInterface
    interface SpanSink {
        /**
         * One word.
         *
         * @param start its first char's index
         * @param end   the index after its last char
         */
        void accept(int start, int end);
    }

    /**
     * Passes the place of each word of {@code text} to {@code sink}, in order: the words of
     * {@link #forEachWord(String, Consumer)}, as spans.
     *
     * @param text any text
     * @param sink receives the spans
     */
    static void forEachSpan(String text, SpanSink sink) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            int cp = text.codePointAt(i);
            int type = classOf(cp);
            int end = skipExtend(text, i + Character.charCount(cp));
            if (type == IDEOGRAPHIC) {
                sink.accept(i, end);
            } else if (type == PICTOGRAPHIC) {
                // WB3c: a zero-width joiner glues pictographs into one emoji sequence
                while (end < n && text.charAt(end - 1) == '\u200D' && classOf(text.codePointAt(end)) == PICTOGRAPHIC) {
                    end = skipExtend(text, end + Character.charCount(text.codePointAt(end)));
                }
                sink.accept(i, end);
            } else if (type == REGIONAL_INDICATOR) {
                // WB15/WB16: regional indicators pair into flags
                if (end < n && classOf(text.codePointAt(end)) == REGIONAL_INDICATOR) {
                    end = skipExtend(text, end + Character.charCount(text.codePointAt(end)));
                }
                sink.accept(i, end);
            } else if (type == LETTER || type == NUMERIC || type == KATAKANA || type == EXTEND_NUM_LET) {
                int start = i;
                boolean content = type != EXTEND_NUM_LET;
                int last = type;
                while (end < n) {
                    int cp2 = text.codePointAt(end);
                    int next = classOf(cp2);
                    int nextEnd = skipExtend(text, end + Character.charCount(cp2));
                    if (joins(last, next)) {
                        content |= next != EXTEND_NUM_LET;
                        last = next;
                        end = nextEnd;
                    } else if (nextEnd < n && joinsAcross(last, next, classOf(text.codePointAt(nextEnd)))) {
                        int after = text.codePointAt(nextEnd);
                        last = classOf(after);
                        end = skipExtend(text, nextEnd + Character.charCount(after));
                    } else {
                        break;
                    }
                }
                if (content) {
                    emit(text, start, end, sink);
                }
            }
            i = end;
        }
    }

    private static void emit(String text, int start, int end, SpanSink sink) {
        for (int s = start; s < end; s += MAX_WORD_LENGTH) {
            sink.accept(s, Math.min(end, s + MAX_WORD_LENGTH));
        }
    }

    private static boolean joins(int last, int next) {
        return switch (last) {
            case LETTER, NUMERIC -> next == LETTER || next == NUMERIC || next == EXTEND_NUM_LET;
            case KATAKANA -> next == KATAKANA || next == EXTEND_NUM_LET;
            case EXTEND_NUM_LET -> next == LETTER || next == NUMERIC || next == KATAKANA || next == EXTEND_NUM_LET;
            default -> false;
        };
    }

    /** WB6/WB7 and WB11/WB12: a middle character between two letters or two digits. */
    private static boolean joinsAcross(int last, int middle, int after) {
        if (last == LETTER && after == LETTER) {
            return middle == MID_LETTER || middle == MID_NUM_LET;
        }
        if (last == NUMERIC && after == NUMERIC) {
            return middle == MID_NUM || middle == MID_NUM_LET;
        }
        return false;
    }

    private static int skipExtend(String text, int from) {
        int i = from;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            if (classOf(cp) != EXTEND) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    private static int classOf(int cp) {
        switch (cp) {
            case '.', '\'', '\u2018', '\u2019', '\u2024', '\uFE52', '\uFF07', '\uFF0E':
                return MID_NUM_LET;
            case ':', '\u00B7', '\u0387', '\u055F', '\u05F4', '\u2027', '\uFE13', '\uFE55', '\uFF1A':
                return MID_LETTER;
            case ',', ';', '\u037E', '\u0589', '\u060C', '\u060D', '\u066C', '\u07F8', '\u2044', '\uFE10',
                    '\uFE14', '\uFE50', '\uFE54', '\uFF0C', '\uFF1B':
                return MID_NUM;
            case '\u200B':
                return OTHER;
            case '\u202F':
                return EXTEND_NUM_LET;
            case '\u3031', '\u3032', '\u3033', '\u3034', '\u3035', '\u309B', '\u309C', '\u30A0', '\u30FC',
                    '\uFF70':
                return KATAKANA;
            case '\u200C', '\u200D':
                return EXTEND;
            default:
                break;
        }
        if (cp >= 0x1F1E6 && cp <= 0x1F1FF) {
            return REGIONAL_INDICATOR;
        }
        if (cp >= 0xA9 && isPictographic(cp)) {
            return PICTOGRAPHIC;
        }
        int type = Character.getType(cp);
        switch (type) {
            case Character.NON_SPACING_MARK, Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK,
                    Character.FORMAT:
                return EXTEND;
            case Character.CONNECTOR_PUNCTUATION:
                return EXTEND_NUM_LET;
            case Character.DECIMAL_DIGIT_NUMBER:
                return NUMERIC;
            default:
                break;
        }
        if (!Character.isLetter(cp) && type != Character.LETTER_NUMBER) {
            return OTHER;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        if (script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA) {
            return IDEOGRAPHIC;
        }
        return script == Character.UnicodeScript.KATAKANA ? KATAKANA : LETTER;
    }

    private static boolean isPictographic(int cp) {
        int lo = 0;
        int hi = PICTOGRAPHIC_RANGES.length / 2 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (cp < PICTOGRAPHIC_RANGES[2 * mid]) {
                hi = mid - 1;
            } else if (cp > PICTOGRAPHIC_RANGES[2 * mid + 1]) {
                lo = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
