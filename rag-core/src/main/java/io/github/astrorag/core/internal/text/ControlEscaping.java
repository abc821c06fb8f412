package io.github.astrorag.core.internal.text;

/**
 * Text made safe for a log line: C0 and C1 control characters (line breaks and escape sequences among them), DEL and
 * the Unicode bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) are written as
 * Java escapes ({@code \n} as the six characters backslash, {@code u000A}), so that a file name or a message quoting
 * one cannot forge a line, colour the terminal or reorder what follows it. Everything else is kept. O(length).
 */
public final class ControlEscaping {

    private ControlEscaping() {
    }

    /**
     * {@code text} with its control characters escaped.
     *
     * @param text any text
     * @return {@code text} itself if it holds none
     */
    public static String escape(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format("\\u%04X", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean isControl(char c) {
        return Character.isISOControl(c) || c == '\u061C' || c == '\u200E' || c == '\u200F' || c >= '\u202A' && c <= '\u202E'
                || c >= '\u2066' && c <= '\u2069';
    }
}
