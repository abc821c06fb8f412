package io.github.astrorag.core.testing;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * A small OpenAI-compatible server for tests: {@code POST /v1/chat/completions} (plain JSON, or
 * server-sent events when the request says {@code "stream": true}) and {@code GET /v1/models}, in the wire
 * format of OpenAI's API reference. The reply text comes from a function of the last user message (the
 * prompt), so a test can answer canned text or echo the question. A request without {@code model} or
 * {@code messages} gets OpenAI's 400 error body.
 *
 * <pre>{@code
 * try (FakeOpenAiServer llm = FakeOpenAiServer.start(0, prompt -> "B. The answer [1].")) {
 *     // astrorag ask --generator openai --base-url llm.url() --llm-model fake ...
 *     assertThat(llm.requests()).hasSize(1);
 * }
 * }</pre>
 */
public final class FakeOpenAiServer implements AutoCloseable {

    private static final long CREATED = 1_700_000_000L;

    private final ScriptedHttpServer server;
    private final Function<String, String> reply;
    private final AtomicLong ids = new AtomicLong();

    private FakeOpenAiServer(int port, Function<String, String> reply) {
        this.reply = Objects.requireNonNull(reply, "reply");
        this.server = ScriptedHttpServer.start(port, this::answer);
    }

    /**
     * Starts a server on 127.0.0.1.
     *
     * @param port  the port, or 0 for any free one
     * @param reply the assistant's reply to a prompt (the content of the last user message)
     */
    public static FakeOpenAiServer start(int port, Function<String, String> reply) {
        return new FakeOpenAiServer(port, reply);
    }

    /** Starts a server on any free port that always replies {@code text}. */
    public static FakeOpenAiServer replying(String text) {
        return start(0, prompt -> text);
    }

    /** The base URL to configure: {@code http://127.0.0.1:PORT/v1}. */
    public String url() {
        return server.url() + "/v1";
    }

    /** The port. */
    public int port() {
        return server.port();
    }

    /** The JSON bodies of the chat-completion requests received so far. */
    public List<JsonValue> requests() {
        List<JsonValue> out = new ArrayList<>();
        for (ScriptedHttpServer.Recorded r : server.requests()) {
            if (r.path().endsWith("/chat/completions")) {
                out.add(r.json());
            }
        }
        return out;
    }

    /** The {@code Authorization} headers of the chat-completion requests received so far (null where absent). */
    public List<String> authorizations() {
        List<String> out = new ArrayList<>();
        for (ScriptedHttpServer.Recorded r : server.requests()) {
            if (r.path().endsWith("/chat/completions")) {
                out.add(r.header("Authorization"));
            }
        }
        return out;
    }

    /** The underlying server, to queue failures. */
    public ScriptedHttpServer scripted() {
        return server;
    }

    @Override
    public void close() {
        server.close();
    }

    private ScriptedHttpServer.Response answer(ScriptedHttpServer.Recorded request) {
        if (request.method().equals("GET") && request.path().equals("/v1/models")) {
            return ScriptedHttpServer.json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"fake\",\"object\":\"model\","
                    + "\"created\":" + CREATED + ",\"owned_by\":\"astrorag-tests\"}]}");
        }
        if (!request.method().equals("POST") || !request.path().equals("/v1/chat/completions")) {
            return ScriptedHttpServer.json(404, error("Unknown request URL: " + request.method() + " "
                    + request.path(), "invalid_request_error", "unknown_url"));
        }
        JsonValue body;
        try {
            body = request.json();
        } catch (RuntimeException e) {
            return ScriptedHttpServer.json(400, error("We could not parse the JSON body of your request.",
                    "invalid_request_error", null));
        }
        if (!body.path("model").isTextual() || !body.path("messages").isArray()) {
            return ScriptedHttpServer.json(400, error("you must provide a model parameter and messages",
                    "invalid_request_error", null));
        }
        String prompt = "";
        for (JsonValue m : body.path("messages")) {
            if (m.path("role").asText().equals("user")) {
                prompt = m.path("content").asText();
            }
        }
        String text = reply.apply(prompt);
        String id = "chatcmpl-fake" + ids.incrementAndGet();
        String model = body.path("model").asText();
        return body.path("stream").asBoolean(false) ? ScriptedHttpServer.sse(chunks(id, model, text))
                : ScriptedHttpServer.json(200, completion(id, model, prompt, text));
    }

    /** The non-streamed reply, as in OpenAI's API reference. */
    public static String completion(String id, String model, String prompt, String text) {
        Map<String, Object> root = head(id, model, "chat.completion");
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("message", Map.of("role", "assistant", "content", text));
        choice.put("logprobs", null);
        choice.put("finish_reason", "stop");
        root.put("choices", List.of(choice));
        int promptTokens = words(prompt);
        int completionTokens = words(text);
        Map<String, Object> usage = new LinkedHashMap<>();
        usage.put("prompt_tokens", promptTokens);
        usage.put("completion_tokens", completionTokens);
        usage.put("total_tokens", promptTokens + completionTokens);
        root.put("usage", usage);
        return Json.write(root);
    }

    /** The streamed reply: a role chunk, one chunk per word with its following space, a finish chunk, [DONE]. */
    public static List<String> chunks(String id, String model, String text) {
        List<String> out = new ArrayList<>();
        out.add(chunk(id, model, "assistant", "", null));
        for (String piece : text.split("(?<=\\s)")) {
            if (!piece.isEmpty()) {
                out.add(chunk(id, model, null, piece, null));
            }
        }
        out.add(chunk(id, model, null, null, "stop"));
        out.add("data: [DONE]\n\n");
        return out;
    }

    private static String chunk(String id, String model, String role, String content, String finish) {
        Map<String, Object> root = head(id, model, "chat.completion.chunk");
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        Map<String, Object> delta = new LinkedHashMap<>();
        if (role != null) {
            delta.put("role", role);
        }
        if (content != null) {
            delta.put("content", content);
        }
        choice.put("delta", delta);
        choice.put("logprobs", null);
        choice.put("finish_reason", finish);
        root.put("choices", List.of(choice));
        return "data: " + Json.write(root) + "\n\n";
    }

    private static Map<String, Object> head(String id, String model, String object) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("id", id);
        root.put("object", object);
        root.put("created", CREATED);
        root.put("model", model);
        root.put("system_fingerprint", "fp_fake");
        return root;
    }

    /** OpenAI's error body. */
    public static String error(String message, String type, String code) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("message", message);
        e.put("type", type);
        e.put("param", null);
        e.put("code", code);
        return Json.write(Map.of("error", e));
    }

    private static int words(String s) {
        String t = s.strip();
        return t.isEmpty() ? 0 : t.split("\\s+").length;
    }
}
