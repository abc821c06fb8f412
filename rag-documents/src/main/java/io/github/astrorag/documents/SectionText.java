package io.github.astrorag.documents;

import io.github.astrorag.core.load.LoaderLimits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The text of a structured document as the loaders of this module write it: words joined by single spaces,
 * paragraphs apart by a blank line, headings as Markdown headings ({@code ## Title}, so that they open the sections
 * the chunker cuts at and that a Markdown file of the same text has), pages (slides, sheets) as page starts. The
 * characters written are limited while writing ({@link LoaderLimits#checkChars}). Not thread-safe; linear in the
 * text.
 */
final class SectionText {

    private final Path file;
    private final long maxChars;
    private final StringBuilder text = new StringBuilder();
    private final List<Integer> pageStarts = new ArrayList<>();
    private boolean space;
    private @Nullable String firstHeading;
    private int headingStart = -1;
    private long bodyChars;

    SectionText(Path file, long maxChars) {
        this.file = file;
        this.maxChars = maxChars;
    }

    /** Adds words: runs of white space become one space, leading space at a paragraph's start is dropped. */
    void words(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == '\u00A0') {
                space = true;
            } else if (c != 0) {
                if (space && text.length() > 0 && !atBreak()) {
                    text.append(' ');
                }
                space = false;
                text.append(c);
                if (headingStart < 0) {
                    bodyChars++;
                }
            }
        }
        LoaderLimits.checkChars(file, text.length(), maxChars);
    }

    /** Ends the paragraph, if one is open: the next words start a new one. */
    void paragraph() {
        if (text.length() > 0 && !atBreak()) {
            text.append("\n\n");
        }
        space = false;
    }

    /** Starts a heading of {@code level} (1 to 6): a paragraph that starts with {@code #}s and a space. */
    void heading(int level) {
        paragraph();
        text.append("#".repeat(Math.max(1, Math.min(6, level)))).append(' ');
        headingStart = text.length();
        space = false;
    }

    /** Ends a heading: records the first as the document's candidate title. */
    void endHeading() {
        if (headingStart >= 0 && headingStart <= text.length()) {
            String line = text.substring(headingStart).strip();
            if (line.isEmpty()) {
                text.setLength(headingStart); // an empty heading is dropped with its marks
                text.setLength(headingStart - 1 - countHashes());
            } else if (firstHeading == null) {
                firstHeading = line;
            }
        }
        headingStart = -1;
        paragraph();
    }

    /** The number of {@code #}s at the end of the text. */
    private int countHashes() {
        int n = 0;
        while (n < text.length() && text.charAt(text.length() - 1 - n) == '#') {
            n++;
        }
        return n;
    }

    /** Separates words (a table cell's end): the next words start after a space. */
    void gap() {
        space = true;
    }

    /** Starts a page (a slide, a sheet) at the next paragraph. */
    void page() {
        paragraph();
        int at = text.length();
        if (pageStarts.isEmpty() || pageStarts.get(pageStarts.size() - 1) < at) {
            pageStarts.add(at);
        }
    }

    private boolean atBreak() {
        int n = text.length();
        return n >= 2 && text.charAt(n - 1) == '\n' && text.charAt(n - 2) == '\n'
                || n >= 2 && text.charAt(n - 1) == ' ' && text.charAt(n - 2) == '#';
    }

    /** Whether any character was written outside headings. */
    boolean hasBody() {
        return bodyChars > 0;
    }

    /** The first heading, or {@code null}. */
    @Nullable String firstHeading() {
        return firstHeading;
    }

    /** The text, stripped at its end (page starts stay within it). */
    String text() {
        int end = text.length();
        while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** The page starts, none when fewer than one page was started; the first page starts at 0. */
    List<Integer> pageStarts() {
        if (pageStarts.isEmpty()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        int length = text().length();
        for (int i = 0; i < pageStarts.size(); i++) {
            out.add(Math.min(i == 0 ? 0 : pageStarts.get(i), length));
        }
        return out;
    }
}
