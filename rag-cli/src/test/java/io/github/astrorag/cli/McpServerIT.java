package io.github.astrorag.cli;

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
                .args("-jar", JAR.toString(), "mcp", "--docs", "../rag-examples/samples", "--budget", "400").build(),
                new JacksonMcpJsonMapper(JSON));
        transport.setStdErrorHandler(stderr::add);
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(10))
                .initializationTimeout(Duration.ofMinutes(10)).build(); // hang guards
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

    /** What a piped session left: the responses by id, every stdout message in order, stderr and the time to exit. */
    record Piped(Map<Integer, JsonNode> responses, List<JsonNode> messages, String stderr, Duration took) {
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
     * at once, then reads stdout to its end. Asserts that the server stops with status 0, that every stdout
     * line is a JSON-RPC message and that no two have the same id (but null).
     */
    static Piped pipe(List<String> args, List<String> messages) throws Exception {
        List<byte[]> lines = new ArrayList<>();
        for (String m : messages) {
            lines.add((m + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return pipeBytes(args, lines);
    }

    /** {@link #pipe} with the lines as bytes, each ended by its {@code \n}. */
    static Piped pipeBytes(List<String> args, List<byte[]> lines) throws Exception {
        long t0 = System.nanoTime();
        List<String> command = new ArrayList<>(List.of(JAVA, "-jar", JAR.toString(), "mcp"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).start();
        ByteSink err = new ByteSink(p.getErrorStream());
        Map<Integer, JsonNode> byId = new java.util.HashMap<>();
        List<JsonNode> all = new ArrayList<>();
        try (OutputStream in = p.getOutputStream()) {
            for (byte[] line : lines) {
                in.write(line);
            }
        }
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                JsonNode message = JSON.readTree(line);
                assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
                all.add(message);
                if (!message.path("id").isNull()) {
                    assertThat(byId.put(message.path("id").asInt(), message)).as(line).isNull();
                }
            }
        }
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).as("the server stops when stdin ends").isTrue(); // its stdout has ended
        err.join();
        assertThat(p.exitValue()).as(err.text()).isZero();
        return new Piped(byId, all, err.text(), Duration.ofNanos(System.nanoTime() - t0));
    }

    @Test
    void stdoutCarriesOnlyTheProtocolAndTheEndOfStdinStopsTheServerAfterAnsweringWhatItRead() throws Exception {
        List<String> messages = new ArrayList<>(HANDSHAKE);
        messages.add(selectContext(2, QUESTION, 50));
        Piped piped = pipe(List.of("--docs", "../rag-examples/samples"), messages);
        assertThat(piped.responses()).containsOnlyKeys(1, 2);
        assertThat(piped.responses().get(1).path("result").path("serverInfo").path("name").asText()).isEqualTo("astrorag");
        JsonNode result = piped.responses().get(2).path("result");
        assertThat(result.path("isError").asBoolean()).isFalse();
        assertThat(result.path("structuredContent").path("tokens").asInt()).isBetween(1, 50);
        assertThat(piped.stderr()).contains("astrorag mcp: serving 3 document(s), 4 chunk(s), budget 1800 tokens")
                .contains("astrorag mcp: stdin ended: stopping").doesNotContain("Exception");
    }

    /** The lines a careless or broken client sends, each survived with one warning and no response (none has a request id). */
    static final List<String> BAD_LINES = List.of("", "{this is not json", "{\"foo\": 1}", "[1,2]");

    static String ask(int id, String question) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"ask\","
                + "\"arguments\":{\"question\":\"" + question + "\"}}}";
    }

    /** Asserts stderr has one warning per refused line and no stack trace. */
    private static void warnedWithoutStackTraces(Piped piped, int refused) {
        assertThat(piped.stderr()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("ERROR");
        assertThat(piped.stderr().lines().filter(l -> l.startsWith("WARN StdioSession - stdin line "))).hasSize(refused);
    }

    @Test
    void eachBadLineIsAnsweredWithAnErrorThenTheCallSentWithTheEndOfStdinIsAnsweredAndTheServerStops() throws Exception {
        List<String> messages = new ArrayList<>(HANDSHAKE);
        messages.addAll(BAD_LINES);
        messages.add("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
        messages.add(ask(3, QUESTION));
        Piped piped = pipe(List.of("--docs", "../rag-examples/samples", "--model", "hashing", "--no-cache"), messages);
        // issue 34 row 19: MCP allows no null id, so a line without a request id gets no response, only its warning
        assertThat(piped.messages()).noneMatch(m -> m.path("id").isNull());
        assertThat(piped.messages()).hasSize(3);
        assertThat(piped.responses()).containsOnlyKeys(1, 2, 3);
        JsonNode answer = piped.responses().get(3).path("result");
        assertThat(answer.path("isError").asBoolean()).isFalse();
        assertThat(answer.path("structuredContent").path("answer").asText()).contains("5000");
        warnedWithoutStackTraces(piped, BAD_LINES.size());
        assertThat(piped.stderr()).contains("astrorag mcp: stdin ended: stopping");
    }

    @Test
    void badLinesAloneThenTheEndOfStdinStopTheServerAtOnce() throws Exception {
        List<String> messages = new ArrayList<>(BAD_LINES);
        messages.add(0, HANDSHAKE.get(0));
        Piped piped = pipe(List.of("--docs", "../rag-examples/samples", "--model", "hashing", "--no-cache"), messages);
        assertThat(piped.responses()).containsOnlyKeys(1);
        assertThat(piped.messages()).hasSize(1);
        // no wait for the drain (120 s), which ends with a warning; the time is a JVM start and a few lines (seconds)
        assertThat(piped.stderr()).doesNotContain("unanswered");
        assertThat(piped.took()).isLessThan(StdioSession.DRAIN);
        warnedWithoutStackTraces(piped, BAD_LINES.size());
    }

    @Test
    void twoHundredConcurrentCallsThenTheEndOfStdinGetTwoHundredAnswersEachItsOwn() throws Exception {
        List<String> messages = new ArrayList<>(HANDSHAKE);
        List<String> questions = List.of(QUESTION, "When does Halley's Comet return?", "How far away is the Andromeda Galaxy?");
        for (int i = 0; i < 200; i++) {
            messages.add(i % 2 == 0 ? ask(100 + i, questions.get(i % 3)) : selectContext(100 + i, questions.get(i % 3), 40 + i));
        }
        Piped piped = pipe(List.of("--docs", "../rag-examples/samples", "--model", "hashing", "--no-cache"), messages);
        assertThat(piped.responses()).hasSize(201);
        for (int i = 0; i < 200; i++) {
            JsonNode result = piped.responses().get(100 + i).path("result");
            assertThat(result.path("isError").asBoolean()).as("call %d", i).isFalse();
            assertThat(result.path("structuredContent").path("question").asText()).isEqualTo(questions.get(i % 3));
            if (i % 2 == 1) {
                assertThat(result.path("structuredContent").path("budget").asInt()).isEqualTo(40 + i);
            }
        }
        assertThat(piped.stderr()).doesNotContain("Exception");
    }

    @Test
    void aLineOverTheLimitIsRefusedUnheldAndTheServerStillAnswers() throws Exception {
        List<byte[]> lines = new ArrayList<>();
        for (String m : HANDSHAKE) {
            lines.add((m + "\n").getBytes(StandardCharsets.UTF_8));
        }
        byte[] longLine = new byte[JsonRpcLineGuard.MAX_LINE + 1000];
        java.util.Arrays.fill(longLine, (byte) '[');
        longLine[longLine.length - 1] = '\n';
        lines.add(longLine);
        lines.add((ask(2, QUESTION) + "\n").getBytes(StandardCharsets.UTF_8));
        Piped piped = pipeBytes(List.of("--docs", "../rag-examples/samples", "--model", "hashing", "--no-cache"), lines);
        assertThat(piped.messages()).noneMatch(m -> m.has("error"));
        assertThat(piped.stderr()).contains("(-32600) Invalid Request: a line of ").contains("longer than the limit of " + JsonRpcLineGuard.MAX_LINE)
                .contains("(no response: the line has no request id)");
        assertThat(piped.responses().get(2).path("result").path("isError").asBoolean()).isFalse();
        warnedWithoutStackTraces(piped, 1);
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
