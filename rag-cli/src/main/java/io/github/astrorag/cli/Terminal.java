package io.github.astrorag.cli;

import java.util.regex.Pattern;

/**
 * Text made safe for a terminal: what a document, a server or a file name holds is printed without its
 * escape sequences (ANSI colours, cursor moves, window titles) and control characters, and with its Unicode
 * bidirectional controls shown escaped, so that a document cannot repaint the screen, hide lines or reorder
 * what is shown. JSON output keeps all of these as data.
 */
final class Terminal {

    /** ANSI CSI and OSC sequences (ESC [ ... final byte; ESC ] ... BEL or ESC \), and other two-byte escapes. */
    private static final Pattern ESCAPES = Pattern.compile(
            "\u001B\\[[0-?]*[ -/]*[@-~]|\u009B[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?|\u001B[@-Z\\\\-_]?");
    /** C0 and C1 controls except tab and line feed, and DEL. */
    private static final Pattern CONTROLS = Pattern.compile("[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F]");
    /**
     * Unicode bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069): they reorder what
     * follows them on screen (a U+202E makes {@code txt.exe} print as {@code exe.txt}), so they are shown escaped.
     */
    private static final Pattern BIDI = Pattern.compile("[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]");
    /** What {@link #oneLine} shows escaped: C0 and C1 controls, DEL, and the bidirectional controls. */
    private static final Pattern ESCAPED = Pattern.compile("[\\x00-\\x1F\\x7F-\\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]");
    /** The longest one-line message printed. */
    static final int MAX_LINE = 2000;

    private Terminal() {
    }

    /**
     * {@code text} without escape sequences and control characters (line feeds and tabs kept), and with each
     * bidirectional control shown as its Java escape: a backslash, {@code u} and four upper-case hex digits (U+202E as
     * the six characters backslash, {@code u202E}).
     * O(length).
     */
    static String clean(String text) {
        String plain = CONTROLS.matcher(ESCAPES.matcher(text).replaceAll("")).replaceAll("");
        return BIDI.matcher(plain).replaceAll(m -> String.format("\\\\u%04X", (int) m.group().charAt(0)));
    }

    /** {@link #clean} and on one line: line breaks and runs of white space become one space; at most {@value #MAX_LINE} characters. */
    static String oneLine(String text) {
        String line = clean(text.replace('\r', ' ')).replaceAll("\\s*\\n\\s*", " ").replace('\t', ' ').strip();
        return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "…";
    }

    /**
     * An error or warning message on one line: line breaks and runs of white space around them become one space, a
     * tab one space; every other control character (escape sequences included) and every bidirectional control is
     * shown as its Java escape (U+0001 as the six characters backslash, {@code u0001}), not dropped, so that a
     * message quoting a value shows the value as given (a dropped control would make {@code t}, U+0001, {@code xt}
     * read as {@code txt}); at most {@value #MAX_LINE} characters. Document text shown as such goes through
     * {@link #oneLine} instead. O(length).
     */
    static String message(String text) {
        String joined = text.replace('\r', ' ').replaceAll("\\s*\\n\\s*", " ").replace('\t', ' ').strip();
        String line = ESCAPED.matcher(joined).replaceAll(m -> String.format("\\\\u%04X", (int) m.group().charAt(0)));
        return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "…";
    }
}
