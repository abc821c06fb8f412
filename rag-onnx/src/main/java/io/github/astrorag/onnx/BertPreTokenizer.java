package io.github.astrorag.onnx;

import static io.github.astrorag.onnx.BertCharacters.isPunctuation;
import static io.github.astrorag.onnx.BertCharacters.isWhitespace;

import java.util.function.Consumer;

/**
 * Hugging Face's {@code BertPreTokenizer}: splits at white space (dropped) and around every punctuation
 * character (ASCII punctuation and the Unicode categories P*), each kept as a word of its own. Linear in
 * the text; stateless.
 */
final class BertPreTokenizer {

    private BertPreTokenizer() {
    }

    /** Gives {@code word} the words of {@code text[from, to)}, in order. */
    static void split(String text, int from, int to, Consumer<String> word) {
        int start = -1;
        for (int i = from; i < to; ) {
            int c = text.codePointAt(i);
            int next = i + Character.charCount(c);
            if (isWhitespace(c) || isPunctuation(c)) {
                if (start >= 0) {
                    word.accept(text.substring(start, i));
                    start = -1;
                }
                if (!isWhitespace(c)) {
                    word.accept(text.substring(i, next));
                }
            } else if (start < 0) {
                start = i;
            }
            i = next;
        }
        if (start >= 0) {
            word.accept(text.substring(start, to));
        }
    }
}
