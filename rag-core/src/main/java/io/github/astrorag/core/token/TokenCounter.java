package io.github.astrorag.core.token;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import com.knuddels.jtokkit.api.IntArrayList;
import java.util.Locale;
import java.util.Objects;

/**
 * Counts and cuts text in BPE tokens with JTokkit. One counter serves chunking and budgets alike,
 * which is what makes a budget exact.
 *
 * <p>Special tokens such as {@code <|endoftext|>} in the text are counted as ordinary text. Instances
 * are immutable and thread-safe; {@link #p50k()} is the default (tiktoken's {@code p50k_base}, as the
 * AstroRAG paper uses). Counting is linear in the text's length.
 */
public final class TokenCounter {

    /**
     * The most UTF-8 bytes any one token of the supported encodings decodes to (128 in each of
     * {@code r50k_base}, {@code p50k_base}, {@code cl100k_base} and {@code o200k_base}; a test checks every
     * token). A text of more characters than {@code n} times this has more than {@code n} tokens, since a
     * character takes at least one byte.
     */
    public static final int LONGEST_TOKEN_BYTES = 128;

    private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
    private static final TokenCounter P50K = new TokenCounter(EncodingType.P50K_BASE);

    private final EncodingType type;
    private final Encoding encoding;

    private TokenCounter(EncodingType type) {
        this.type = type;
        this.encoding = REGISTRY.getEncoding(type);
    }

    /**
     * tiktoken's {@code p50k_base}: the default.
     *
     * @return the shared {@code p50k_base} counter
     */
    public static TokenCounter p50k() {
        return P50K;
    }

    /**
     * The counter for an encoding name: {@code p50k_base}, {@code cl100k_base}, {@code o200k_base}, {@code r50k_base}.
     *
     * @param name the encoding's name
     * @return the counter of that encoding (the shared one for {@code p50k_base})
     * @throws IllegalArgumentException for an unknown encoding name
     */
    public static TokenCounter of(String name) {
        Objects.requireNonNull(name, "name");
        for (EncodingType t : EncodingType.values()) {
            if (t.getName().equalsIgnoreCase(name)) {
                return t == EncodingType.P50K_BASE ? P50K : new TokenCounter(t);
            }
        }
        throw new IllegalArgumentException(
                "unknown token encoding '" + name + "': use p50k_base, cl100k_base, o200k_base or r50k_base");
    }

    /**
     * The encoding's name, such as {@code p50k_base}.
     *
     * @return the encoding's name
     */
    public String name() {
        return type.getName();
    }

    /**
     * The number of tokens in {@code text}.
     *
     * @param text any text
     * @return the token count; 0 for an empty text
     */
    public int count(String text) {
        return encoding.countTokensOrdinary(text);
    }

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
    public int countUpTo(String text, int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "limit must be >= 0, was %d", limit));
        }
        if (text.length() > (long) limit * LONGEST_TOKEN_BYTES) {
            return limit + 1;
        }
        return count(text);
    }

    /**
     * The tokens of {@code text}.
     *
     * @param text any text
     * @return a new array of token ids
     */
    public int[] encode(String text) {
        return encoding.encodeOrdinary(text).toArray();
    }

    /**
     * The text of {@code tokens}.
     *
     * @param tokens token ids
     * @return the decoded text
     */
    public String decode(int[] tokens) {
        IntArrayList list = new IntArrayList(tokens.length);
        for (int t : tokens) {
            list.add(t);
        }
        return encoding.decode(list);
    }

    /**
     * The longest prefix of {@code text} that ends on a token boundary and has at most {@code maxTokens}
     * tokens when counted on its own. Never splits a character. Runs in O(n) plus a few recounts.
     *
     * @param text any text
     * @param maxTokens the most tokens, at least 0
     * @return the prefix; {@code text} itself when it fits
     */
    public String truncate(String text, int maxTokens) {
        if (maxTokens < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "maxTokens must be >= 0, was %d", maxTokens));
        }
        if (maxTokens == 0 || text.isEmpty()) {
            return "";
        }
        IntArrayList tokens = encoding.encodeOrdinary(text);
        if (tokens.size() <= maxTokens) {
            return text;
        }
        int keep = maxTokens;
        while (keep > 0) {
            IntArrayList head = new IntArrayList(keep);
            for (int i = 0; i < keep; i++) {
                head.add(tokens.get(i));
            }
            String prefix = encoding.decode(head);
            // a token may end inside a multi-byte character: then the decoded text is no prefix
            if (text.startsWith(prefix) && count(prefix) <= maxTokens) {
                return prefix;
            }
            keep--;
        }
        return "";
    }

    @Override
    public String toString() {
        return "TokenCounter[" + name() + "]";
    }
}
