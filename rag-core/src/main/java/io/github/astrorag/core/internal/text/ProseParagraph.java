package io.github.astrorag.core.internal.text;

import io.github.astrorag.core.internal.IntList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One paragraph of {@link Prose}: its lines joined by '\n' into {@code raw}, each raw character's source offset in
 * {@code src}, and in {@code drop} which characters are Markdown inline syntax (see {@link Prose} for which). Built by
 * one pass over the characters (bracket pairs matched with a stack, code spans paired by run length); then
 * {@link #sentences} cleans it and splits it with {@link Sentences}. Not thread-safe: one per paragraph.
 */
final class ProseParagraph {

    private final char[] raw;
    private final int[] src;
    private final boolean[] drop;

    /** The paragraph of {@code source} made of the line ranges {@code [from0, to0, from1, to1, ...]}. */
    ProseParagraph(String source, int[] ranges) {
        int n = ranges.length / 2 - 1;
        for (int r = 0; r < ranges.length; r += 2) {
            n += ranges[r + 1] - ranges[r];
        }
        raw = new char[n];
        src = new int[n];
        int k = 0;
        for (int r = 0; r < ranges.length; r += 2) {
            if (r > 0) {
                raw[k] = '\n';
                src[k++] = ranges[r - 1];
            }
            for (int i = ranges[r]; i < ranges[r + 1]; i++) {
                raw[k] = source.charAt(i);
                src[k++] = i;
            }
        }
        drop = new boolean[n];
        markSyntax();
    }

    /** Marks in {@link #drop} every character of Markdown inline syntax. */
    private void markSyntax() {
        int[] closeBracket = pairs('[', ']');
        int[] closeParen = pairs('(', ')');
        boolean[] literal = markCodeSpans();
        int n = raw.length;
        for (int i = 0; i < n; i++) {
            char c = raw[i];
            if (literal[i] || drop[i]) {
                continue;
            }
            if (c == '\\' && i + 1 < n && isAsciiPunctuation(raw[i + 1])) {
                drop[i] = true;
                literal[i + 1] = true;
            } else if (c == '[' && closeBracket[i] > 0) {
                link(i, closeBracket, closeParen);
            } else if (c == '<') {
                autolink(i);
            } else if (c == '*' || c == '_' || c == '~') {
                int length = run(i);
                if ((c != '~' || length == 2) && emphasis(i, length, c)) {
                    Arrays.fill(drop, i, i + length, true);
                }
                i += length - 1;
            }
        }
        dropEmptyBrackets(closeParen, closeBracket);
    }

    /**
     * Drops the leftovers of removed markup: a pair of round or square brackets holding nothing but white space
     * and dropped syntax ({@code ([^1])} becomes nothing, not {@code ()}), and a pair holding only white space
     * after a space ({@code Earth ( ).}), with the white space before it. A pair right after a word ({@code f()})
     * or holding text is kept.
     */
    private void dropEmptyBrackets(int[] closeParen, int[] closeBracket) {
        Deque<int[]> open = new ArrayDeque<>(); // {open, close, holds text (0/1), holds dropped syntax (0/1)}
        for (int i = 0; i < raw.length; i++) {
            while (!open.isEmpty() && open.peek()[1] < i) {
                open.pop(); // crossed pairs such as "( [ ) ]" are left alone
            }
            int close = raw[i] == '(' ? closeParen[i] : raw[i] == '[' ? closeBracket[i] : 0;
            if (!drop[i] && close > i) {
                open.push(new int[] {i, close, 0, 0});
            } else if (!open.isEmpty() && open.peek()[1] == i) {
                int[] pair = open.pop();
                boolean afterSpace = pair[0] > 0 && Character.isWhitespace(raw[pair[0] - 1]);
                if (pair[2] == 0 && (pair[3] == 1 || afterSpace)) {
                    Arrays.fill(drop, pair[0], i + 1, true);
                    for (int j = pair[0] - 1; j >= 0 && Character.isWhitespace(raw[j]) && !drop[j]; j--) {
                        drop[j] = true;
                    }
                    mark(open, 3);
                } else {
                    mark(open, 2);
                }
            } else if (drop[i]) {
                mark(open, 3);
            } else if (!Character.isWhitespace(raw[i])) {
                mark(open, 2);
            }
        }
    }

    private static void mark(Deque<int[]> open, int flag) {
        if (!open.isEmpty()) {
            open.peek()[flag] = 1;
        }
    }

    /** For each {@code open} character, the index of the {@code close} that pairs with it (stack order), else 0. */
    private int[] pairs(char open, char close) {
        int[] match = new int[raw.length];
        Deque<Integer> stack = new ArrayDeque<>();
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == open) {
                stack.push(i);
            } else if (raw[i] == close && !stack.isEmpty()) {
                match[stack.pop()] = i;
            }
        }
        return match;
    }

    /**
     * Drops the backticks of every code span (a run of n backticks up to the next run of exactly n) and
     * returns which characters are inside one (not to be read as syntax). Runs are paired left to right,
     * each list of equal-length runs walked once.
     */
    private boolean[] markCodeSpans() {
        boolean[] literal = new boolean[raw.length];
        List<int[]> runs = new ArrayList<>(); // {start, length}
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '`' && (i == 0 || raw[i - 1] != '`')) {
                runs.add(new int[] {i, run(i)});
            }
        }
        Map<Integer, Deque<int[]>> byLength = new HashMap<>();
        for (int[] r : runs) {
            byLength.computeIfAbsent(r[1], k -> new ArrayDeque<>()).add(r);
        }
        int covered = 0;
        for (int[] r : runs) {
            Deque<int[]> same = byLength.get(r[1]);
            while (!same.isEmpty() && same.peek()[0] <= r[0]) {
                same.poll();
            }
            if (r[0] < covered || same.isEmpty()) {
                continue;
            }
            int[] closer = same.poll();
            Arrays.fill(drop, r[0], r[0] + r[1], true);
            Arrays.fill(drop, closer[0], closer[0] + closer[1], true);
            Arrays.fill(literal, r[0], closer[0] + closer[1], true);
            covered = closer[0] + closer[1];
        }
        return literal;
    }

    /** {@code [text](url)}, {@code ![alt](url)}, {@code [text][ref]} keep their text; {@code [^n]} goes. */
    private void link(int open, int[] closeBracket, int[] closeParen) {
        int close = closeBracket[open];
        if (open + 1 < close && raw[open + 1] == '^') {
            Arrays.fill(drop, open, close + 1, true);
            return;
        }
        int after = close + 1;
        int tail;
        if (after < raw.length && raw[after] == '(' && closeParen[after] > 0) {
            tail = closeParen[after];
        } else if (after < raw.length && raw[after] == '[' && closeBracket[after] > 0) {
            tail = closeBracket[after];
        } else {
            return; // "[1]" and other brackets are text
        }
        if (open > 0 && raw[open - 1] == '!') {
            drop[open - 1] = true;
        }
        drop[open] = true;
        Arrays.fill(drop, close, tail + 1, true);
    }

    /** {@code <scheme:...>} or {@code <name@host>}: the brackets go. Scans to the next space or bracket. */
    private void autolink(int open) {
        boolean address = false;
        for (int i = open + 1; i < raw.length; i++) {
            char c = raw[i];
            if (c == '>') {
                if (address && i > open + 1) {
                    drop[open] = true;
                    drop[i] = true;
                }
                return;
            }
            if (Character.isWhitespace(c) || c == '<') {
                return;
            }
            address |= c == ':' || c == '@';
        }
    }

    /** A delimiter run that opens a word (after a boundary, before text) or closes one. */
    private boolean emphasis(int i, int length, char c) {
        int before = i - 1;
        int after = i + length;
        boolean textAfter = after < raw.length && !Character.isWhitespace(raw[after]);
        boolean textBefore = before >= 0 && !Character.isWhitespace(raw[before]);
        return (boundary(before, c) && textAfter) || (boundary(after, c) && textBefore);
    }

    /** Start or end of the paragraph, white space, or punctuation (other than the delimiter itself). */
    private boolean boundary(int i, char delimiter) {
        if (i < 0 || i >= raw.length) {
            return true;
        }
        char c = raw[i];
        return c != delimiter && (Character.isWhitespace(c) || !Character.isLetterOrDigit(c));
    }

    private int run(int i) {
        int j = i;
        while (j < raw.length && raw[j] == raw[i]) {
            j++;
        }
        return j - i;
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(c) >= 0;
    }

    /** Cleans the paragraph, splits it and adds its sentences to {@code out}. */
    void sentences(List<Prose.Sentence> out) {
        StringBuilder clean = new StringBuilder(raw.length);
        IntList rawOf = new IntList();
        for (int i = 0; i < raw.length; i++) {
            if (drop[i]) {
                continue;
            }
            if (Character.isWhitespace(raw[i])) {
                if (clean.length() > 0 && clean.charAt(clean.length() - 1) == ' ') {
                    continue;
                }
                clean.append(' ');
            } else {
                clean.append(raw[i]);
            }
            rawOf.add(i);
        }
        for (Sentences.Span s : Sentences.split(clean.toString())) {
            int first = rawOf.get(s.start());
            int last = rawOf.get(s.end() - 1);
            while (first > 0 && drop[first - 1]) {
                first--;
            }
            while (last + 1 < raw.length && drop[last + 1]) {
                last++;
            }
            out.add(new Prose.Sentence(s.text(), src[first], src[last] + 1));
        }
    }
}
