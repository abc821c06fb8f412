package io.github.astrorag.core.embed;

import io.github.astrorag.core.EmbeddingException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Small vector helpers shared by the stages. All methods are pure. */
public final class Vectors {

    private Vectors() {
    }

    /**
     * The dot product; equal to cosine similarity for unit vectors.
     *
     * @param a a vector; not modified
     * @param b a vector of the same length
     * @return the dot product
     */
    public static double dot(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of different dimension: " + a.length + " and " + b.length);
        }
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }

    /**
     * The L2 norm.
     *
     * @param a a vector; not modified
     * @return the Euclidean length, at least 0
     */
    public static double norm(float[] a) {
        return Math.sqrt(dot(a, a));
    }

    /**
     * Cosine similarity; 0 when either vector is zero.
     *
     * @param a a vector; not modified
     * @param b a vector of the same length
     * @return the cosine, in [-1, 1] up to rounding
     */
    public static double cosine(float[] a, float[] b) {
        double na = norm(a);
        double nb = norm(b);
        return na == 0 || nb == 0 ? 0 : dot(a, b) / (na * nb);
    }

    /**
     * {@code a} scaled to unit L2 norm in place, and returned; a zero vector is left as it is.
     *
     * @param a the vector to normalise
     * @return {@code a}
     */
    public static float[] normalizeInPlace(float[] a) {
        double n = norm(a);
        if (n > 0) {
            for (int i = 0; i < a.length; i++) {
                a[i] = (float) (a[i] / n);
            }
        }
        return a;
    }

    /**
     * Checks an embedder's output against its contract: one vector per text, each of {@code dimension}
     * finite components, not all zero.
     *
     * @param embedder the embedder's name, for the message
     * @param dimension the dimension every vector must have
     * @param expectedCount the number of texts embedded
     * @param vectors the embedder's output
     * @throws EmbeddingException naming the embedder, the input and what was wrong
     */
    public static void check(String embedder, int dimension, int expectedCount, List<float[]> vectors) {
        if (vectors == null || vectors.size() != expectedCount) {
            throw new EmbeddingException("embedder " + embedder + " returned " + (vectors == null ? "null" : vectors.size())
                    + " vectors for " + expectedCount + " texts");
        }
        for (int i = 0; i < vectors.size(); i++) {
            String fault = fault(vectors.get(i), dimension);
            if (fault != null) {
                throw new EmbeddingException("embedder " + embedder + " returned " + fault + " for text #" + i);
            }
        }
    }

    /**
     * What makes {@code v} a vector no embedder of {@code dimension} may return ({@link #check}'s rules), or
     * {@code null} if nothing does. O(dimension).
     *
     * @param v a vector, or null
     * @param dimension the embedder's dimension
     * @return a phrase such as {@code "an all-zero vector"}, or {@code null}
     */
    public static @Nullable String fault(float @Nullable [] v, int dimension) {
        if (v == null || v.length == 0) {
            return "an empty vector";
        }
        if (v.length != dimension) {
            return "a vector of dimension " + v.length + " but declares dimension " + dimension;
        }
        boolean nonZero = false;
        for (float x : v) {
            if (!Float.isFinite(x)) {
                return "a non-finite component (" + x + ")";
            }
            nonZero |= x != 0f;
        }
        return nonZero ? null : "an all-zero vector";
    }

    /**
     * The vectors of another library's embedding model made fit for the {@link io.github.astrorag.core.spi.Embedder}
     * contract: checked as {@link #check} does, then copied and scaled to unit L2 norm (the model's arrays are
     * left alone). O(count × dimension).
     *
     * @param embedder      the embedder's name, for messages
     * @param dimension     the dimension every vector must have
     * @param expectedCount the number of texts embedded
     * @param vectors       the model's vectors, one per text, in order
     * @return new unit vectors, in order
     * @throws EmbeddingException as {@link #check} does
     */
    public static List<float[]> unitCopies(String embedder, int dimension, int expectedCount, List<float[]> vectors) {
        check(embedder, dimension, expectedCount, vectors);
        List<float[]> out = new java.util.ArrayList<>(vectors.size());
        for (float[] v : vectors) {
            out.add(normalizeInPlace(v.clone()));
        }
        return out;
    }
}
