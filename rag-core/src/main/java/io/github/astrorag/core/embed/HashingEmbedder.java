package io.github.astrorag.core.embed;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.spi.Embedder;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A model-free embedder by feature hashing (Weinberger et al., 2009): lower-cased word unigrams and
 * bigrams and character trigrams of each word are hashed, with a sign, into {@code dimension} buckets
 * (default {@value #DEFAULT_DIMENSION}), damped by {@code 1 + log(tf)}, and L2-normalised.
 *
 * <p>It captures word overlap, not meaning; its use is fast, deterministic offline tests (linear in the
 * text's length, no model; the same vector on every JVM since it hashes with {@link String#hashCode()}),
 * and a baseline. A text with no word gets a fixed unit vector. Immutable and thread-safe.
 */
public final class HashingEmbedder implements Embedder {

    /** Default number of buckets. */
    public static final int DEFAULT_DIMENSION = 384;
    /**
     * The least support the offline {@link io.github.astrorag.core.generate.ExtractiveGenerator} asks of an answer
     * with this embedder, declared in {@link #describe()} under its {@code MIN_SUPPORT_HINT} key: its cosines are
     * lower than a model's (how it was chosen, with the command and what it reaches: docs/evaluation.md).
     */
    public static final double EXTRACTIVE_MIN_SUPPORT = 0.25;

    private final int dimension;

    /** 384 buckets. */
    public HashingEmbedder() {
        this(DEFAULT_DIMENSION);
    }

    /**
     * {@code dimension} buckets; at least 16.
     *
     * @param dimension the vector dimension
     */
    public HashingEmbedder(int dimension) {
        Arguments.check(dimension >= 16, "dimension must be at least 16, was %d", dimension);
        this.dimension = dimension;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(embed(t));
        }
        return out;
    }

    /** {@code hashing-v1/<dimension>}: the vectors depend on nothing else. */
    @Override
    public Optional<String> fingerprint() {
        return Optional.of("hashing-v1/" + dimension);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "hashing");
        m.put("dimension", dimension);
        m.put("extractiveMinSupport", EXTRACTIVE_MIN_SUPPORT); // ExtractiveGenerator.MIN_SUPPORT_HINT (no import: no package cycle)
        return m;
    }

    private float[] embed(String text) {
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        String norm = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        String[] words = norm.split("[^\\p{L}\\p{N}]+");
        String prev = null;
        for (String w : words) {
            if (w.isEmpty()) {
                continue;
            }
            add(counts, "w:" + w);
            if (prev != null) {
                add(counts, "b:" + prev + " " + w);
            }
            String padded = "<" + w + ">";
            for (int i = 0; i + 3 <= padded.length(); i++) {
                add(counts, "c:" + padded.substring(i, i + 3));
            }
            prev = w;
        }
        float[] v = new float[dimension];
        if (counts.isEmpty()) {
            v[0] = 1f;
            return v;
        }
        for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
            int h = e.getKey();
            int bucket = Math.floorMod(h, dimension);
            float sign = ((h >>> 31) & 1) == 0 ? 1f : -1f;
            v[bucket] += sign * (float) (1 + Math.log(e.getValue()));
        }
        Vectors.normalizeInPlace(v);
        return v;
    }

    private static void add(Map<Integer, Integer> counts, String feature) {
        int h = mix(feature.hashCode());
        counts.merge(h, 1, Integer::sum);
    }

    /** MurmurHash3's finaliser: spreads String.hashCode's bits. */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    @Override
    public String toString() {
        return "HashingEmbedder[" + dimension + "]";
    }
}
