package io.github.astrorag.core.testing;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Chunks, candidates and queries for the contracts and for tests of implementations: hand-made text whose
 * {@link Chunk#tokens()} is the real p50k count, unit vectors of dimension {@value #DIMENSION}.
 */
public final class TestChunks {

    /** The dimension of {@link #query()} and of the vectors of {@link #candidates(long, int)}. */
    public static final int DIMENSION = 8;

    private static final String[] WORDS = {"star", "galaxy", "orbit", "comet", "light", "dust", "planet", "moon", "sun",
        "nebula"};

    private TestChunks() {
    }

    /**
     * The {@code ordinal}-th chunk of document {@code doc} (source {@code doc.txt}, no page), spanning its
     * whole text, with its p50k token count.
     */
    public static Chunk chunk(String doc, int ordinal, String text) {
        return new Chunk(Chunk.idOf(doc, ordinal), doc, doc, doc + ".txt", null, ordinal, text,
                TokenCounter.p50k().count(text), 0, text.length());
    }

    /** {@code xs} scaled to unit L2 norm (returned as given if all zero). */
    public static float[] unit(float... xs) {
        double norm = 0;
        for (float x : xs) {
            norm += x * x;
        }
        float[] out = xs.clone();
        if (norm > 0) {
            for (int i = 0; i < out.length; i++) {
                out[i] = (float) (out[i] / Math.sqrt(norm));
            }
        }
        return out;
    }

    /**
     * {@code n} random candidates of 5 to 124 words over a small astronomy vocabulary, from four documents,
     * scores 1.0, 0.99, 0.98, ... with unit vectors of dimension {@value #DIMENSION}; the same seed gives the
     * same candidates.
     */
    public static List<ScoredChunk> candidates(long seed, int n) {
        Random r = new Random(seed);
        List<ScoredChunk> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder();
            int len = 5 + r.nextInt(120);
            for (int w = 0; w < len; w++) {
                sb.append(WORDS[r.nextInt(WORDS.length)]).append(w % 11 == 10 ? ". " : " ");
            }
            float[] v = new float[DIMENSION];
            for (int k = 0; k < DIMENSION; k++) {
                v[k] = (float) r.nextGaussian();
            }
            out.add(new ScoredChunk(chunk("doc" + (i % 4), i, sb.toString().strip()), 1.0 - i * 0.01, unit(v)));
        }
        return out;
    }

    /** The question "star galaxy orbit" with the unit embedding (1, 0, ..., 0) of dimension {@value #DIMENSION}. */
    public static Query query() {
        float[] v = new float[DIMENSION];
        v[0] = 1;
        return Query.of("star galaxy orbit").withEmbedding(v);
    }
}
