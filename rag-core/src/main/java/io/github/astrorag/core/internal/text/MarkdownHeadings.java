package io.github.astrorag.core.internal.text;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Finds Markdown ATX headings ({@code # Title}, {@code ## Title ##}) by a single left-to-right scan,
 * without regular expressions, so that no input (say a heading line of a million spaces) can make it
 * backtrack: linear in the text's length.
 *
 * <p>A heading line is: at most 3 spaces or tabs, 1 to 6 {@code #}, at least one space or tab, then the
 * title. The title is stripped of surrounding white space and of a closing run of {@code #} that stands
 * alone (at the start or after white space, as CommonMark says: {@code # C#} is titled {@code C#}). A
 * line whose title is then empty is no heading. Lines end at {@code \n}; a {@code \r} before it is white
 * space. Stateless.
 */
public final class MarkdownHeadings {

    private MarkdownHeadings() {
    }

    /**
     * The title of the first heading of {@code text}, or {@code null} if it has none. O(n).
     *
     * @param text Markdown text
     * @return the heading's title, without the {@code #} marks, or {@code null}
     */
    public static @Nullable String first(String text) {
        List<String> out = new ArrayList<>(1);
        scan(text, out, 1);
        return out.isEmpty() ? null : out.get(0);
    }

    /**
     * The titles of all headings of {@code text}, in order. O(n).
     *
     * @param text Markdown text
     * @return the titles, possibly empty
     */
    public static List<String> all(String text) {
        List<String> out = new ArrayList<>();
        scan(text, out, Integer.MAX_VALUE);
        return out;
    }

    private static void scan(String text, List<String> out, int limit) {
        int lineStart = 0;
        int n = text.length();
        while (lineStart < n && out.size() < limit) {
            int lineEnd = text.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = n;
            }
            String title = title(text, lineStart, lineEnd);
            if (title != null) {
                out.add(title);
            }
            lineStart = lineEnd + 1;
        }
    }

    /** The heading title of the line [start, end), or null. */
    private static @Nullable String title(String text, int start, int end) {
        int p = start;
        while (p < end && p - start < 3 && blank(text.charAt(p))) {
            p++;
        }
        int hashes = 0;
        while (p < end && text.charAt(p) == '#') {
            hashes++;
            p++;
        }
        if (hashes < 1 || hashes > 6 || p >= end || !blank(text.charAt(p))) {
            return null;
        }
        int from = p;
        int to = end;
        while (from < to && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
            to--;
        }
        int closing = to;
        while (closing > from && text.charAt(closing - 1) == '#') {
            closing--;
        }
        if (closing < to && (closing == from || Character.isWhitespace(text.charAt(closing - 1)))) {
            to = closing;
            while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
                to--;
            }
        }
        return from < to ? text.substring(from, to) : null;
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }
}
