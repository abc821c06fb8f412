package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TeiEmbedderTest extends RemoteEmbedderTests {

    @Override
    Protocol protocol() {
        return Protocol.TEI;
    }

    @Override
    HttpEmbedder.Builder<?> builder(EmbeddingServer server) {
        return TeiEmbedder.builder().baseUrl(server.baseUrl());
    }

    @Override
    HttpEmbedder build(HttpEmbedder.Builder<?> builder) {
        return ((TeiEmbedder.Builder) builder).build();
    }

    @Override
    String path() {
        return TeiEmbedder.PATH;
    }

    @Test
    void fingerprintNamesTheModelTheServerReports() {
        HttpEmbedder e = embedder(server(false));
        assertThat(e.fingerprint()).contains("tei:test/model-64@abc123;dim=64;truncate=true;query=\"\";passage=\"\"");
    }

    @Test
    void withoutInfoTheConfiguredModelStandsInAndWithoutOneNothingIsCached() {
        EmbeddingServer openAi = EmbeddingServer.start(Protocol.OPENAI, SOURCE, "x", false);
        try (openAi) {
            // a server without /info nor /embed: the fingerprint cannot be learned from it
            TeiEmbedder named = TeiEmbedder.builder().baseUrl(openAi.url()).model("my/model").dimension(64).build();
            assertThat(named.fingerprint()).contains("tei:my/model;dim=64;truncate=true;query=\"\";passage=\"\"");
            TeiEmbedder anonymous = TeiEmbedder.builder().baseUrl(openAi.url()).dimension(64).build();
            assertThat(anonymous.fingerprint()).isEqualTo(Optional.empty());
        }
    }
}
