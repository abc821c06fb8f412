package io.github.astrorag.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The embedder contract over a LangChain4j model, here our own {@link HashingEmbedder} seen through
 * {@link AstroRagEmbeddingModel}, so both directions are checked; and what the adapter does with a model's
 * non-unit vectors and failures.
 */
class LangChain4jEmbedderTest extends EmbedderContract {

    private static final HashingEmbedder HASHING = new HashingEmbedder();

    @Override
    protected Embedder embedder() {
        return new LangChain4jEmbedder(new AstroRagEmbeddingModel(HASHING));
    }

    /** A LangChain4j model whose vectors are whatever {@code vectors} makes of the texts. */
    private static EmbeddingModel model(int dimension, Function<List<String>, List<Embedding>> vectors) {
        return new EmbeddingModel() {
            @Override
            public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
                return Response.from(vectors.apply(segments.stream().map(TextSegment::text).toList()));
            }

            @Override
            public int dimension() {
                return dimension;
            }
        };
    }

    @Test
    void theReverseAdapterGivesTheEmbeddersVectorsAndDimension() {
        AstroRagEmbeddingModel model = new AstroRagEmbeddingModel(HASHING);
        assertThat(model.dimension()).isEqualTo(HashingEmbedder.DEFAULT_DIMENSION);
        assertThat(model.embed("Red giant").content().vector()).containsExactly(HASHING.embedQuery("Red giant"));
        assertThat(model.embedAll(List.of(TextSegment.from("a"), TextSegment.from("b"))).content())
                .extracting(Embedding::vector)
                .containsExactly(HASHING.embedDocuments(List.of("a", "b")).toArray(float[][]::new));
        assertThat(model.modelName()).isEqualTo("hashing");
    }

    @Test
    void aModelsVectorsAreScaledToUnitNormWithoutTouchingTheModelsArrays() {
        float[] raw = {3f, 4f};
        Embedder embedder = new LangChain4jEmbedder(model(2, texts -> texts.stream().map(t -> Embedding.from(raw)).toList()));
        assertThat(embedder.dimension()).isEqualTo(2);
        assertThat(embedder.embedDocuments(List.of("x", "y"))).containsExactly(new float[] {0.6f, 0.8f}, new float[] {0.6f, 0.8f});
        assertThat(raw).containsExactly(3f, 4f);
        assertThat(embedder.describe()).containsEntry("name", "LangChain4jEmbedder").containsEntry("dimension", 2);
        assertThat(embedder.fingerprint()).isEmpty();
    }

    @Test
    void aWrongCountADimensionMismatchAndAFailureAreEmbeddingExceptions() {
        assertThatThrownBy(() -> new LangChain4jEmbedder(model(2, texts -> List.of(Embedding.from(new float[] {1f, 0f}))))
                .embedDocuments(List.of("x", "y")))
                .isInstanceOf(EmbeddingException.class).hasMessageContaining("returned 1 vectors for 2 texts");
        assertThatThrownBy(() -> new LangChain4jEmbedder(model(3, texts -> List.of(Embedding.from(new float[] {1f, 0f}))))
                .embedDocuments(List.of("x")))
                .isInstanceOf(EmbeddingException.class).hasMessageContaining("dimension 2").hasMessageContaining("dimension 3");
        IllegalStateException cause = new IllegalStateException("connection refused");
        assertThatThrownBy(() -> new LangChain4jEmbedder(model(2, texts -> {
            throw cause;
        })).embedDocuments(List.of("x")))
                .isInstanceOf(EmbeddingException.class).hasMessageContaining("connection refused").hasCause(cause);
    }
}
