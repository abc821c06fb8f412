package io.github.astrorag.core.token;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import com.knuddels.jtokkit.api.IntArrayList;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The built-in {@link TokenCounter}: one of tiktoken's BPE encodings through JTokkit. Made by
 * {@link TokenCounter#of(String)} and {@link TokenCounter#p50k()}, one shared instance per encoding (its tables are
 * loaded on first use). Counting is linear in the text's length. Immutable and thread-safe.
 */
public final class TiktokenCounter implements TokenCounter {

    private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
    static final TiktokenCounter P50K = new TiktokenCounter(EncodingType.P50K_BASE);
    private static final Map<EncodingType, TiktokenCounter> SHARED = new EnumMap<>(EncodingType.class);
    static final List<String> NAMES;

    static {
        List<String> names = new ArrayList<>(List.of(P50K.name()));
        for (EncodingType t : EncodingType.values()) {
            SHARED.put(t, t == EncodingType.P50K_BASE ? P50K : new TiktokenCounter(t));
            if (t != EncodingType.P50K_BASE) {
                names.add(t.getName());
            }
        }
        NAMES = List.copyOf(names);
    }

    private final EncodingType type;
    private volatile Encoding encoding;

    private TiktokenCounter(EncodingType type) {
        this.type = type;
    }

    static TiktokenCounter named(String name) {
        Objects.requireNonNull(name, "name");
        for (EncodingType t : EncodingType.values()) {
            if (t.getName().equalsIgnoreCase(name)) {
                return SHARED.get(t);
            }
        }
        throw new IllegalArgumentException("unknown token encoding '" + name + "': use one of " + String.join(", ", NAMES));
    }

    private Encoding encoding() {
        Encoding e = encoding;
        if (e == null) {
            e = REGISTRY.getEncoding(type);
            encoding = e;
        }
        return e;
    }

    /**
     * Whether counts add up across white space that starts a word (the GPT-2 pre-tokenizer of {@code p50k_base} and
     * {@code r50k_base}): the count of {@code a + " b"} is the count of {@code a} plus that of {@code " b"}.
     *
     * @return {@code true} for {@code p50k_base} and {@code r50k_base}
     */
    public boolean additiveAcrossWords() {
        return type == EncodingType.P50K_BASE || type == EncodingType.R50K_BASE;
    }

    @Override
    public String name() {
        return type.getName();
    }

    @Override
    public int count(String text) {
        return encoding().countTokensOrdinary(text);
    }

    @Override
    public int[] encode(String text) {
        return encoding().encodeOrdinary(text).toArray();
    }

    @Override
    public String decode(int[] tokens) {
        IntArrayList list = new IntArrayList(tokens.length);
        for (int t : tokens) {
            list.add(t);
        }
        return encoding().decode(list);
    }

    @Override
    public String toString() {
        return "TokenCounter[" + name() + "]";
    }
}
