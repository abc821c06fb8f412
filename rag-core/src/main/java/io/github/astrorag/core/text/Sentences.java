package io.github.astrorag.core.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits text into sentences at {@code . ! ?} followed by white space and an upper-case letter, digit
 * or quote, and at blank lines (a single line break, as in wrapped PDF text, does not end a sentence;
 * its white space is kept as it is in the quote); common abbreviations ({@code Dr.}, {@code e.g.}, single initials) do
 * not end a sentence. Each sentence keeps its character span.
 */
public final class Sentences {

    private static final Pattern END = Pattern.compile("(?<=[.!?])[\"')\\]]*\\s+(?=[\\p{Lu}\\p{N}\"'(\\[])|\\n[ \\t]*\\n\\s*");
    private static final Pattern ABBREVIATION = Pattern.compile(
            "(?i)(?:\\b(?:mr|mrs|ms|dr|prof|st|vs|etc|e\\.g|i\\.e|approx|fig|no|vol|jr|sr|inc|ltd|mt|ca)|\\b\\p{L})\\.$");

    private Sentences() {
    }

    /** A sentence and where it is in the text it came from. */
    public record Span(String text, int start, int end) {
    }

    /** The non-blank sentences of {@code text}, stripped, in order. */
    public static List<Span> split(String text) {
        List<Span> out = new ArrayList<>();
        Matcher m = END.matcher(text);
        int from = 0;
        while (m.find()) {
            String before = text.substring(from, m.start());
            if (!m.group().contains("\n") && ABBREVIATION.matcher(before).find()) {
                continue;
            }
            add(text, from, m.start(), out);
            from = m.end();
        }
        add(text, from, text.length(), out);
        return out;
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
