package io.github.astrorag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged {@code astrorag mcp} as an assistant runs it: a subprocess on stdio over the samples, talked
 * to by the MCP SDK's own client, and once by hand, as a shell pipe: stdout holds nothing but the protocol,
 * and the end of stdin stops the server once the requests it read are answered.
 */
class McpServerIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String QUESTION = "What resolving power does the spectrograph reach?";
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void packaged() {
        assertThat(JAR).exists();
    }

    private static McpSchema.CallToolRequest request(String tool, Map<String, Object> args) {
        return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
    }

    private static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void theSdksClientListsBothToolsSelectsABudgetedCitedContextAsksAndSurvivesBadArguments() {
        List<String> stderr = new CopyOnWriteArrayList<>();
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(JAVA)
                .args("-jar", JAR.toString(), "mcp", "--docs", "samples", "--budget", "400").build(),
                new JacksonMcpJsonMapper(JSON));
        transport.setStdErrorHandler(stderr::add);
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
                .initializationTimeout(Duration.ofSeconds(180)).build();
        try {
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.serverInfo().name()).isEqualTo("astrorag");
            assertThat(init.capabilities().tools()).isNotNull();
            assertThat(init.instructions()).contains("3 document(s)").contains("spectrograph-guide.pdf");

            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyInAnyOrder("select_context", "ask");
            for (McpSchema.Tool t : tools) {
                assertThat(t.inputSchema()).containsEntry("type", "object").containsEntry("required", List.of("question"));
            }
            McpSchema.Tool select = tools.stream().filter(t -> t.name().equals("select_context")).findFirst().orElseThrow();
            assertThat(((Map<?, ?>) select.inputSchema().get("properties")).keySet()).isEqualTo(java.util.Set.of("question", "budget"));

            // the context of a call keeps to the call's budget, and its first passage is page 2 of the PDF
            CallToolResult context = client.callTool(request("select_context", Map.of("question", QUESTION, "budget", 80)));
            assertThat(context.isError()).isFalse();
            JsonNode c = JSON.valueToTree(context.structuredContent());
            assertThat(c.path("budget").asInt()).isEqualTo(80);
            assertThat(c.path("tokens").asInt()).isBetween(1, 80);
            JsonNode first = c.path("passages").get(0);
            assertThat(first.path("source").asText()).isEqualTo("spectrograph-guide.pdf");
            assertThat(first.path("page").asInt()).isEqualTo(2);
            assertThat(first.path("id").asText()).isEqualTo("spectrograph-guide.pdf#1");
            assertThat(first.path("text").asText()).contains("resolving power of 5000");
            int sum = 0;
            for (JsonNode p : c.path("passages")) {
                sum += p.path("tokens").asInt();
            }
            assertThat(sum).isLessThanOrEqualTo(80);
            assertThat(text(context)).startsWith("[1] spectrograph-guide.pdf, p. 2 (chunk spectrograph-guide.pdf#1)\n")
                    .endsWith("of 80 tokens from " + c.path("passages").size() + " passage(s))");

            // without a budget: the server's --budget
            CallToolResult wide = client.callTool(request("select_context", Map.of("question", QUESTION)));
            assertThat(JSON.valueToTree(wide.structuredContent()).path("budget").asInt()).isEqualTo(400);

            // the default offline extractive generator answers with citations
            CallToolResult answer = client.callTool(request("ask", Map.of("question", QUESTION)));
            assertThat(answer.isError()).isFalse();
            assertThat(text(answer)).contains("5000").contains("[1]").contains("Sources:")
                    .contains("[1] spectrograph-guide.pdf, p. 2, chunk spectrograph-guide.pdf#1");
            JsonNode a = JSON.valueToTree(answer.structuredContent());
            assertThat(a.path("uncited").asBoolean()).isFalse();
            assertThat(a.path("citations").get(0).path("page").asInt()).isEqualTo(2);
            assertThat(a.path("context").path("tokens").asInt()).isBetween(1, 400);

            // bad arguments: tool errors that say what to send
            CallToolResult missing = client.callTool(request("select_context", Map.of("budget", 50)));
            assertThat(missing.isError()).isTrue();
            assertThat(text(missing)).contains("question").contains("Call it again: select_context takes {\"question\"");
            CallToolResult zero = client.callTool(request("select_context", Map.of("question", QUESTION, "budget", 0)));
            assertThat(zero.isError()).isTrue();
            assertThat(text(zero)).contains("budget").contains("whole number 1 to " + McpTools.MAX_BUDGET);
            CallToolResult word = client.callTool(request("select_context", Map.of("question", QUESTION, "budget", "many")));
            assertThat(word.isError()).isTrue();
            CallToolResult huge = client.callTool(request("select_context", Map.of("question", QUESTION, "budget", McpTools.MAX_BUDGET + 1)));
            assertThat(huge.isError()).isTrue();
            assertThat(text(huge)).contains("budget");
            CallToolResult blank = client.callTool(request("ask", Map.of("question", " ")));
            assertThat(blank.isError()).isTrue();

            // and the server still answers
            client.ping();
            CallToolResult again = client.callTool(request("select_context", Map.of("question", "When does Halley's Comet return?", "budget", 60)));
            assertThat(again.isError()).isFalse();
            assertThat(JSON.valueToTree(again.structuredContent()).path("tokens").asInt()).isBetween(1, 60);
        } finally {
            client.closeGracefully();
        }
        assertThat(String.join("\n", stderr)).contains("astrorag mcp: serving 3 document(s)");
    }

    /** What a piped session left: the responses by id and stderr. */
    record Piped(Map<Integer, JsonNode> responses, String stderr) {
    }

    /** The initialize request and the initialized notification, as one would pipe them. */
    static final List<String> HANDSHAKE = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

    /** A {@code tools/call} of {@code select_context} as one line. */
    static String selectContext(int id, String question, Integer budget) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"select_context\","
                + "\"arguments\":{\"question\":\"" + question + "\"" + (budget == null ? "" : ",\"budget\":" + budget) + "}}}";
    }

    /**
     * Runs the packaged {@code astrorag mcp ARGS} as a shell pipe does: writes {@code messages} and closes stdin
     * at once, then reads stdout to its end. Asserts that the server stops with status 0 and that every stdout
     * line is a JSON-RPC message.
     */
    static Piped pipe(List<String> args, List<String> messages) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA, "-jar", JAR.toString(), "mcp"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).start();
        ByteSink err = new ByteSink(p.getErrorStream());
        Map<Integer, JsonNode> byId = new java.util.HashMap<>();
        try (OutputStream in = p.getOutputStream()) {
            for (String m : messages) {
                in.write((m + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                JsonNode message = JSON.readTree(line);
                assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
                assertThat(byId.put(message.path("id").asInt(), message)).as(line).isNull();
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the server stops when stdin ends").isTrue();
        err.join();
        assertThat(p.exitValue()).as(err.text()).isZero();
        return new Piped(byId, err.text());
    }

    @Test
    void stdoutCarriesOnlyTheProtocolAndTheEndOfStdinStopsTheServerAfterAnsweringWhatItRead() throws Exception {
        List<String> messages = new ArrayList<>(HANDSHAKE);
        messages.add(selectContext(2, QUESTION, 50));
        Piped piped = pipe(List.of("--docs", "samples"), messages);
        assertThat(piped.responses()).containsOnlyKeys(1, 2);
        assertThat(piped.responses().get(1).path("result").path("serverInfo").path("name").asText()).isEqualTo("astrorag");
        JsonNode result = piped.responses().get(2).path("result");
        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.path("structuredContent").path("tokens").asInt()).isBetween(1, 50);
        assertThat(piped.stderr()).contains("astrorag mcp: serving 3 document(s), 4 chunk(s), budget 1800 tokens")
                .contains("astrorag mcp: stdin ended: stopping").doesNotContain("Exception");
    }

    /** Reads a stream to its end on its own thread. */
    private static final class ByteSink extends Thread {
        private final java.io.InputStream in;
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        ByteSink(java.io.InputStream in) {
            this.in = in;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            try {
                in.transferTo(bytes);
            } catch (java.io.IOException e) {
                // the process is gone
            }
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
