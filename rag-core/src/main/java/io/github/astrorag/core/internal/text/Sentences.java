package io.github.astrorag.core.internal.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits text into sentences at {@code . ! ?} followed by white space and an upper-case letter, digit,
 * quote or a letter of a script without case (Hangul, Arabic, Devanagari, Han, ...: {@code \p{Lo}}), and at
 * blank lines. The end marks of other scripts end a sentence whatever follows them: 。！？｡． (CJK, no space
 * needed), the Devanagari danda । and double danda ॥, the Arabic question mark ؟ and full stop ۔, the
 * Ethiopic ። and ፧, the Myanmar ။, the Armenian ։ and the Khmer ។ ៕, each with up to three closing quotes or
 * brackets after it, which stay in its sentence (a run of marks such as ？！ ends once, after its last mark). In Thai and Lao, written without
 * spaces between words, a space between two letters of the script is a sentence (or phrase) break. Text
 * without these characters splits exactly as it did before they were added. A single line break ends a sentence only after a short line (under 40
 * characters, not ending in {@code , ; : -}) followed by a capital, digit or list mark: a heading or a
 * list item; inside wrapped text (as PDF text is) it does not, and its white space is kept in the
 * quote. Common abbreviations ({@code Dr.}, {@code e.g.}, single initials) do
 * not end a sentence. Each sentence keeps its character span. Linear in the text's length: no pattern
 * here can backtrack over more than one run of white space or closing quotes.
 */
public final class Sentences {

    /** End marks of scripts other than Latin, which end a sentence whatever follows them. */
    private static final String SCRIPT_ENDS = "\u3002\uFF01\uFF1F\uFF61\uFF0E\u0964\u0965\u061F\u06D4\u1362\u1367\u104B"
            + "\u0589\u17D4\u17D5";
    /** Closing quotes and brackets that may follow an end mark of another script, kept in its sentence. */
    private static final String CLOSING = "[\"')\\]\u300D\u300F\u201D\u2019\uFF09\u3009\u300B\u00BB]";
    private static final Pattern END = Pattern.compile(
            "(?<=[.!?])[\"')\\]]*\\s+(?=[\\p{Lu}\\p{N}\\p{Lo}\"'(\\[])|\\n[ \\t]*\\n\\s*|\\n[ \\t]*(?=[\\p{Lu}\\p{N}#*-])"
                    + "|(?<script>(?<=[" + SCRIPT_ENDS + "]" + CLOSING + "{0,3})(?![" + SCRIPT_ENDS + "!?])(?!" + CLOSING + ")\\s*"
                    + "|(?<=[\\p{IsThai}\\p{IsLao}])\\s+(?=[\\p{IsThai}\\p{IsLao}]))");
    /** A line this short without end punctuation before a line break is a heading or a list item, not wrapped text. */
    private static final int SHORT_LINE = 40;
    private static final Pattern ABBREVIATION = Pattern.compile(
            "(?i)(?:\\b(?:mr|mrs|ms|dr|prof|st|vs|etc|e\\.g|i\\.e|approx|fig|no|vol|jr|sr|inc|ltd|mt|ca)|\\b\\p{L})\\.$");

    /** Characters before a sentence end searched for an abbreviation. */
    private static final int ABBREVIATION_WINDOW = 16;

    private Sentences() {
    }

    /** A sentence and where it is in the text it came from. */
    public record Span(String text, int start, int end) {
    }

    /**
     * The non-blank sentences of {@code text}, stripped, in order.
     *
     * @param text any text
     * @return the sentences, with their spans in {@code text}
     */
    public static List<Span> split(String text) {
        List<Span> out = new ArrayList<>();
        Matcher m = END.matcher(text);
        int from = 0;
        while (m.find()) {
            if (m.group("script") != null) {
                add(text, from, m.start(), out);
                from = m.end();
                continue;
            }
            if (!m.group().contains("\n") && abbreviationBefore(text, from, m.start())) {
                continue;
            }
            boolean afterEnd = m.start() > 0 && ".!?\"')]".indexOf(text.charAt(m.start() - 1)) >= 0;
            if (!afterEnd && m.group().indexOf('\n') == m.group().lastIndexOf('\n') && !shortLine(text, m.start())) {
                continue; // a single line break inside wrapped text
            }
            add(text, from, m.start(), out);
            from = m.end();
        }
        add(text, from, text.length(), out);
        return out;
    }

    /**
     * Whether [from, end) ends in an abbreviation. Only its last {@value #ABBREVIATION_WINDOW} characters
     * are searched (the longest abbreviation, {@code approx.}, and the character before it, with room to
     * spare), so that a long run of abbreviations costs linear time, not quadratic.
     */
    private static boolean abbreviationBefore(String text, int from, int end) {
        int start = Math.max(from, end - ABBREVIATION_WINDOW);
        return ABBREVIATION.matcher(text).region(start, end).useTransparentBounds(start > from).find();
    }

    private static boolean shortLine(String text, int lineEnd) {
        int lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
        String line = text.substring(lineStart, lineEnd).strip();
        return line.length() < SHORT_LINE && !line.isEmpty() && ",;:-".indexOf(line.charAt(line.length() - 1)) < 0;
    }

    private static void add(String text, int start, int end, List<Span> out) {
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        if (start < end) {
            out.add(new Span(text.substring(start, end), start, end));
        }
    }
}
