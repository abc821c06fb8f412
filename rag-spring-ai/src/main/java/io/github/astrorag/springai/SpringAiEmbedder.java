package io.github.astrorag.springai;

import io.github.astrorag.core.embed.AdaptedEmbedder;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.embedding.EmbeddingModel;

/**
 * An {@link io.github.astrorag.core.spi.Embedder} backed by any Spring AI {@link EmbeddingModel}: one
 * {@code embed(List)} call per batch, queries embedded as passages. The vectors are checked and made unit,
 * failures become {@link io.github.astrorag.core.EmbeddingException}s, and the dimension is asked of the model
 * once, on first use ({@code dimensions()}, which for most models embeds a short text): see
 * {@link AdaptedEmbedder}. Not cached (no fingerprint). The model stays the caller's. Thread-safe if the model is.
 */
public final class SpringAiEmbedder extends AdaptedEmbedder {

    private final EmbeddingModel model;

    /**
     * An embedder over {@code model}.
     *
     * @param model the Spring AI model
     */
    public SpringAiEmbedder(EmbeddingModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    protected int modelDimension() {
        return model.dimensions();
    }

    @Override
    protected List<float[]> embedWithModel(List<String> texts) {
        return model.embed(texts);
    }

    @Override
    protected String model() {
        return model.getClass().getSimpleName();
    }
}
