package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Any bytes on the MCP server's stdin, read as the SDK's transport reads them: nothing throws; each line has
 * exactly one outcome, handed to the transport as one JSON-RPC 2.0 object on one line, or answered with one
 * JSON-RPC error; and a valid request after them still passes.
 */
class StdioSessionFuzzTest {

    static {
        // one warning per refused line is right for a server, noise for a fuzzer
        System.setProperty("org.slf4j.simpleLogger.log.io.github.astrorag.cli.StdioSession", "error");
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"ping\"}";
    private static final Set<Integer> CODES = Set.of(JsonRpcLineGuard.PARSE_ERROR, JsonRpcLineGuard.INVALID_REQUEST,
            JsonRpcLineGuard.INVALID_PARAMS, JsonRpcLineGuard.NOT_INITIALIZED);

    @FuzzTest(maxDuration = "30s")
    void inbound(FuzzedDataProvider data) throws IOException {
        byte[] fuzz = data.consumeRemainingAsBytes();
        byte[] after = ("\n" + PING + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] stdin = new byte[fuzz.length + after.length];
        System.arraycopy(fuzz, 0, stdin, 0, fuzz.length);
        System.arraycopy(after, 0, stdin, fuzz.length, after.length);
        int lines = 0;
        for (byte b : stdin) {
            lines += b == '\n' ? 1 : 0;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StdioSession session = new StdioSession(new ByteArrayInputStream(stdin), out, Duration.ZERO,
                new JsonRpcLineGuard(new JacksonMcpJsonMapper(JSON)));
        String passed = new String(session.in().readAllBytes(), StandardCharsets.UTF_8);
        List<String> forwarded = passed.lines().toList();
        List<String> answered = out.toString(StandardCharsets.UTF_8).lines().toList();
        // a refused line without a request id gets no response (MCP allows no null id), only a warning
        assertThat(forwarded.size() + answered.size()).as("at most one outcome per line").isLessThanOrEqualTo(lines);
        assertThat(passed).endsWith(PING + "\n").doesNotContain("\r");
        for (String line : forwarded) {
            JsonNode m = JSON.readTree(line);
            assertThat(m.isObject()).isTrue();
            assertThat(m.path("jsonrpc").asText()).isEqualTo("2.0");
        }
        for (String line : answered) {
            JsonNode m = JSON.readTree(line);
            assertThat(m.path("jsonrpc").asText()).isEqualTo("2.0");
            assertThat(m.path("id").isTextual() || m.path("id").isIntegralNumber()).as(line).isTrue();
            assertThat(CODES).contains(m.path("error").path("code").asInt());
            assertThat(m.path("error").path("message").asText()).isNotBlank();
        }
    }
}
