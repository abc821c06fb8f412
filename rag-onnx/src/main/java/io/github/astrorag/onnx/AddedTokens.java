package io.github.astrorag.onnx;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Tokens of a {@code tokenizer.json}'s {@code added_tokens} (such as {@code [CLS]} or {@code [MASK]} written
 * in a text), matched as Hugging Face's {@code tokenizers} matches them: leftmost, then longest. A search
 * costs O(text length × tokens). Immutable and thread-safe.
 */
final class AddedTokens {

    /** None. */
    static final AddedTokens NONE = new AddedTokens(List.of());

    /** A token of {@code added_tokens}: its text and id. */
    record Token(String content, int id) {
    }

    private static final Comparator<Token> LONGEST_FIRST = Comparator.comparingInt((Token a) -> -a.content().length());

    private final List<Token> tokens;

    private AddedTokens(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The tokens to match, longest first (a stable sort: tokens of one length keep their order). */
    static AddedTokens of(List<Token> tokens) {
        List<Token> sorted = new ArrayList<>(tokens);
        sorted.sort(LONGEST_FIRST);
        return new AddedTokens(List.copyOf(sorted));
    }

    /**
     * The tokens to match in normalised text: each token's content as {@code normalizer} gives it, those left
     * empty dropped, longest first.
     */
    static AddedTokens normalized(List<Token> tokens, UnaryOperator<String> normalizer) {
        List<Token> matches = new ArrayList<>();
        for (Token a : tokens) {
            String content = normalizer.apply(a.content());
            if (!content.isEmpty()) {
                matches.add(new Token(content, a.id()));
            }
        }
        return of(matches);
    }

    /** The id of the token at {@code index} of a {@link #find} match. */
    int id(int index) {
        return tokens.get(index).id();
    }

    /** The leftmost, then longest, match of an added token from {@code from}: {start, end, index}; null if none. */
    int[] find(String text, int from) {
        if (tokens.isEmpty()) {
            return null;
        }
        for (int i = from; i < text.length(); i++) {
            for (int t = 0; t < tokens.size(); t++) {
                String content = tokens.get(t).content();
                if (text.startsWith(content, i)) {
                    return new int[] {i, i + content.length(), t};
                }
            }
        }
        return null;
    }
}
