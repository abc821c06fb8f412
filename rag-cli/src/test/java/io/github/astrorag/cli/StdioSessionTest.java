package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The MCP server in-process on piped bytes: what it answers to a client's mistakes, and that it stops. */
class StdioSessionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private RagInstance instance;
    private McpTools tools;

    @BeforeEach
    void open() {
        instance = RagPipeline.builder().embedder(new HashingEmbedder()).build().openDocuments(List.of(
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours.")));
        tools = new McpTools(instance, 1800, new JacksonMcpJsonMapper(JSON), new DefaultJsonSchemaValidator(), Redactor.of(List.of()));
    }

    @AfterEach
    void close() {
        instance.close();
    }

    static String ask(Object id, String question) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"ask\","
                + "\"arguments\":{\"question\":\"" + question + "\"}}}";
    }

    /** Serves {@code lines} (joined by \n, stdin closed after them) and returns the stdout lines, parsed. */
    private List<JsonNode> serve(List<String> lines) throws Exception {
        return serve((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private List<JsonNode> serve(byte[] in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        McpCommand.serve(tools, new JacksonMcpJsonMapper(JSON), new ByteArrayInputStream(in), out, "test");
        List<JsonNode> messages = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            messages.add(JSON.readTree(line));
        }
        return messages;
    }

    private static JsonNode byId(List<JsonNode> messages, Object id) {
        return messages.stream().filter(m -> m.path("id").asText().equals(String.valueOf(id))).findFirst().orElseThrow();
    }

    @Test
    void eachBadLineGetsOneErrorAndTheServerGoesOnAndStops() throws Exception {
        List<String> bad = List.of("", "{this is not json", "{\"foo\": 1}", "[1,2]", "42", "\"text\"",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"} trailing",
                "{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":42}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":7}");
        List<String> lines = new ArrayList<>(List.of(INIT, INITIALIZED));
        lines.addAll(bad);
        lines.add(ask(12, "How many moons does Mars have?"));
        long t0 = System.nanoTime();
        List<JsonNode> got = serve(lines);
        assertThat((System.nanoTime() - t0) / 1_000_000_000).as("no drain wait").isLessThan(60);
        assertThat(got).hasSize(5); // the handshake's, 12's, and the refusals of the three lines with a request id
        List<Integer> codes = new ArrayList<>();
        for (JsonNode m : got) {
            if (m.has("error")) {
                codes.add(m.path("error").path("code").asInt());
            }
        }
        assertThat(codes).containsExactly(-32600, -32600, -32600);
        assertThat(byId(got, 5).path("error").path("message").asText()).isEqualTo("Invalid Request: \"jsonrpc\" must be \"2.0\"");
        assertThat(byId(got, 7).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(byId(got, 9).path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(got).as("MCP allows no null id").noneMatch(m -> m.path("id").isNull());
        assertThat(byId(got, 12).path("result").path("structuredContent").path("answer").asText()).contains("Phobos");
    }

    @Test
    void unknownMethodsAndBadParamsGetTheirErrorsOrAToolError() throws Exception {
        List<JsonNode> got = serve(List.of(INIT, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no/such\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/no-such\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":5}}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":[]}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":\"x\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"_meta\":7}}",
                "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"initialize\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":{\"question\":[1]}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"logging/setLevel\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":13,\"error\":{\"code\":\"x\"}}"));
        assertThat(got).hasSize(12);
        assertThat(byId(got, 12).path("error").path("code").asInt()).isEqualTo(-32602);
        // a malformed response is refused without a response: its id is the client's own, and MCP allows no null id
        assertThat(got).noneMatch(m -> m.path("id").isNull());
        assertThat(byId(got, 2).path("error").path("message").asText()).isEqualTo("Unknown tool: nope; the tools are ask, select_context");
        assertThat(byId(got, 1).path("error").path("code").asInt()).isEqualTo(-32601);
        for (int id = 2; id <= 8; id++) {
            assertThat(byId(got, id).path("error").path("code").asInt()).as("id " + id).isEqualTo(-32602);
        }
        assertThat(byId(got, 5).path("error").path("message").asText()).isEqualTo("Invalid params: params must be an object");
        assertThat(byId(got, 9).path("result").path("isError").asBoolean()).isTrue();
        assertThat(byId(got, 11).path("result").isObject()).isTrue();
    }

    @Test
    void aCallBeforeTheHandshakeIsRefusedNotHeldTillTheDrainEnds() throws Exception {
        long t0 = System.nanoTime();
        List<JsonNode> got = serve(List.of("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}", ask(1, "moons?"), INIT,
                ask(2, "moons?"), INITIALIZED, ask(3, "moons?")));
        assertThat((System.nanoTime() - t0) / 1_000_000_000).isLessThan(60);
        assertThat(got).hasSize(5);
        assertThat(byId(got, 0).path("result").isObject()).isTrue();
        assertThat(byId(got, 1).path("error").path("code").asInt()).isEqualTo(-32002);
        assertThat(byId(got, 2).path("error").path("message").asText()).startsWith("Server not initialized: send initialize, then");
        assertThat(byId(got, 3).path("result").path("isError").asBoolean()).isFalse();
    }

    @Test
    void twoHundredCallsThenTheEndAreAllAnsweredEachWithItsOwnAnswer() throws Exception {
        List<String> lines = new ArrayList<>(List.of(INIT, INITIALIZED));
        for (int i = 0; i < 200; i++) {
            lines.add(ask(100 + i, i % 2 == 0 ? "How many moons does Mars have?" : "When does Halley's Comet return?"));
        }
        List<JsonNode> got = serve(lines);
        assertThat(got).hasSize(201);
        java.util.Set<Integer> ids = new java.util.HashSet<>();
        for (JsonNode m : got.subList(1, got.size())) {
            int id = m.path("id").asInt();
            assertThat(ids.add(id)).isTrue();
            assertThat(m.path("result").path("structuredContent").path("question").asText())
                    .isEqualTo(id % 2 == 0 ? "How many moons does Mars have?" : "When does Halley's Comet return?");
        }
        assertThat(ids).hasSize(200);
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedAndTheNextAnswered() throws Exception {
        byte[] head = (INIT + "\n" + INITIALIZED + "\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"")
                .getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8);
        byte[] in = new byte[head.length + JsonRpcLineGuard.MAX_LINE + tail.length];
        java.util.Arrays.fill(in, (byte) 'a');
        System.arraycopy(head, 0, in, 0, head.length);
        System.arraycopy(tail, 0, in, in.length - tail.length, tail.length);
        List<JsonNode> got = serve(in);
        assertThat(got).hasSize(2).noneMatch(m -> m.has("error"));
        assertThat(byId(got, 2).path("result").isObject()).isTrue();
    }

    @Test
    void theLineReaderHoldsNoMoreThanItsLimit() throws Exception {
        BoundedLineReader r = new BoundedLineReader(new ByteArrayInputStream(
                "ab\r\n\ncdefgh\nxyz".getBytes(StandardCharsets.UTF_8)), 4);
        BoundedLineReader.Line l = r.next();
        assertThat(new String(l.bytes(), 0, l.length(), StandardCharsets.UTF_8)).isEqualTo("ab");
        assertThat(r.next().length()).isZero();
        l = r.next();
        assertThat(l.tooLong()).isTrue();
        assertThat(l.fullLength()).isEqualTo(6);
        assertThat(l.bytes().length).isLessThanOrEqualTo(4);
        l = r.next();
        assertThat(new String(l.bytes(), 0, l.length(), StandardCharsets.UTF_8)).isEqualTo("xyz");
        assertThat(r.next()).isNull();
    }

}
