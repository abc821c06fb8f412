package io.github.astrorag.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.spi.Embedder;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An {@link Embedder} backed by any LangChain4j {@link EmbeddingModel}: one {@code embedAll} call per
 * {@link #embedDocuments} batch, queries embedded as passages (LangChain4j's models make no difference).
 *
 * <p>The model's vectors are checked (one per text, of the model's dimension, finite, not all zero) and
 * copied to unit L2 norm, as the {@link Embedder} contract wants; a model's failure that is not a
 * {@link RagException} becomes an {@link EmbeddingException} with it as the cause. The dimension is asked
 * of the model once, in the constructor (LangChain4j's default embeds one short text to learn it). No
 * {@linkplain #fingerprint() fingerprint}: the vectors are not cached. Whether the same text always gets the
 * same vector is the model's affair (in-process ONNX models do; remote ones usually do). The model stays
 * the caller's to close, if it needs closing. Thread-safe if the model is.
 */
public final class LangChain4jEmbedder implements Embedder {

    private final EmbeddingModel model;
    private final int dimension;

    /**
     * An embedder over {@code model}.
     *
     * @param model the LangChain4j model
     * @throws EmbeddingException if the model cannot tell or show its dimension
     */
    public LangChain4jEmbedder(EmbeddingModel model) {
        this.model = Objects.requireNonNull(model, "model");
        this.dimension = call(model::dimension);
        if (dimension <= 0) {
            throw new EmbeddingException(name() + ": the model declares dimension " + dimension);
        }
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
        List<Embedding> embeddings = call(() -> model.embedAll(segments).content());
        List<float[]> vectors = embeddings == null ? null : embeddings.stream().map(e -> e == null ? null : e.vector()).toList();
        return Vectors.unitCopies(name(), dimension, texts.size(), vectors);
    }

    private <T> T call(java.util.function.Supplier<T> step) {
        try {
            return step.get();
        } catch (RagException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new EmbeddingException(name() + ": the model failed: " + e.getMessage(), e);
        }
    }

    private String name() {
        return "LangChain4jEmbedder over " + model.getClass().getSimpleName();
    }

    /** The name, the model's class and its dimension. */
    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "LangChain4jEmbedder", "model", model.getClass().getSimpleName(), "dimension", dimension);
    }
}
