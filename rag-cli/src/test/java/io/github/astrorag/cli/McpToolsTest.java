package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The MCP tools called in-process, on three one-chunk documents embedded by hashing. */
class McpToolsTest {

    private RagInstance instance;
    private McpTools tools;

    @BeforeEach
    void open() {
        instance = RagPipeline.builder().embedder(new HashingEmbedder()).build().openDocuments(List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours.")));
        tools = new McpTools(instance, 1800, new JacksonMcpJsonMapper(new ObjectMapper()),
                new DefaultJsonSchemaValidator(), Redactor.of(List.of("s3cr3t-token")));
    }

    @AfterEach
    void close() {
        instance.close();
    }

    private CallToolResult call(String tool, Map<String, Object> args) {
        SyncToolSpecification spec = tools.specifications().stream().filter(s -> s.tool().name().equals(tool))
                .findFirst().orElseThrow();
        return spec.callHandler().apply(null, request(tool, args));
    }

    private static McpSchema.CallToolRequest request(String tool, Map<String, Object> args) {
        return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
    }

    private static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    private static Map<String, Object> args(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void bothToolsRequireAQuestionAndOnlySelectContextTakesABudget() {
        List<McpSchema.Tool> listed = tools.specifications().stream().map(SyncToolSpecification::tool).toList();
        assertThat(listed).extracting(McpSchema.Tool::name).containsExactly("select_context", "ask");
        for (McpSchema.Tool t : listed) {
            assertThat(t.inputSchema()).containsEntry("required", List.of("question")).containsEntry("additionalProperties", false);
        }
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> props = (Map<String, Map<String, Object>>) listed.get(0).inputSchema().get("properties");
        assertThat(props.get("budget")).containsEntry("type", "integer").containsEntry("minimum", 1).containsEntry("maximum", 32768);
        assertThat(((Map<?, ?>) listed.get(1).inputSchema().get("properties")).keySet()).isEqualTo(java.util.Set.of("question"));
    }

    @Test
    void selectContextKeepsToTheBudgetOfTheCallAndCitesEachPassage() {
        CallToolResult all = call("select_context", args("question", "How many moons does Mars have?"));
        assertThat(all.isError()).isFalse();
        Map<?, ?> wide = (Map<?, ?>) all.structuredContent();
        assertThat(wide.get("budget")).isEqualTo(1800);
        List<?> passages = (List<?>) wide.get("passages");
        assertThat(passages).hasSize(3);
        Map<?, ?> first = (Map<?, ?>) passages.get(0);
        assertThat(first.get("id")).isEqualTo("mars#0");
        assertThat(first.get("source")).isEqualTo("mars");
        assertThat(first.get("page")).isNull();
        assertThat(first.get("text")).isEqualTo("Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours.");
        int marsTokens = (Integer) first.get("tokens");

        // a budget of exactly the best passage's tokens keeps that passage alone, whole
        CallToolResult tight = call("select_context", args("question", "How many moons does Mars have?", "budget", marsTokens));
        Map<?, ?> narrow = (Map<?, ?>) tight.structuredContent();
        assertThat(narrow.get("budget")).isEqualTo(marsTokens);
        assertThat(narrow.get("tokens")).isEqualTo(marsTokens);
        assertThat((List<?>) narrow.get("passages")).hasSize(1);
        assertThat(text(tight)).startsWith("[1] mars (chunk mars#0)\nMars has two small moons, Phobos and Deimos.")
                .endsWith("(context: " + marsTokens + " of " + marsTokens + " tokens from 1 passage(s))");
    }

    @Test
    void askAnswersWithCitations() {
        CallToolResult r = call("ask", args("question", "How many moons does Mars have?"));
        assertThat(r.isError()).isFalse();
        assertThat(text(r)).contains("Phobos and Deimos").contains("Sources:").contains("[1] mars, chunk mars#0");
        Map<?, ?> s = (Map<?, ?>) r.structuredContent();
        assertThat(s.get("uncited")).isEqualTo(false);
        assertThat(s.get("abstained")).isEqualTo(false);
        assertThat((List<?>) s.get("citations")).first().satisfies(c -> assertThat(((Map<?, ?>) c).get("chunkId")).isEqualTo("mars#0"));
    }

    @Test
    void askSaysSoWhenTheDocumentsDoNotAnswer() {
        CallToolResult r = call("ask", args("question", "What is the wind speed at the summit?"));
        assertThat(r.isError()).isFalse();
        assertThat(text(r)).startsWith(io.github.astrorag.core.model.Answer.NOT_ANSWERED).doesNotContain("Sources:")
                .doesNotContain("warning");
        Map<?, ?> s = (Map<?, ?>) r.structuredContent();
        assertThat(s.get("abstained")).isEqualTo(true);
        assertThat(s.get("uncited")).isEqualTo(false);
        assertThat((List<?>) s.get("citations")).isEmpty();
        assertThat(s.get("closestPassage")).isInstanceOf(Map.class);
    }

    @Test
    void badArgumentsAreToolErrorsThatSayWhatToSend() {
        assertError(call("select_context", args()), "question");
        assertError(call("ask", args("budget", 10)), "question");
        assertError(call("select_context", args("question", "moons?", "budget", 0)), "budget");
        assertError(call("select_context", args("question", "moons?", "budget", -5)), "budget");
        assertError(call("select_context", args("question", "moons?", "budget", 40_000)), "budget");
        assertError(call("select_context", args("question", "moons?", "budget", "ten")), "budget");
        assertError(call("select_context", args("question", "moons?", "budget", 2.5)), "budget");
        assertError(call("select_context", args("question", 42)), "question");
        assertError(call("select_context", args("question", "moons?", "topK", 3)), "topK");
        assertError(call("ask", args("question", "x".repeat(McpTools.MAX_QUESTION + 1))), "question");
        CallToolResult blank = call("ask", args("question", "   "));
        assertThat(blank.isError()).isTrue();
        assertThat(text(blank)).isEqualTo("ask: the question is blank. Call it again: ask takes {\"question\": \"<text>\"}.");
    }

    private static void assertError(CallToolResult r, String names) {
        assertThat(r.isError()).isTrue();
        assertThat(text(r)).contains("bad arguments").contains(names).contains("Call it again: ")
                .contains("{\"question\": \"<text>\"");
    }

    @Test
    void aFailingPipelineIsAToolErrorToo() {
        instance.close();
        CallToolResult r = call("select_context", args("question", "moons?"));
        assertThat(r.isError()).isTrue();
        assertThat(text(r)).startsWith("select_context failed: ").contains("closed");
    }

    @Test
    void requestsPipedInAndClosedAtOnceAreAllAnsweredBeforeTheServerStops() throws Exception {
        String in = String.join("\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"pipe\",\"version\":\"1\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"select_context\","
                        + "\"arguments\":{\"question\":\"How many moons does Mars have?\",\"budget\":1}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":{}}}",
                "");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        McpCommand.serve(tools, new JacksonMcpJsonMapper(new ObjectMapper()),
                new java.io.ByteArrayInputStream(in.getBytes(java.nio.charset.StandardCharsets.UTF_8)), out, "test");
        ObjectMapper json = new ObjectMapper();
        Map<Integer, com.fasterxml.jackson.databind.JsonNode> byId = new HashMap<>();
        for (String line : out.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
            com.fasterxml.jackson.databind.JsonNode n = json.readTree(line);
            byId.put(n.path("id").asInt(), n.path("result"));
        }
        assertThat(byId).containsOnlyKeys(1, 2, 3, 4);
        assertThat(byId.get(1).path("serverInfo").path("name").asText()).isEqualTo("astrorag");
        assertThat(byId.get(2).path("tools")).hasSize(2);
        assertThat(byId.get(3).path("structuredContent").path("tokens").asInt()).isEqualTo(1);
        assertThat(byId.get(4).path("isError").asBoolean()).isTrue();
    }

    @Test
    void aRequestNeverAnsweredHoldsTheEndOnlyForTheDrainTime() throws Exception {
        byte[] request = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"note\"}\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        StdioSession session = new StdioSession(new java.io.ByteArrayInputStream(request), new java.io.ByteArrayOutputStream(),
                java.time.Duration.ofMillis(300), new JsonRpcLineGuard(new JacksonMcpJsonMapper(new ObjectMapper())));
        long t0 = System.nanoTime();
        assertThat(session.in().readAllBytes()).isEqualTo(request);
        assertThat(session.owed()).isEqualTo(1);
        session.awaitEnd();
        assertThat((System.nanoTime() - t0) / 1_000_000).isBetween(300L, 10_000L);
        // a response written and flushed pays the debt
        session.out().write("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(session.owed()).isEqualTo(1);
        session.out().flush();
        assertThat(session.owed()).isZero();
    }

    @Test
    void theServersBudgetMustBeSane() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> McpTools.checkBudget(40_000))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("--budget for mcp must be 1 to 32768 tokens, was 40000");
        McpTools.checkBudget(1);
        McpTools.checkBudget(32_768);
    }
}
