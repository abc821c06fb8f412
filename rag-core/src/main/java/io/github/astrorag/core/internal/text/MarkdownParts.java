package io.github.astrorag.core.internal.text;

import io.github.astrorag.core.model.Metadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The parts of a Markdown document other than body prose, where the format says so, as a
 * {@link Metadata#PARTS} value:
 * <ul>
 *   <li>{@value Metadata#PART_HEADING}: ATX heading lines ({@code # Title} to {@code ###### Title});</li>
 *   <li>{@value Metadata#PART_CAPTION}: a paragraph that opens with {@code Figure:}, {@code Table:},
 *       {@code Figure 3.2.} or the like;</li>
 *   <li>{@value Metadata#PART_EXERCISE}: the section under a heading such as Review Questions, Thought
 *       Questions, Exercises, Problems, Figuring for Yourself, Collaborative Group Activities (up to the next
 *       heading of the same or a higher level), and, elsewhere, a list item that ends with a question mark and a
 *       worked example: a paragraph that opens with "Solution" (not "Solutions of ..."), the paragraph before it
 *       (the problem), and, when a paragraph opening with "Check Your Learning" follows within
 *       {@value #WORKED_REACH} paragraphs, every paragraph up to it and the one after it (its answer); a "Check Your
 *       Learning" paragraph and the one after it also when no solution comes before;</li>
 *   <li>{@value Metadata#PART_OBJECTIVE}: the section under Learning Objectives (or Objectives, Learning Goals),
 *       up to the first line after its list that is no list item;</li>
 *   <li>{@value Metadata#PART_REFERENCE}: the section under References, Further Reading, For Further
 *       Exploration, Videos, Articles, Websites, See Also, External Links, Bibliography.</li>
 * </ul>
 * Spans cover whole lines (without the line break); neighbouring spans of one part separated by white space
 * only are merged. Linear in the text's length; stateless; thread-safe.
 */
public final class MarkdownParts {

    private static final Set<String> EXERCISE = Set.of("review questions", "thought questions", "exercises",
            "exercise", "problems", "questions", "figuring for yourself", "collaborative group activities",
            "check your understanding", "questions for review", "discussion questions", "self-test");
    private static final Set<String> REFERENCE = Set.of("references", "further reading", "for further exploration",
            "videos", "articles", "websites", "web sites", "see also", "external links", "bibliography", "sources",
            "notes", "links");
    private static final Set<String> OBJECTIVE = Set.of("learning objectives", "objectives", "learning goals",
            "learning outcomes");
    private static final Pattern CAPTION = Pattern.compile("(?:Figure|Fig\\.|Table)(?:\\s+[\\p{N}\\p{Lu}][\\w.\\-]*)?\\s*[:.]\\s");
    private static final Pattern LIST_ITEM = Pattern.compile("(?:[-*+]|\\d{1,9}[.)])\\s+\\S");
    /** A worked example's solution ("SolutionIf ...", "Solution: ..."; not "Solutions" or "Solution of"). */
    private static final Pattern SOLUTION = Pattern.compile("Solution(?![\\p{Ll}])(?!\\s+(?:of|to|for)\\b)");
    private static final Pattern CHECK = Pattern.compile("(?i)Check Your Learning\\b");
    /** How many paragraphs after a solution its "Check Your Learning" may come. */
    static final int WORKED_REACH = 8;

    private MarkdownParts() {
    }

    /**
     * The non-body parts of {@code markdown}.
     *
     * @param markdown a Markdown text
     * @return a {@link Metadata#PARTS} value, empty if the text is all body prose
     */
    public static String of(String markdown) {
        boolean[] worked = worked(markdown);
        StringBuilder out = new StringBuilder();
        String section = null; // the part of the current section, or null for body
        int sectionLevel = 0;
        boolean sawListItem = false;
        boolean inCaption = false;
        String lastPart = null;
        int lastStart = -1;
        int lastEnd = -1;
        int lineStart = 0;
        while (lineStart <= markdown.length()) {
            int lineEnd = markdown.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = markdown.length();
            }
            String line = markdown.substring(lineStart, lineEnd).strip();
            String part = null;
            if (line.isEmpty()) {
                inCaption = false;
            } else if (line.startsWith("#") && heading(line) > 0) {
                int level = heading(line);
                inCaption = false;
                if (section != null && level <= sectionLevel) {
                    section = null;
                }
                String title = line.substring(level).strip().toLowerCase(Locale.ROOT).replaceAll("[:.]$", "");
                String opened = EXERCISE.contains(title) ? Metadata.PART_EXERCISE
                        : REFERENCE.contains(title) ? Metadata.PART_REFERENCE
                        : OBJECTIVE.contains(title) ? Metadata.PART_OBJECTIVE : null;
                if (opened != null) {
                    section = opened;
                    sectionLevel = level;
                    sawListItem = false;
                }
                part = Metadata.PART_HEADING;
            } else {
                boolean listItem = LIST_ITEM.matcher(line).lookingAt();
                if (Metadata.PART_OBJECTIVE.equals(section) && sawListItem && !listItem) {
                    section = null; // the objectives' list is over: body prose follows
                }
                sawListItem |= listItem;
                if (section != null) {
                    part = section;
                } else if (inCaption || CAPTION.matcher(line).lookingAt()) {
                    inCaption = true;
                    part = Metadata.PART_CAPTION;
                } else if (listItem && line.endsWith("?") || worked[lineStart]) {
                    part = Metadata.PART_EXERCISE;
                }
            }
            if (part != null) {
                if (part.equals(lastPart) && markdown.substring(lastEnd, lineStart).isBlank()) {
                    lastEnd = lineEnd;
                } else {
                    append(out, lastPart, lastStart, lastEnd);
                    lastPart = part;
                    lastStart = lineStart;
                    lastEnd = lineEnd;
                }
            }
            lineStart = lineEnd + 1;
        }
        append(out, lastPart, lastStart, lastEnd);
        return out.toString();
    }

    /**
     * Which characters of {@code markdown} lie in a worked example (see the class description), indexed by offset
     * (one more than the text's length, so that the offset of an empty last line can be asked).
     */
    private static boolean[] worked(String markdown) {
        // the paragraphs: runs of non-blank lines, as [start, end) offsets
        List<int[]> paragraphs = new ArrayList<>();
        int start = -1;
        int lineStart = 0;
        while (lineStart <= markdown.length()) {
            int lineEnd = markdown.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = markdown.length();
            }
            boolean blank = markdown.substring(lineStart, lineEnd).isBlank();
            if (blank && start >= 0) {
                paragraphs.add(new int[] {start, lineStart});
                start = -1;
            } else if (!blank && start < 0) {
                start = lineStart;
            }
            lineStart = lineEnd + 1;
        }
        if (start >= 0) {
            paragraphs.add(new int[] {start, markdown.length()});
        }
        boolean[] marked = new boolean[markdown.length() + 1];
        int done = -1; // the last paragraph already marked
        for (int p = 0; p < paragraphs.size(); p++) {
            String text = markdown.substring(paragraphs.get(p)[0], paragraphs.get(p)[1]).strip();
            int from;
            int to;
            if (SOLUTION.matcher(text).lookingAt()) {
                from = p - 1 > done && !markdown.startsWith("#", paragraphs.get(p - 1)[0]) ? p - 1 : p;
                to = p;
                for (int q = p + 1; q < Math.min(paragraphs.size(), p + 1 + WORKED_REACH); q++) {
                    String next = markdown.substring(paragraphs.get(q)[0], paragraphs.get(q)[1]).strip();
                    if (next.startsWith("#")) {
                        break;
                    }
                    if (CHECK.matcher(next).lookingAt()) {
                        to = Math.min(paragraphs.size() - 1, q + 1);
                        break;
                    }
                }
            } else if (p > done && CHECK.matcher(text).lookingAt()) {
                from = p;
                to = Math.min(paragraphs.size() - 1, p + 1);
            } else {
                continue;
            }
            for (int q = from; q <= to; q++) {
                java.util.Arrays.fill(marked, paragraphs.get(q)[0], paragraphs.get(q)[1], true);
            }
            done = Math.max(done, to);
        }
        return marked;
    }

    private static void append(StringBuilder out, String part, int start, int end) {
        if (part != null) {
            out.append(out.length() == 0 ? "" : ",").append(part).append(':').append(start).append('-').append(end);
        }
    }

    /** The level of an ATX heading line (1 to 6), or 0 if it is none. */
    private static int heading(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == '#') {
            n++;
        }
        return n <= 6 && (n == line.length() || line.charAt(n) == ' ' || line.charAt(n) == '\t') ? n : 0;
    }
}
