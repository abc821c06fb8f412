package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/** The embedder contract over a Spring AI model whose vectors are not unit, and the adapter's failures. */
class SpringAiEmbedderTest extends EmbedderContract {

    @Override
    protected Embedder embedder() {
        return new SpringAiEmbedder(new HashingEmbeddingModel(7f));
    }

    @Test
    void theModelsVectorsBecomeTheUnitVectorsOfTheSameDirection() {
        Embedder embedder = embedder();
        assertThat(embedder.dimension()).isEqualTo(HashingEmbedder.DEFAULT_DIMENSION);
        float[] expected = new HashingEmbedder().embedQuery("Red giant");
        float[] actual = embedder.embedQuery("Red giant");
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).isCloseTo(expected[i], within(1e-6f));
        }
        assertThat(embedder.describe()).containsEntry("name", "SpringAiEmbedder")
                .containsEntry("model", "HashingEmbeddingModel").containsEntry("dimension", 384);
    }

    @Test
    void aFailingModelIsAnEmbeddingExceptionWithTheCause() {
        IllegalStateException cause = new IllegalStateException("401 Unauthorized");
        EmbeddingModel failing = new EmbeddingModel() {
            @Override
            public EmbeddingResponse call(EmbeddingRequest request) {
                throw cause;
            }

            @Override
            public float[] embed(Document document) {
                throw cause;
            }
        };
        assertThatThrownBy(() -> new SpringAiEmbedder(failing).embedDocuments(List.of("x")))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("SpringAiEmbedder").hasMessageContaining("401 Unauthorized").hasCause(cause);
        assertThat(new SpringAiEmbedder(failing).embedDocuments(List.of())).isEmpty();
    }
}
