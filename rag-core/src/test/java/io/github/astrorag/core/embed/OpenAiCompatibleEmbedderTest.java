package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenAiCompatibleEmbedderTest extends RemoteEmbedderTests {

    @Override
    Protocol protocol() {
        return Protocol.OPENAI;
    }

    @Override
    HttpEmbedder.Builder<?> builder(EmbeddingServer server) {
        return OpenAiCompatibleEmbedder.builder().baseUrl(server.baseUrl()).model("test/model-64");
    }

    @Override
    HttpEmbedder build(HttpEmbedder.Builder<?> builder) {
        return ((OpenAiCompatibleEmbedder.Builder) builder).build();
    }

    @Override
    String path() {
        return OpenAiCompatibleEmbedder.PATH;
    }

    @Test
    void fingerprintNamesModelDimensionAndPrefixes() {
        HttpEmbedder e = embedder(server(false));
        assertThat(e.fingerprint()).contains("openai:test/model-64;dim=64;dimensions=default;query=\"\";passage=\"\"");
    }

    @Test
    void dimensionsAreSentAndExpected() {
        EmbeddingServer server = server(false);
        OpenAiCompatibleEmbedder e = OpenAiCompatibleEmbedder.builder().baseUrl(server.baseUrl()).model("m")
                .dimensions(64).build();
        assertThat(e.dimension()).isEqualTo(64);
        assertThat(e.embedDocuments(List.of("x"))).hasSize(1);
        assertThat(e.fingerprint()).contains("openai:m;dim=64;dimensions=64;query=\"\";passage=\"\"");
        assertThatThrownBy(() -> OpenAiCompatibleEmbedder.builder().baseUrl(server.baseUrl()).model("m")
                .dimensions(64).dimension(32).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimension (32) and dimensions (64) differ");
    }

    @Test
    void modelAndBaseUrlAreRequired() {
        assertThatThrownBy(() -> OpenAiCompatibleEmbedder.builder().baseUrl("http://127.0.0.1:1/v1").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("model is required");
        assertThatThrownBy(() -> OpenAiCompatibleEmbedder.builder().model("m").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseUrl is required");
    }
}
