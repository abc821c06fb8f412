package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import io.github.astrorag.core.embed.HashingEmbedder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code ask --embedder openai|tei} against real servers of each protocol that serve the in-process
 * {@code hashing} model's vectors: the same context as {@code --model hashing}; misplaced options are errors.
 */
class EmbedderOptionsTest {

    static final String QUESTION = "What resolving power does the spectrograph reach?";

    private static List<String> contextIds(AskCommandTest.Run r) throws Exception {
        assertThat(r.status()).as(r.err()).isZero();
        List<String> ids = new ArrayList<>();
        for (JsonNode c : r.json().path("context").path("chunks")) {
            ids.add(c.path("id").asText());
        }
        assertThat(ids).isNotEmpty();
        return ids;
    }

    @Test
    void bothProtocolsGiveTheContextOfTheModelBehindThem() throws Exception {
        List<String> local = contextIds(AskCommandTest.run("ask", "--no-cache", "--model", "hashing", "--docs", "../rag-examples/samples",
                "--json", QUESTION));
        try (EmbeddingServer tei = EmbeddingServer.start(Protocol.TEI, new HashingEmbedder(), "local/hashing", true);
             EmbeddingServer openAi = EmbeddingServer.start(Protocol.OPENAI, new HashingEmbedder(), "hashing", true)) {
            AskCommandTest.Run viaTei = AskCommandTest.run("ask", "--no-cache", "--embedder", "tei", "--embed-url", tei.baseUrl(),
                    "--docs", "../rag-examples/samples", "--json", QUESTION);
            assertThat(contextIds(viaTei)).isEqualTo(local);
            assertThat(viaTei.json().path("trace").path("config").path("embedder").path("name").asText()).isEqualTo("tei");
            assertThat(contextIds(AskCommandTest.run("ask", "--no-cache", "--embedder", "openai", "--embed-url",
                    openAi.baseUrl(), "--embed-model", "hashing", "--docs", "../rag-examples/samples", "--json", QUESTION))).isEqualTo(local);
            assertThat(tei.requests()).isPositive();
            assertThat(openAi.requests()).isPositive();
        }
    }

    @Test
    void optionsThatDoNotApplyAreErrorsSayingWhereTheyBelong() {
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--embed-url", "http://127.0.0.1:1",
                "q?").err()).contains("--embed-url apply to --embedder openai or tei only");
        assertThat(AskCommandTest.run("ask", "--embedder", "tei", "--embed-url", "http://127.0.0.1:1", "--model", "hashing",
                "--docs", "../rag-examples/samples", "q?").err()).contains("--model names an in-process model and applies to --embedder onnx only");
        assertThat(AskCommandTest.run("ask", "--embedder", "openai", "--embed-url", "http://127.0.0.1:1/v1",
                "--docs", "../rag-examples/samples", "q?").err()).contains("--embedder openai needs --embed-model");
        assertThat(AskCommandTest.run("ask", "--embedder", "tei", "--docs", "../rag-examples/samples", "q?").err())
                .contains("--embedder tei needs --embed-url");
        assertThat(AskCommandTest.run("ask", "--embedder", "tei", "--embed-url", "http://127.0.0.1:1",
                "--embed-api-key-env", "sk-abcdefghijklmnop1234", "--docs", "../rag-examples/samples", "q?").err())
                .contains("--embed-api-key-env takes the NAME of an environment variable").doesNotContain("sk-abcdefghijklmnop1234");
        assertThat(AskCommandTest.run("ask", "--embedder", "tei", "--embed-url", "http://127.0.0.1:1",
                "--embed-api-key-env", "ASTRORAG_SURELY_UNSET_EMBED_KEY", "--docs", "../rag-examples/samples", "q?").err())
                .contains("ASTRORAG_SURELY_UNSET_EMBED_KEY").contains("is not set");
    }

    @Test
    void theServerModelsLanguagesAreDeclaredByEmbedLanguages() throws Exception {
        try (EmbeddingServer openAi = EmbeddingServer.start(Protocol.OPENAI, new HashingEmbedder(), "hashing", false)) {
            AskCommandTest.Run declared = AskCommandTest.run("ask", "--no-cache", "--embedder", "openai", "--embed-url",
                    openAi.baseUrl(), "--embed-model", "hashing", "--embed-languages", "en+zh", "--docs", "../rag-examples/samples",
                    "--json", QUESTION);
            contextIds(declared);
            JsonNode embedder = declared.json().path("trace").path("config").path("embedder");
            assertThat(embedder.path("languages").toString()).isEqualTo("[\"en\",\"zh\"]");
            AskCommandTest.Run undeclared = AskCommandTest.run("ask", "--no-cache", "--embedder", "openai", "--embed-url",
                    openAi.baseUrl(), "--embed-model", "hashing", "--docs", "../rag-examples/samples", "--json", QUESTION);
            contextIds(undeclared);
            assertThat(undeclared.json().path("trace").path("config").path("embedder").has("languages")).isFalse();
            assertThat(AskCommandTest.run("ask", "--no-cache", "--embedder", "openai", "--embed-url", openAi.baseUrl(),
                    "--embed-model", "hashing", "--embed-languages", "en+zh-Hans", "--docs", "../rag-examples/samples", QUESTION).err())
                    .contains("'zh-Hans' is not a language code");
        }
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--embed-languages", "en",
                "q?").err()).contains("--embed-languages apply to --embedder openai or tei only");
    }

    @Test
    void anUnreachableServerIsOneClearError() {
        AskCommandTest.Run r = AskCommandTest.run("ask", "--no-cache", "--embedder", "tei", "--embed-url", "http://127.0.0.1:1",
                "--docs", "../rag-examples/samples", "q?");
        assertThat(r.status()).isNotZero();
        assertThat(r.err()).contains("http://127.0.0.1:1/embed").contains("connection failed");
    }
}
