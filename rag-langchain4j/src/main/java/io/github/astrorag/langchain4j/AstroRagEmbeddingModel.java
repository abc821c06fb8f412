package io.github.astrorag.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import io.github.astrorag.core.spi.Embedder;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j {@link EmbeddingModel} backed by this library's {@link Embedder} (for instance the ONNX
 * sentence embedder of rag-onnx), so that LangChain4j's embedding stores and retrievers can use it.
 * Texts are embedded as passages ({@link Embedder#embedDocuments}), in one call per {@link #embedAll}; the
 * vectors are the embedder's unit vectors. The embedder stays the caller's to close. Thread-safe, as every
 * embedder is.
 */
public final class AstroRagEmbeddingModel implements EmbeddingModel {

    private final Embedder embedder;

    /**
     * A model over {@code embedder}.
     *
     * @param embedder this library's embedder
     */
    public AstroRagEmbeddingModel(Embedder embedder) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
    }

    /**
     * The embeddings of the segments' texts, one per segment, in order.
     *
     * @param textSegments the segments
     * @return the embeddings, without token usage
     * @throws io.github.astrorag.core.RagException when the embedder fails
     */
    @Override
    public Response<List<Embedding>> embedAll(List<TextSegment> textSegments) {
        List<String> texts = textSegments.stream().map(TextSegment::text).toList();
        return Response.from(embedder.embedDocuments(texts).stream().map(Embedding::from).toList());
    }

    /** The embedder's dimension, without embedding anything. @return the dimension */
    @Override
    public int dimension() {
        return embedder.dimension();
    }

    /** The embedder's name from its {@code describe()}. @return the name */
    @Override
    public String modelName() {
        return String.valueOf(embedder.describe().get("name"));
    }
}
