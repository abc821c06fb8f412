package io.github.astrorag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagInstance;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The two tools of {@code astrorag mcp} over one ingested {@link RagInstance}:
 * <ul>
 *   <li>{@value #SELECT_CONTEXT} {@code {question, budget?}}: the passages the pipeline selects within
 *       {@code budget} tokens (default: the server's budget), each with its source, page, chunk id and text;</li>
 *   <li>{@value #ASK} {@code {question}}: the pipeline's answer with its citations.</li>
 * </ul>
 * Arguments are checked against each tool's input schema (the one {@code tools/list} shows) before any
 * work: bad arguments, and any failure of the pipeline, give a tool error result ({@code isError}) whose
 * text says what to do; the server goes on. Every text passes through {@link Terminal#clean} and the
 * {@link Redactor} of the secrets the server was started with. Thread-safe (the instance answers several
 * questions at once).
 */
final class McpTools {

    /** The name of the tool that selects the context. */
    static final String SELECT_CONTEXT = "select_context";
    /** The name of the tool that answers. */
    static final String ASK = "ask";
    /** The largest budget a call may ask for, in tokens: more than any context this pipeline is tuned for. */
    static final int MAX_BUDGET = 32_768;
    /** The longest question, in characters. */
    static final int MAX_QUESTION = 4_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RagInstance instance;
    private final int budget;
    private final McpJsonMapper mapper;
    private final JsonSchemaValidator validator;
    private final Redactor redactor;

    /**
     * Tools over {@code instance}.
     *
     * @param instance the ingested documents; the caller closes it
     * @param budget the server's budget: {@value #SELECT_CONTEXT}'s default and {@value #ASK}'s budget
     * @param mapper the protocol's JSON mapper (it reads the input schemas)
     * @param validator checks each call's arguments against its tool's input schema
     * @param redactor masks the server's secrets in error messages
     * @throws IllegalArgumentException if {@code budget} is not in 1..{@value #MAX_BUDGET}
     */
    McpTools(RagInstance instance, int budget, McpJsonMapper mapper, JsonSchemaValidator validator, Redactor redactor) {
        checkBudget(budget);
        this.instance = Objects.requireNonNull(instance, "instance");
        this.budget = budget;
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.validator = Objects.requireNonNull(validator, "validator");
        this.redactor = Objects.requireNonNull(redactor, "redactor");
    }

    /**
     * Fails unless {@code budget} is 1 to {@value #MAX_BUDGET}.
     *
     * @throws IllegalArgumentException naming the range
     */
    static void checkBudget(int budget) {
        AskCommand.require(budget >= 1 && budget <= MAX_BUDGET,
                "--budget for mcp must be 1 to " + MAX_BUDGET + " tokens, was " + budget);
    }

    /** Both tools, {@value #SELECT_CONTEXT} first. */
    List<SyncToolSpecification> specifications() {
        return List.of(tool(selectContextTool(), this::selectContext), tool(askTool(), this::ask));
    }

    /** {@value #SELECT_CONTEXT}: its description and input schema {@code {question, budget?}}. */
    McpSchema.Tool selectContextTool() {
        return McpSchema.Tool.builder(SELECT_CONTEXT, mapper, schema(String.format(Locale.ROOT, """
                        "budget": {"type": "integer", "minimum": 1, "maximum": %d,
                          "description": "Most tokens of context (p50k_base), 1 to %d. Default: %d (the server's --budget)."}""",
                        MAX_BUDGET, MAX_BUDGET, budget)))
                .title("Select cited context")
                .description("The passages of the server's documents that best answer a question, within a token budget "
                        + "(p50k_base tokens), each numbered [n] with its source file, page (PDFs), chunk id and text. Use "
                        + "them to ground your own answer and cite them by [n].")
                .build();
    }

    /** {@value #ASK}: its description and input schema {@code {question}}. */
    McpSchema.Tool askTool() {
        return McpSchema.Tool.builder(ASK, mapper, schema(null)).title("Answer with citations")
                .description("The server's answer to a question from its documents, with numbered citations [n] "
                        + "(source file, page, chunk id, quote), from a context of at most " + budget + " tokens. When "
                        + "the documents do not answer it, the text is \"" + Answer.NOT_ANSWERED + "\" and the "
                        + "structured result has abstained: true (with the closest passage, if the answerer found one).")
                .build();
    }

    /** The input schema: a question, and the given property beside it if any; nothing else. */
    private static String schema(String more) {
        return String.format(Locale.ROOT, """
                {"type": "object",
                 "properties": {
                   "question": {"type": "string", "minLength": 1, "maxLength": %d,
                     "description": "The question, in natural language."}%s
                 },
                 "required": ["question"],
                 "additionalProperties": false}""", MAX_QUESTION, more == null ? "" : ",\n" + more);
    }

    private SyncToolSpecification tool(McpSchema.Tool tool, Function<Map<String, Object>, CallToolResult> handler) {
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
            String usage = tool.name() + " takes {\"question\": \"<text>\""
                    + (tool.name().equals(SELECT_CONTEXT) ? ", \"budget\": <whole number 1 to " + MAX_BUDGET
                    + ", optional, default " + budget + ">" : "") + "}";
            JsonSchemaValidator.ValidationResponse check = validator.validate(tool.inputSchema(), args);
            if (!check.valid()) {
                return error(tool.name() + ": bad arguments: " + check.errorMessage() + ". Call it again: " + usage + ".");
            }
            if (((String) args.get("question")).isBlank()) {
                return error(tool.name() + ": the question is blank. Call it again: " + usage + ".");
            }
            try {
                return handler.apply(args);
            } catch (RagException | IllegalArgumentException | IllegalStateException e) {
                return error(tool.name() + " failed: " + e.getMessage());
            } catch (RuntimeException e) {
                return error(tool.name() + " failed (" + e.getClass().getSimpleName() + "): " + e.getMessage());
            }
        }).build();
    }

    private CallToolResult error(String message) {
        return CallToolResult.builder().addTextContent(text(message)).isError(true).build();
    }

    private String text(String s) {
        return Terminal.clean(redactor.apply(s));
    }

    /**
     * {@value #SELECT_CONTEXT}: the text lists the passages as {@code [n] source, p. N (chunk id)} followed by
     * the text; the structured content has {@code question, tokens, budget, passages[{number, source, page,
     * chunkId, tokens, score, metadata, text}]}.
     */
    CallToolResult selectContext(Map<String, Object> args) {
        String question = ((String) args.get("question")).strip();
        int limit = args.get("budget") == null ? budget : ((Number) args.get("budget")).intValue();
        Context context = instance.selectContext(Query.of(question), limit);
        ObjectNode root = JSON.createObjectNode();
        root.put("question", question);
        root.put("tokens", context.tokens());
        root.put("budget", context.budget());
        ArrayNode passages = root.putArray("passages");
        StringBuilder out = new StringBuilder();
        int number = 0;
        for (ScoredChunk s : context.chunks()) {
            number++;
            ObjectNode n = passages.addObject().put("number", number);
            AskCommand.chunkJson(n, s).put("text", s.chunk().text());
            out.append('[').append(number).append("] ").append(Citation.of(number, s.chunk(), "").location())
                    .append(" (chunk ").append(s.id()).append(")\n").append(s.chunk().text().strip()).append("\n\n");
        }
        out.append(String.format(Locale.ROOT, "(context: %d of %d tokens from %d passage(s))",
                context.tokens(), context.budget(), context.chunks().size()));
        return result(out.toString(), root);
    }

    /**
     * {@value #ASK}: the text is the answer, its sources and the context's size, as {@code astrorag ask} prints
     * them (a warning first if the answer cites nothing); the structured content is {@code astrorag ask --json}'s
     * answer, citations and context, with {@code abstained} ({@code true} when the documents do not answer the question:
     * then the text is {@link Answer#NOT_ANSWERED}, nothing is cited, and {@code closestPassage} holds the passage the
     * extractive answerer found closest, with its support).
     */
    CallToolResult ask(Map<String, Object> args) {
        Answer answer = instance.ask(Query.of(((String) args.get("question")).strip()));
        StringWriter out = new StringWriter();
        PrintWriter w = new PrintWriter(out);
        if (answer.uncited()) {
            w.println("warning: " + AskCommand.UNCITED_WARNING);
        }
        AskCommand.printText(w, answer, true);
        w.flush();
        return result(out.toString().strip(), AskCommand.answerJson(answer));
    }

    private CallToolResult result(String text, ObjectNode structured) {
        Map<?, ?> content = JSON.convertValue(structured, Map.class);
        return CallToolResult.builder().addTextContent(text(text)).structuredContent(content).isError(false).build();
    }
}
