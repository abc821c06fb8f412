package io.github.astrorag.core.embed;

import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.spi.Embedder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * An {@link Embedder} over another library's embedding model (LangChain4j's, Spring AI's): what the adapters
 * share. A batch is one call of {@link #embedWithModel}; an empty batch calls nothing. The model's vectors
 * are checked and copied to unit L2 norm ({@link Vectors#unitCopies}), as the {@link Embedder} contract wants.
 * A failure of the model that is not already a {@link RagException} becomes an {@link EmbeddingException}
 * naming the adapter and the model, with the failure as its cause.
 *
 * <p>The dimension is asked of the model once, on first use ({@link #dimension()} or the first batch), and
 * kept. Queries are embedded as passages. No {@linkplain #fingerprint() fingerprint}: the vectors of a model
 * this library does not know are not cached. Whether a text always gets the same vector is the model's affair.
 * Thread-safe if the model is.
 */
public abstract class AdaptedEmbedder implements Embedder {

    private volatile int dimension;

    /** For subclasses. */
    protected AdaptedEmbedder() {
    }

    /**
     * The model's dimension (it may embed a short text to learn it).
     *
     * @return the model's dimension
     */
    protected abstract int modelDimension();

    /**
     * The model's vectors for {@code texts}, one per text, in order; never called with an empty list.
     *
     * @param texts the texts
     * @return the model's vectors, not necessarily of unit norm
     */
    protected abstract List<float[]> embedWithModel(List<String> texts);

    /**
     * What the model is, for {@link #describe()} and messages.
     *
     * @return a short description, such as its class's simple name
     */
    protected abstract String model();

    /** The model's dimension, asked once. @throws EmbeddingException if the model cannot tell it or tells one below 1 */
    @Override
    public final int dimension() {
        int d = dimension;
        if (d == 0) {
            d = call(this::modelDimension);
            if (d <= 0) {
                throw new EmbeddingException(name() + ": the model declares dimension " + d);
            }
            dimension = d;
        }
        return d;
    }

    @Override
    public final List<float[]> embedDocuments(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        int d = dimension();
        return Vectors.unitCopies(name(), d, texts.size(), call(() -> embedWithModel(List.copyOf(texts))));
    }

    private <T> T call(Supplier<T> step) {
        try {
            return step.get();
        } catch (RagException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new EmbeddingException(name() + ": the model failed: " + e.getMessage(), e);
        }
    }

    private String name() {
        return getClass().getSimpleName() + " over " + model();
    }

    /** The name (this class's simple name), the model and its dimension. */
    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", getClass().getSimpleName());
        m.put("model", model());
        m.put("dimension", dimension());
        return m;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + model() + "]";
    }
}
