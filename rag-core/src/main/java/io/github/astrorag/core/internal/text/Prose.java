package io.github.astrorag.core.internal.text;

import io.github.astrorag.core.internal.IntList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sentences a person would read aloud from a piece of plain text or Markdown: no headings, no
 * Markdown syntax, and a sentence's lines joined into one line.
 *
 * <p>Block level, line by line:
 * <ul>
 *   <li>headings are skipped: ATX lines ({@code # Title} to {@code ###### Title}), setext headings (the
 *       paragraph above a {@code ===} or {@code ---} underline), and, for plain text, a paragraph's first
 *       line when it is short (under {@value #SHORT_LINE} characters), holds no sentence end, ends in
 *       neither punctuation nor a function word ({@code of}, {@code the}, ...), is no list item and is
 *       followed by a line that starts with a capital letter;</li>
 *   <li>fenced code blocks ({@code ```} or {@code ~~~}, fences included), thematic breaks
 *       ({@code ***}, {@code ---}, {@code ___}) and table delimiter rows ({@code |---|:--|}) are skipped;</li>
 *   <li>a blank line ends a paragraph; each list item ({@code - }, {@code * }, {@code + }, {@code 1. },
 *       {@code 1) }) is a paragraph of its own, without its marker (nor a task box {@code [ ]}); a line
 *       that starts at the margin with a capital letter right after a list item starts a new paragraph (the
 *       prose after a list, not the item's continuation);
 *       blockquote marks {@code >} are dropped;</li>
 * </ul>
 * Inline, within a paragraph: emphasis and strike-through delimiters ({@code *}, {@code _}, {@code ~~}
 * runs that open or close a word: {@code 2*3} and {@code snake_case} stay), code-span backticks (the code
 * is kept), link and image syntax ({@code [text](url)}, {@code ![alt](url)}, {@code [text][ref]} keep
 * their text; footnote marks {@code [^1]} go), autolink brackets ({@code <https://…>}) and backslash
 * escapes are dropped. White space runs, line breaks included, become one space. Then the paragraph is
 * split into sentences by {@link Sentences}.
 *
 * <p>Each sentence carries its cleaned text and the span of the source it came from, widened over the
 * markup that opens or closes it ({@code **The dome** is wide.} spans the asterisks), so that
 * {@code source.substring(start, end)} is a verbatim quote.
 *
 * <p>Linear time in the text's length (plus {@link Sentences} on each paragraph): one scan over the
 * lines, bracket pairs matched with a stack, code spans paired by run length; no regular expressions.
 * This class does the block level; {@code ProseParagraph} the inline syntax of each paragraph.
 * Stateless; thread-safe.
 */
public final class Prose {

    /**
     * A first line this short, without end punctuation, before a capitalised line is a plain-text heading:
     * shorter than wrapped prose lines (70 to 100 characters), long enough for a PDF page's title.
     */
    static final int SHORT_LINE = 60;
    /** Words that end wrapped lines of prose but never a title. */
    private static final java.util.Set<String> FUNCTION_WORDS = java.util.Set.of("a", "an", "the", "of", "to", "in",
            "on", "at", "by", "for", "with", "from", "and", "or", "but", "is", "are", "was", "were", "be", "as",
            "that", "which", "its", "their", "his", "her", "this", "these", "than", "into", "per");

    private Prose() {
    }

    /**
     * A readable sentence.
     *
     * @param text  the sentence without Markdown syntax, on one line
     * @param start the offset of the first source character it covers (opening markup included)
     * @param end   the offset after the last source character it covers (closing markup included)
     */
    public record Sentence(String text, int start, int end) {
    }

    /**
     * The readable sentences of {@code source}, in order.
     *
     * @param source Markdown or plain text
     * @return the sentences, with their spans in {@code source}
     */
    public static List<Sentence> sentences(String source) {
        List<Sentence> out = new ArrayList<>();
        for (int[] paragraph : paragraphs(source)) {
            new ProseParagraph(source, paragraph).sentences(out);
        }
        return out;
    }

    /**
     * The paragraphs of {@code s} as flat arrays of source ranges {@code [from0, to0, from1, to1, ...]},
     * one range per line (markers and surrounding white space excluded).
     */
    private static List<int[]> paragraphs(String s) {
        List<int[]> out = new ArrayList<>();
        IntList block = new IntList();
        boolean listItem = false;
        char fence = 0;
        int fenceLength = 0;
        int lineStart = 0;
        while (lineStart <= s.length()) {
            int lineEnd = s.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = s.length();
            }
            int next = lineEnd + 1;
            int end = lineEnd;
            while (end > lineStart && Character.isWhitespace(s.charAt(end - 1))) {
                end--;
            }
            int p = skipSpaces(s, lineStart, end);
            if (fence != 0) {
                if (run(s, p, fence) >= fenceLength && skipSpaces(s, p + run(s, p, fence), end) == end) {
                    fence = 0;
                }
                lineStart = next;
                continue;
            }
            while (p < end && s.charAt(p) == '>') { // blockquote marks
                p = skipSpaces(s, p + 1, end);
            }
            boolean indentedLittle = p - lineStart <= 3;
            char c = p < end ? s.charAt(p) : 0;
            if (p == end) {
                flush(s, block, listItem, out);
            } else if (indentedLittle && (c == '`' || c == '~') && run(s, p, c) >= 3) {
                flush(s, block, listItem, out);
                fence = c;
                fenceLength = run(s, p, c);
            } else if (indentedLittle && c == '#' && atxHeading(s, p, end)) {
                flush(s, block, listItem, out);
            } else if (indentedLittle && (c == '=' || c == '-') && !block.isEmpty()
                    && skipSpaces(s, p + run(s, p, c), end) == end) {
                block.clear(); // the paragraph above a setext underline is a heading
            } else if (indentedLittle && thematicBreak(s, p, end) || tableDelimiterRow(s, p, end)) {
                flush(s, block, listItem, out);
            } else {
                int content = listItemContent(s, p, end);
                if (content >= 0 || listItem && !block.isEmpty() && p == lineStart
                        && Character.isUpperCase(s.charAt(p))) {
                    flush(s, block, listItem, out); // a list item, or a paragraph right after one (no blank line)
                }
                if (content >= 0) {
                    p = content;
                }
                if (block.isEmpty()) {
                    listItem = content >= 0;
                }
                if (p < end) {
                    block.add(p);
                    block.add(end);
                }
            }
            lineStart = next;
        }
        flush(s, block, listItem, out);
        return out;
    }

    /** Adds the block as a paragraph, less its first line if that is a plain-text title, and empties it. */
    private static void flush(String s, IntList block, boolean listItem, List<int[]> out) {
        int[] ranges = block.toArray();
        block.clear();
        if (ranges.length > 2 && !listItem && plainHeading(s, ranges)) {
            ranges = Arrays.copyOfRange(ranges, 2, ranges.length);
        }
        if (ranges.length > 0) {
            out.add(ranges);
        }
    }

    /**
     * A short first line that neither ends in punctuation or a function word nor holds a sentence end,
     * followed by a line that starts with a capital letter.
     */
    private static boolean plainHeading(String s, int[] ranges) {
        if (ranges[1] - ranges[0] >= SHORT_LINE || ".!?,;:-\"')]*_`".indexOf(s.charAt(ranges[1] - 1)) >= 0) {
            return false;
        }
        int lastWord = ranges[1];
        for (int i = ranges[0]; i < ranges[1]; i++) {
            char c = s.charAt(i);
            if (".!?".indexOf(c) >= 0 && i + 1 < ranges[1] && s.charAt(i + 1) == ' ') {
                return false; // the tail of one sentence and the start of the next
            }
            if (c == ' ') {
                lastWord = i + 1;
            }
        }
        if (lastWord == ranges[1]) {
            lastWord = ranges[0];
        }
        String last = s.substring(lastWord, ranges[1]).toLowerCase(java.util.Locale.ROOT);
        return !FUNCTION_WORDS.contains(last) && Character.isUpperCase(s.charAt(ranges[2]));
    }

    private static int skipSpaces(String s, int i, int end) {
        while (i < end && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** The length of the run of {@code c} at {@code i}. */
    private static int run(String s, int i, char c) {
        int j = i;
        while (j < s.length() && s.charAt(j) == c) {
            j++;
        }
        return j - i;
    }

    private static boolean atxHeading(String s, int p, int end) {
        int hashes = run(s, p, '#');
        return hashes <= 6 && (p + hashes == end || s.charAt(p + hashes) == ' ' || s.charAt(p + hashes) == '\t');
    }

    /** Three or more of one of {@code * - _}, with nothing but spaces between them. */
    private static boolean thematicBreak(String s, int p, int end) {
        char c = s.charAt(p);
        if (c != '*' && c != '-' && c != '_') {
            return false;
        }
        int count = 0;
        for (int i = p; i < end; i++) {
            char d = s.charAt(i);
            if (d == c) {
                count++;
            } else if (d != ' ' && d != '\t') {
                return false;
            }
        }
        return count >= 3;
    }

    /** A row of {@code | - :} only, with at least one pipe and one dash. */
    private static boolean tableDelimiterRow(String s, int p, int end) {
        boolean pipe = false;
        boolean dash = false;
        for (int i = p; i < end; i++) {
            char d = s.charAt(i);
            pipe |= d == '|';
            dash |= d == '-';
            if (d != '|' && d != '-' && d != ':' && d != ' ' && d != '\t') {
                return false;
            }
        }
        return pipe && dash;
    }

    /** Where a list item's text starts (after its marker and task box), or -1 if the line is no list item. */
    private static int listItemContent(String s, int p, int end) {
        int i = p;
        char c = s.charAt(i);
        if (c == '-' || c == '*' || c == '+') {
            i++;
        } else {
            while (i < end && i - p < 9 && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == p || i == end || (s.charAt(i) != '.' && s.charAt(i) != ')')) {
                return -1;
            }
            i++;
        }
        if (i < end && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
            return -1;
        }
        i = skipSpaces(s, i, end);
        if (i + 2 < end && s.charAt(i) == '[' && " xX".indexOf(s.charAt(i + 1)) >= 0 && s.charAt(i + 2) == ']') {
            i = skipSpaces(s, i + 3, end);
        }
        return i;
    }
}
