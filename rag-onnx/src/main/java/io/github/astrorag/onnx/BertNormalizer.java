package io.github.astrorag.onnx;

import static io.github.astrorag.onnx.BertCharacters.category;
import static io.github.astrorag.onnx.BertCharacters.isCjk;
import static io.github.astrorag.onnx.BertCharacters.isControl;
import static io.github.astrorag.onnx.BertCharacters.isWhitespace;

import java.text.Normalizer;

/**
 * Hugging Face's {@code BertNormalizer}: clean text (drop U+0000, U+FFFD and the control, format,
 * private-use and surrogate characters except tab, line feed and carriage return; turn white space into a
 * space), put spaces around CJK ideographs, strip accents (canonical decomposition, then drop non-spacing
 * marks) and lower-case character by character, each step as the file's settings say. With every setting
 * off ({@link #NONE}, the file has no normaliser) the text stays as it is. Linear in the text; immutable
 * and thread-safe.
 */
final class BertNormalizer {

    /** No normaliser: every step off. */
    static final BertNormalizer NONE = new BertNormalizer(false, false, false, false);

    private final boolean cleanText;
    private final boolean cjkSpaces;
    private final boolean stripAccents;
    private final boolean lowercase;

    BertNormalizer(boolean cleanText, boolean cjkSpaces, boolean stripAccents, boolean lowercase) {
        this.cleanText = cleanText;
        this.cjkSpaces = cjkSpaces;
        this.stripAccents = stripAccents;
        this.lowercase = lowercase;
    }

    /** {@code BertNormalizer} on one segment. */
    String normalize(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        boolean ascii = true;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (cleanText) {
                if (c == 0 || c == 0xFFFD || isControl(c)) {
                    continue;
                }
                if (isWhitespace(c)) {
                    c = ' ';
                }
            }
            ascii &= c < 0x80;
            if (cjkSpaces && isCjk(c)) {
                b.append(' ').appendCodePoint(c).append(' ');
            } else {
                b.appendCodePoint(c);
            }
        }
        if (ascii) {
            return lowercase ? asciiLower(b) : b.toString();
        }
        String s = stripAccents ? Normalizer.normalize(b, Normalizer.Form.NFD) : b.toString();
        if (!stripAccents && !lowercase) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            if (stripAccents && category(c) == Character.NON_SPACING_MARK) {
                continue;
            }
            if (!lowercase) {
                out.appendCodePoint(c);
            } else if (c == 0x130) {
                out.append("i\u0307"); // the one unconditional multi-character lower case mapping
            } else {
                out.appendCodePoint(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    private static String asciiLower(StringBuilder b) {
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                b.setCharAt(i, (char) (c + 32));
            }
        }
        return b.toString();
    }
}
