package io.github.astrorag.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.github.astrorag.core.embed.AdaptedEmbedder;
import java.util.List;
import java.util.Objects;

/**
 * An {@link io.github.astrorag.core.spi.Embedder} backed by any LangChain4j {@link EmbeddingModel}: one
 * {@code embedAll} call per batch, queries embedded as passages (LangChain4j's models make no difference).
 * The vectors are checked and made unit, failures become {@link io.github.astrorag.core.EmbeddingException}s,
 * and the dimension is asked of the model once, on first use (LangChain4j's default embeds a short text to
 * learn it): see {@link AdaptedEmbedder}. Not cached (no fingerprint). The model stays the caller's to close,
 * if it needs closing. Thread-safe if the model is.
 */
public final class LangChain4jEmbedder extends AdaptedEmbedder {

    private final EmbeddingModel model;

    /**
     * An embedder over {@code model}.
     *
     * @param model the LangChain4j model
     */
    public LangChain4jEmbedder(EmbeddingModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    protected int modelDimension() {
        return model.dimension();
    }

    @Override
    protected List<float[]> embedWithModel(List<String> texts) {
        List<Embedding> embeddings = model.embedAll(texts.stream().map(TextSegment::from).toList()).content();
        return embeddings == null ? null : embeddings.stream().map(e -> e == null ? null : e.vector()).toList();
    }

    @Override
    protected String model() {
        return model.getClass().getSimpleName();
    }
}
