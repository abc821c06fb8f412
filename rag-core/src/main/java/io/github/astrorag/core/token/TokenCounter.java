package io.github.astrorag.core.token;

import java.util.Arrays;
import java.util.Locale;

/**
 * Counts and cuts text in the tokens of a language model: the role that chunk sizes and context budgets are measured
 * with. One counter serves chunking and budgets alike, which is what makes a budget exact.
 *
 * <p>The built-in counters are tiktoken's BPE encodings through JTokkit ({@link #of(String)}: {@code p50k_base},
 * the default {@link #p50k()}, as the AstroRAG paper counts; {@code cl100k_base}, GPT-4 and GPT-3.5;
 * {@code o200k_base}, the GPT-4o family; {@code r50k_base}). An application whose model counts otherwise brings its
 * own implementation.
 *
 * <p>Contract of an implementation: {@link #count} is {@code encode(text).length}; {@link #decode} of the first k
 * tokens of {@code encode(text)} is a prefix of {@code text} whenever it ends on a character boundary; no single token
 * decodes to more than {@value #LONGEST_TOKEN_BYTES} UTF-8 bytes (the chunker relies on this to bound what it hands
 * to the encoder: a text of more characters than {@code n} times this has more than {@code n} tokens); special tokens
 * in the text are counted as ordinary text; the same text always gives the same tokens; {@link #name()} names the
 * encoding for the trace. Immutable and thread-safe.
 */
public interface TokenCounter {

    /**
     * The most UTF-8 bytes any one token of the supported encodings decodes to (128 in each of
     * {@code r50k_base}, {@code p50k_base}, {@code cl100k_base} and {@code o200k_base}; a test checks every
     * token). A text of more characters than {@code n} times this has more than {@code n} tokens, since a
     * character takes at least one byte.
     */
    int LONGEST_TOKEN_BYTES = 128;

    /**
     * tiktoken's {@code p50k_base}: the default.
     *
     * @return the shared {@code p50k_base} counter
     */
    static TokenCounter p50k() {
        return TiktokenCounter.P50K;
    }

    /**
     * The built-in counter of an encoding name: {@code p50k_base}, {@code cl100k_base}, {@code o200k_base},
     * {@code r50k_base} (case ignored).
     *
     * @param name the encoding's name
     * @return the shared counter of that encoding (the same instance for the same name)
     * @throws IllegalArgumentException for an unknown encoding name
     * @throws NullPointerException if {@code name} is {@code null}
     */
    static TokenCounter of(String name) {
        return TiktokenCounter.named(name);
    }

    /**
     * The names {@link #of(String)} accepts.
     *
     * @return the encoding names, default first
     */
    static java.util.List<String> names() {
        return TiktokenCounter.NAMES;
    }

    /**
     * The encoding's name, such as {@code p50k_base}.
     *
     * @return the encoding's name
     */
    String name();

    /**
     * The number of tokens in {@code text}.
     *
     * @param text any text
     * @return the token count; 0 for an empty text
     */
    int count(String text);

    /**
     * The tokens of {@code text}.
     *
     * @param text any text
     * @return a new array of token ids
     */
    int[] encode(String text);

    /**
     * The text of {@code tokens}.
     *
     * @param tokens token ids, as {@link #encode} gives them
     * @return the decoded text (a token that ends inside a character may decode to a replacement character)
     */
    String decode(int[] tokens);

    /**
     * The number of tokens in {@code text} if it is at most {@code limit}, else a number above
     * {@code limit}, with memory bounded whatever the text: a text longer than {@code limit} &times;
     * {@value #LONGEST_TOKEN_BYTES} characters has more than {@code limit} tokens (no token spans more
     * bytes) and is not counted at all; a shorter one is counted exactly. So a call never encodes more than
     * {@code limit} &times; {@value #LONGEST_TOKEN_BYTES} characters, where {@link #count} of a long run
     * the encoder cannot cut (a megabyte of {@code '.'}, packed at about 60 characters per token) needs
     * memory and time growing faster than its length.
     *
     * @param text any text
     * @param limit the most tokens of interest, at least 0
     * @return the exact count when it is at most {@code limit}, else a number above {@code limit}
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    default int countUpTo(String text, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "limit must be >= 0, was %d", limit));
        }
        if (text.length() > (long) limit * LONGEST_TOKEN_BYTES) {
            return limit + 1;
        }
        return count(text);
    }

    /**
     * The longest prefix of {@code text} that ends on a token boundary and has at most {@code maxTokens}
     * tokens when counted on its own. Never splits a character. Runs in O(n) plus a few recounts.
     *
     * @param text any text
     * @param maxTokens the most tokens, at least 0
     * @return the prefix; {@code text} itself when it fits
     * @throws IllegalArgumentException if {@code maxTokens} is negative
     */
    default String truncate(String text, int maxTokens) {
        if (maxTokens < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "maxTokens must be >= 0, was %d", maxTokens));
        }
        if (maxTokens == 0 || text.isEmpty()) {
            return "";
        }
        int[] tokens = encode(text);
        if (tokens.length <= maxTokens) {
            return text;
        }
        int keep = maxTokens;
        while (keep > 0) {
            String prefix = decode(Arrays.copyOf(tokens, keep));
            // a token may end inside a multi-byte character: then the decoded text is no prefix
            if (text.startsWith(prefix) && count(prefix) <= maxTokens) {
                return prefix;
            }
            keep--;
        }
        return "";
    }
}
