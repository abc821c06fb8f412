package io.github.astrorag.presets;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.retrieval.embed.OnnxSentenceEmbedder;
import io.github.astrorag.retrieval.embed.SentenceModel;
import java.util.List;
import java.util.Objects;

/**
 * The embedding models by name, for the command line ({@code --model}), evaluation runs and configuration files:
 * the {@link SentenceModel} ids ({@code bge-small-q}, {@code minilm-q}, {@code minilm}, {@code e5-small-q}) and
 * {@value #HASHING}, the model-free {@link HashingEmbedder} for tests.
 */
public final class EmbeddingModels {

    /** The id of the model-free embedder ({@link HashingEmbedder}): word overlap only, for tests. */
    public static final String HASHING = "hashing";

    /** Every id {@link #open} takes, in the order they are offered. */
    public static final List<String> IDS = List.of(SentenceModel.BGE_SMALL_EN_V15_Q.id(), SentenceModel.ALL_MINILM_L6_V2_Q.id(),
            SentenceModel.ALL_MINILM_L6_V2.id(), SentenceModel.E5_SMALL_V2_Q.id(), HASHING);

    private EmbeddingModels() {
    }

    /**
     * A new embedder of the model {@code id}; the caller closes it when it is {@link AutoCloseable} (a loaded model).
     *
     * @param id one of {@link #IDS}
     * @return the embedder
     * @throws IllegalArgumentException naming the known ids if {@code id} is not one
     * @throws io.github.astrorag.core.EmbeddingException if the model cannot be loaded
     */
    public static Embedder open(String id) {
        Objects.requireNonNull(id, "id");
        if (!IDS.contains(id)) {
            throw new IllegalArgumentException("unknown embedding model '" + id + "': use one of " + String.join(", ", IDS));
        }
        return HASHING.equals(id) ? new HashingEmbedder() : OnnxSentenceEmbedder.load(SentenceModel.byId(id));
    }
}
