package io.github.astrorag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code astrorag mcp}: a Model Context Protocol server over stdio. The documents are ingested once at
 * start (progress on stderr); then the server answers {@code select_context} and {@code ask} calls
 * ({@link McpTools}) on stdin/stdout until stdin ends, answers the requests already read
 * ({@link StdioSession}), and closes the instance (deleting its index). A line that is not a JSON-RPC message
 * is answered with its error and never reaches the SDK's transport ({@link JsonRpcLineGuard}).
 * Stdout carries the protocol only: for as long as the command runs, {@code System.out} writes go to
 * stderr, as do logging and progress bars.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve documents to an AI assistant over the Model Context Protocol (MCP, stdio).",
            "The documents are ingested once at start (progress on stderr); stdout carries the protocol only.",
            "Tools: select_context {question, budget?}: the passages within the budget (default --budget, at "
                    + "most " + McpTools.MAX_BUDGET + ") with their citations (source, page, chunk id, text); "
                    + "ask {question}: the answer with citations.",
            "A call with bad arguments gets a tool error saying what to send; the server goes on.",
            "A line that is not a JSON-RPC message gets a JSON-RPC error (-32700 not JSON, -32600 not a message or longer "
                    + "than 4 MiB) and one warning on stderr; the server goes on.",
            "The server stops when stdin ends, once the calls already read are answered (at most 120 s), deleting its index."},
        footer = {"", "Examples:",
            "  astrorag mcp --docs rag-examples/samples",
            "  astrorag mcp --docs papers/ notes.md --budget 800 --preset astrorag",
            "  astrorag mcp --docs book/ --embedder tei --embed-url http://127.0.0.1:8080",
            "", "An assistant's configuration (e.g. the 'mcpServers' entry of a desktop assistant):",
            "  {\"mcpServers\": {\"astrorag\": {\"command\": \"java\",",
            "    \"args\": [\"-jar\", \"/path/to/astrorag.jar\", \"mcp\", \"--docs\", \"/path/to/docs\"]}}}"})
public final class McpCommand implements Callable<Integer> {

    @Option(names = "--docs", arity = "1..*", required = true, paramLabel = "PATH",
            description = "Files or folders to serve (${sys:astrorag.kinds}; folders are read recursively; each must exist).")
    List<String> docs;

    @Option(names = "--verbose", description = "Show stack traces on errors at start.")
    boolean verbose;

    @Mixin
    InstanceOptions instanceOptions = new InstanceOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintStream protocol = System.out;
        // whatever writes to System.out from here on (a library, a stray print) lands on stderr, not in the protocol
        System.setOut(System.err);
        try {
            AskCommand.require(!instanceOptions.pipeline.stream, "--stream does not apply to mcp: a tool call returns the whole answer");
            int budget = instanceOptions.pipeline.budget == null ? TokenBudgetSelector.DEFAULT_BUDGET : instanceOptions.pipeline.budget;
            McpTools.checkBudget(budget);
            List<Path> paths = OpenInstance.existing(docs, "mcp", "");
            PrintWriter err = spec.commandLine().getErr();
            try (OpenInstance opened = OpenInstance.open(paths, instanceOptions, err)) {
                RagInstance instance = opened.instance();
                McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
                McpTools tools = new McpTools(instance, budget, mapper, new DefaultJsonSchemaValidator(), redactor());
                err.printf("astrorag mcp: serving %d document(s), %d chunk(s), budget %d tokens: tools %s and %s on "
                        + "stdin/stdout until stdin ends%n", instance.documents().size(), instance.chunkCount(), budget,
                        McpTools.SELECT_CONTEXT, McpTools.ASK);
                err.flush();
                serve(tools, mapper, System.in, protocol, instructions(instance));
                err.println("astrorag mcp: stdin ended: stopping");
                err.flush();
            }
            return 0;
        } finally {
            System.setOut(protocol);
        }
    }

    /**
     * Serves {@code tools} over the stdio transport on {@code in} and {@code out} and returns once {@code in}
     * has ended (or failed), the requests read before have their responses ({@link StdioSession}, at most
     * {@link StdioSession#DRAIN}), and the server has closed.
     *
     * @param tools the tools to serve
     * @param mapper the JSON mapper of the protocol
     * @param in the client's requests (stdin)
     * @param out where the protocol goes (stdout): nothing else may write there meanwhile
     * @param instructions what the server tells the client it is for
     * @throws InterruptedException if interrupted while waiting for the end of {@code in}
     */
    static void serve(McpTools tools, McpJsonMapper mapper, InputStream in, OutputStream out, String instructions)
            throws InterruptedException {
        StdioSession session = new StdioSession(in, out, StdioSession.DRAIN, new JsonRpcLineGuard(mapper, java.util.Set.of(McpTools.ASK, McpTools.SELECT_CONTEXT)));
        // the session bounds the lines (JsonRpcLineGuard.MAX_LINE bytes) before re-serialising them: no second limit
        // its responses are queued from one thread: see SerialSendTransportProvider
        SerialSendTransportProvider transport = new SerialSendTransportProvider(
                new StdioServerTransportProvider(mapper, session.in(), session.out(), Integer.MAX_VALUE));
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("astrorag", new AstroRagCommand.Version().getVersion()[0].replace("astrorag ", ""))
                .instructions(instructions)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                // McpTools checks the arguments against the same schemas, with a message saying what to send
                .validateToolInputs(false)
                .tools(tools.specifications())
                .build();
        try {
            session.awaitEnd();
        } finally {
            server.closeGracefully();
        }
    }

    private static String instructions(RagInstance instance) {
        List<String> names = new ArrayList<>();
        for (Document d : instance.documents()) {
            names.add(d.source());
        }
        String shown = names.size() <= 20 ? String.join(", ", names) : String.join(", ", names.subList(0, 20)) + ", …";
        return "Answers questions from " + names.size() + " document(s) (" + shown + "). Call select_context for cited "
                + "passages to answer from yourself, or ask for the server's own cited answer.";
    }

    /** The secrets of the options that name environment variables, masked in tool errors. */
    private Redactor redactor() {
        List<String> secrets = new ArrayList<>();
        for (String variable : new String[] {instanceOptions.pipeline.apiKeyEnv, instanceOptions.pipeline.embedding.apiKeyEnv,
            instanceOptions.index.apiKeyEnv, instanceOptions.index.passwordEnv}) {
            if (variable != null) {
                secrets.add(Secrets.looksLikeSecret(variable) ? variable : System.getenv(variable));
            }
        }
        return Redactor.of(secrets);
    }
}
