package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged command, {@code astrorag ask --embedder tei|openai} (and {@code mcp --embedder tei}), against local servers of each protocol
 * whose vectors come from the in-process bge-small-en-v1.5 (so they are real): the same context, chunk for
 * chunk, as {@code astrorag ask} with that model in process. The servers run in this JVM on 127.0.0.1;
 * the command is a separate process.
 */
class RemoteEmbedderIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final String QUESTION = "What resolving power does the spectrograph reach?";

    private static OnnxSentenceEmbedder bge;
    private static EmbeddingServer tei;
    private static EmbeddingServer openAi;

    @BeforeAll
    static void servers() {
        assertThat(JAR).exists();
        bge = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
        assertThat(SentenceModel.BGE_SMALL_EN_V15_Q.queryPrefix()).isEmpty(); // so the server needs no query mode
        tei = EmbeddingServer.start(Protocol.TEI, bge, "BAAI/bge-small-en-v1.5", true);
        openAi = EmbeddingServer.start(Protocol.OPENAI, bge, "bge-small-en-v1.5", true);
    }

    @AfterAll
    static void close() {
        tei.close();
        openAi.close();
        bge.close();
    }

    private static JsonNode ask(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString(), "ask", "--json", "--no-cache", "--docs", "../rag-examples/samples"));
        command.addAll(List.of(args));
        command.add(QUESTION);
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
        assertThat(p.exitValue()).as(out).isZero();
        return new ObjectMapper().readTree(out);
    }

    private static List<String> contextIds(JsonNode json) {
        List<String> ids = new ArrayList<>();
        json.path("context").path("chunks").forEach(c -> ids.add(c.path("id").asText()));
        return ids;
    }

    @Test
    void teiAndOpenAiServersGiveTheContextOfTheInProcessModel() throws Exception {
        JsonNode local = ask("--model", "bge-small-q");
        List<String> expected = contextIds(local);
        assertThat(expected).isNotEmpty();
        assertThat(local.path("answer").asText()).contains("5000");

        JsonNode viaTei = ask("--embedder", "tei", "--embed-url", tei.baseUrl());
        assertThat(contextIds(viaTei)).isEqualTo(expected);
        assertThat(viaTei.path("answer").asText()).isEqualTo(local.path("answer").asText());
        assertThat(viaTei.path("trace").path("config").path("embedder").path("name").asText()).isEqualTo("tei");

        JsonNode viaOpenAi = ask("--embedder", "openai", "--embed-url", openAi.baseUrl(), "--embed-model", "bge-small-en-v1.5");
        assertThat(contextIds(viaOpenAi)).isEqualTo(expected);
        assertThat(viaOpenAi.path("answer").asText()).isEqualTo(local.path("answer").asText());
        assertThat(tei.requests()).isPositive();
        assertThat(openAi.requests()).isPositive();

        // the MCP server takes the same embedder options: its select_context gives the same context
        List<String> messages = new ArrayList<>(McpServerIT.HANDSHAKE);
        messages.add(McpServerIT.selectContext(2, QUESTION, null));
        int before = tei.requests();
        McpServerIT.Piped mcp = McpServerIT.pipe(List.of("--no-cache", "--docs", "../rag-examples/samples", "--embedder", "tei",
                "--embed-url", tei.baseUrl()), messages);
        List<String> served = new ArrayList<>();
        mcp.responses().get(2).path("result").path("structuredContent").path("passages")
                .forEach(c -> served.add(c.path("id").asText()));
        assertThat(served).isEqualTo(expected);
        assertThat(tei.requests()).isGreaterThan(before);
    }
}
