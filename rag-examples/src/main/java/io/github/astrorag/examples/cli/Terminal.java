package io.github.astrorag.examples.cli;

import java.util.regex.Pattern;

/**
 * Text made safe for a terminal: what a document, a server or a file name holds is printed without its
 * escape sequences (ANSI colours, cursor moves, window titles) and control characters, so that a
 * document cannot repaint the screen or hide lines.
 */
final class Terminal {

    /** ANSI CSI and OSC sequences (ESC [ ... final byte; ESC ] ... BEL or ESC \), and other two-byte escapes. */
    private static final Pattern ESCAPES = Pattern.compile(
            "\u001B\\[[0-?]*[ -/]*[@-~]|\u009B[0-?]*[ -/]*[@-~]|\u001B\\][^\u0007\u001B]*(?:\u0007|\u001B\\\\)?|\u001B[@-Z\\\\-_]?");
    /** C0 and C1 controls except tab and line feed, and DEL. */
    private static final Pattern CONTROLS = Pattern.compile("[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F]");
    /** The longest one-line message printed. */
    static final int MAX_LINE = 2000;

    private Terminal() {
    }

    /** {@code text} without escape sequences and control characters (line feeds and tabs kept). O(length). */
    static String clean(String text) {
        return CONTROLS.matcher(ESCAPES.matcher(text).replaceAll("")).replaceAll("");
    }

    /** {@link #clean} and on one line: line breaks and runs of white space become one space; at most {@value #MAX_LINE} characters. */
    static String oneLine(String text) {
        String line = clean(text.replace('\r', ' ')).replaceAll("\\s*\\n\\s*", " ").replace('\t', ' ').strip();
        return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + "…";
    }
}
