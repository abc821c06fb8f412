package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.astrorag.core.testing.FakeOpenAiServer;
import org.junit.jupiter.api.Test;

/** {@code ask --generator openai} against a real HTTP server speaking the OpenAI protocol. */
class GeneratorOptionsTest {

    @Test
    void openAiAnswerWithMappedCitations() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.replying("It reaches a resolving power of 5000 [1].")) {
            AskCommandTest.Run r = AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json",
                    "--generator", "openai", "--base-url", server.url(), "--llm-model", "mistral-7b",
                    "What resolving power does the spectrograph reach?");
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode json = r.json();
            assertThat(json.path("answer").asText()).isEqualTo("It reaches a resolving power of 5000 [1].");
            JsonNode citation = json.path("citations").get(0);
            assertThat(citation.path("source").asText()).isEqualTo("spectrograph-guide.pdf");
            assertThat(citation.path("page").asInt()).isEqualTo(2);
            assertThat(citation.path("quote").asText()).contains("resolving power of 5000");
            var request = server.requests().get(0);
            assertThat(request.path("model").asText()).isEqualTo("mistral-7b");
            assertThat(request.path("messages").toString()).contains("[1]").contains("spectrograph-guide.pdf");
        }
    }

    @Test
    void streamingPrintsTheAnswer() {
        try (FakeOpenAiServer server = FakeOpenAiServer.replying("Twenty minutes [1].")) {
            AskCommandTest.Run r = AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--stream",
                    "--generator", "openai", "--base-url", server.url(), "--llm-model", "m", "How long is a typical exposure?");
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.out()).startsWith("Twenty minutes [1].").contains("Sources:");
            assertThat(server.requests().get(0).path("stream").asBoolean(false)).isTrue();
        }
    }

    @Test
    void hydeAsksTheModelForAPassageBeforeRetrieving() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.replying("A long-slit spectrograph resolves 5000 at 650 nm [1].")) {
            AskCommandTest.Run r = AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--hyde",
                    "--generator", "openai", "--base-url", server.url(), "--llm-model", "m", "What resolving power is reached?");
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode embed = r.json().path("trace").path("stages").get(0);
            assertThat(embed.path("name").asText()).isEqualTo("embed-query");
            assertThat(embed.path("details").path("passage").asText()).contains("long-slit spectrograph");
            assertThat(server.requests()).hasSize(2); // the hypothetical passage, then the answer
        }
    }

    @Test
    void missingSettingsAreClearErrors() {
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--generator", "openai", "q?").err())
                .contains("--base-url");
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--base-url", "http://x", "q?").err())
                .contains("--generator openai or tgi");
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--hyde", "q?").err())
                .contains("--hyde needs a language model");
        assertThat(AskCommandTest.run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--iterations", "5", "q?").err())
                .contains("--preset corag");
    }
}
