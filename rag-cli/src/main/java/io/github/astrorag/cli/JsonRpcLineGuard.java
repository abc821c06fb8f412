package io.github.astrorag.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Objects;

/**
 * Checks each line of a stdio MCP session (one JSON-RPC 2.0 message per line) before the SDK's transport sees it,
 * so that a client's mistake gets one error response instead of stopping the transport or failing inside it:
 * <ul>
 *   <li>not JSON (an empty line, {@code {this is not json}}, trailing text, bad UTF-8): {@value #PARSE_ERROR}
 *       (parse error);</li>
 *   <li>JSON that is not one JSON-RPC 2.0 message (an array or batch, a number, {@code {"foo": 1}}, no
 *       {@code "jsonrpc": "2.0"}, a method that is not a string, an id that is neither a string nor an integer,
 *       params that are not an object or array, a response without exactly one of result and error): {@value
 *       #INVALID_REQUEST} (invalid request), answered with the line's id when it is a request with a valid one (a
 *       response's id is the client's: never echoed);</li>
 *   <li>a line longer than {@link #MAX_LINE} bytes: {@value #INVALID_REQUEST} ({@link #tooLong});</li>
 *   <li>a {@code tools/call} of a tool the server does not have: {@value #INVALID_PARAMS}, "Unknown tool: NAME",
 *       naming the tools there are (the SDK's own error names the tool only in its data);</li>
 *   <li>a request whose params the SDK cannot read ({@link #invalidParams}): {@value #INVALID_PARAMS};</li>
 *   <li>a request other than {@code initialize} and {@code ping} before the notification {@value #INITIALIZED}
 *       (the SDK would hold it unanswered): {@value #NOT_INITIALIZED}.</li>
 * </ul>
 * A refused line without a request id of its own gets no response at all, only its warning: MCP's schema allows
 * no {@code null} id (ids are strings or numbers), so a client would reject such a response (the official
 * TypeScript SDK's client reports an {@code invalid_union} for each), and the official SDKs' own stdio servers
 * ignore a line they cannot parse and report it to their error callback. Any other line passes, re-serialised as compact JSON on one line (so that a carriage return or a stray
 * control byte cannot split it in the transport), after the SDK's own parser has accepted it. Unknown methods
 * ({@code -32601}), unknown tools ({@code -32602}) and bad tool arguments (a tool error) are the server's to
 * answer. Not thread-safe: one guard per session, called by its reading thread (it remembers whether the session
 * was initialized). Cost: three parses and one serialisation per line, linear in its length.
 */
final class JsonRpcLineGuard {

    /** The longest line read, in bytes (4 MiB): a longer line is skipped unread and refused. */
    static final int MAX_LINE = 4 * 1024 * 1024;
    /** JSON-RPC's code for a line that is not JSON. */
    static final int PARSE_ERROR = -32700;
    /** JSON-RPC's code for JSON that is not a JSON-RPC 2.0 message. */
    static final int INVALID_REQUEST = -32600;
    /** JSON-RPC's code for a request whose params do not fit its method. */
    static final int INVALID_PARAMS = -32602;
    /** The code (in JSON-RPC's range for servers) for a request other than initialize and ping before the session is initialized. */
    static final int NOT_INITIALIZED = -32002;
    /** The notification that ends the client's side of the handshake. */
    static final String INITIALIZED = "notifications/initialized";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final McpJsonMapper mapper;
    /** The server's tools; empty: any tool passes. */
    private final java.util.Set<String> tools;
    private boolean initialized;

    /**
     * A guard for a new session that also asks {@code mapper} (the transport's) whether it can read each line it
     * passes, and lets a {@code tools/call} of any tool through.
     *
     * @param mapper the protocol's JSON mapper
     */
    JsonRpcLineGuard(McpJsonMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.tools = java.util.Set.of();
    }

    /**
     * As {@link #JsonRpcLineGuard(McpJsonMapper)}, refusing a {@code tools/call} of a tool not among {@code tools}.
     *
     * @param mapper the protocol's JSON mapper
     * @param tools the names of the server's tools
     */
    JsonRpcLineGuard(McpJsonMapper mapper, java.util.Set<String> tools) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.tools = new java.util.TreeSet<>(tools);
    }

    /**
     * What to do with one line.
     *
     * @param forward the line to hand to the transport (compact JSON, no line break), or null if refused
     * @param request whether {@code forward} is a request (it has a method and an id: it is owed a response)
     * @param response the error response to write instead (one JSON line, no line break), or null if forwarded or
     *                 if the line has no request id to answer
     * @param warning why the line was refused, one line for stderr, or null if forwarded
     */
    record Verdict(String forward, boolean request, String response, String warning) {
    }

    /**
     * The verdict on {@code length} bytes of {@code line} from {@code offset} (without its line break).
     * Never throws on any bytes.
     */
    Verdict check(byte[] line, int offset, int length) {
        JsonNode node;
        try {
            node = JSON.readTree(line, offset, length);
        } catch (IOException | RuntimeException e) {
            return refuse(PARSE_ERROR, null, "Parse error: " + brief(e));
        }
        if (node == null || node.isMissingNode()) {
            return refuse(PARSE_ERROR, null, "Parse error: an empty line is not a JSON-RPC message");
        }
        if (!node.isObject()) {
            return refuse(INVALID_REQUEST, null, "Invalid Request: a message is one JSON object (batches are not "
                    + "supported), not " + (node.isArray() ? "an array" : "a " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
        }
        JsonNode id = node.get("id");
        boolean validId = id != null && (id.isTextual() || id.isIntegralNumber());
        // a response is refused without its id: the client's requests use the same ids
        JsonNode echo = validId && node.has("method") ? id : null;
        if (id != null && !validId && !(id.isNull() && !node.has("method"))) {
            return refuse(INVALID_REQUEST, null, "Invalid Request: \"id\" must be a string or an integer");
        }
        if (!"2.0".equals(node.path("jsonrpc").textValue())) {
            return refuse(INVALID_REQUEST, echo, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = node.get("method");
        if (method != null) {
            if (!method.isTextual()) {
                return refuse(INVALID_REQUEST, echo, "Invalid Request: \"method\" must be a string");
            }
            JsonNode params = node.get("params");
            if (params != null && !params.isObject() && !params.isArray()) {
                return refuse(INVALID_REQUEST, echo, "Invalid Request: \"params\" must be an object");
            }
            String invalid = invalidParams(method.textValue(), params);
            if (invalid != null && id != null) {
                return refuse(INVALID_PARAMS, echo, "Invalid params: " + invalid);
            }
            if (id != null && !initialized && !method.textValue().equals("initialize") && !method.textValue().equals("ping")) {
                return refuse(NOT_INITIALIZED, echo, "Server not initialized: send initialize, then the notification "
                        + INITIALIZED + ", then " + method.textValue());
            }
            if (id != null && !tools.isEmpty() && method.textValue().equals("tools/call") && !tools.contains(params.path("name").textValue())) {
                return refuse(INVALID_PARAMS, echo, "Unknown tool: " + Terminal.message(params.path("name").textValue())
                        + "; the tools are " + String.join(", ", tools));
            }
        } else if (id == null || node.has("result") == node.has("error")) {
            return refuse(INVALID_REQUEST, echo, "Invalid Request: a message has a \"method\" (a request or "
                    + "notification) or an \"id\" with one of \"result\" and \"error\" (a response)");
        }
        String compact;
        try {
            compact = JSON.writeValueAsString(node);
            McpSchema.deserializeJsonRpcMessage(mapper, compact);
        } catch (IOException | RuntimeException e) {
            return refuse(INVALID_REQUEST, echo, "Invalid Request: " + brief(e));
        }
        if (method != null && id == null && method.textValue().equals(INITIALIZED)) {
            initialized = true;
        }
        return new Verdict(compact, method != null && id != null, null, null);
    }

    /**
     * What is wrong with the params of a request to {@code method}, or null: params are an object (MCP names
     * them), {@code _meta} too; {@code initialize} has a string {@code protocolVersion} and objects {@code
     * capabilities} and {@code clientInfo}; {@code tools/call} a string {@code name} and, if any, object {@code
     * arguments}; {@code logging/setLevel} a string {@code level}. The SDK would fail on these with an internal
     * error and a stack trace.
     */
    private static String invalidParams(String method, JsonNode params) {
        if (params == null) {
            return switch (method) {
                case "initialize", "tools/call", "logging/setLevel" -> method + " needs params";
                default -> null;
            };
        }
        if (!params.isObject()) {
            return "params must be an object";
        }
        if (params.has("_meta") && !params.get("_meta").isObject()) {
            return "_meta must be an object";
        }
        return switch (method) {
            case "initialize" -> params.path("protocolVersion").isTextual() && params.path("capabilities").isObject()
                    && params.path("clientInfo").isObject() ? null
                    : "initialize takes {\"protocolVersion\": \"<version>\", \"capabilities\": {...}, \"clientInfo\": {...}}";
            case "tools/call" -> params.path("name").isTextual() && (!params.has("arguments") || params.get("arguments").isObject())
                    ? null : "tools/call takes {\"name\": \"<tool>\", \"arguments\": {...}}";
            case "logging/setLevel" -> params.path("level").isTextual() ? null : "logging/setLevel takes {\"level\": \"<level>\"}";
            default -> null;
        };
    }

    /** The verdict on a line of {@code length} bytes, more than {@link #MAX_LINE}: refused, id null. */
    Verdict tooLong(long length) {
        return refuse(INVALID_REQUEST, null, "Invalid Request: a line of " + length + " bytes is longer than the limit of "
                + MAX_LINE + " bytes");
    }

    private static Verdict refuse(int code, JsonNode id, String message) {
        if (id == null) {
            return new Verdict(null, false, null, "(" + code + ") " + message + " (no response: the line has no request id)");
        }
        ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        String json;
        try {
            json = JSON.writeValueAsString(response);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of strings and numbers always serialises
        }
        return new Verdict(null, false, json, "(" + code + ") " + message);
    }

    /** The first line of an exception's message, without Jackson's source excerpt. */
    private static String brief(Exception e) {
        String m = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
        if (m == null) {
            m = e.getClass().getSimpleName();
        }
        m = Terminal.oneLine(m);
        return m.length() <= 300 ? m : m.substring(0, 300) + "…";
    }
}
