package io.github.astrorag.examples.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code astrorag ask}: one question over documents, on its own transient index. */
@Command(name = "ask", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer a question from documents (.txt, .md, .pdf; folders are read recursively).",
            "The documents are indexed for this question only; the index is deleted before the command exits."},
        footer = {"", "Examples:",
            "  astrorag ask --docs rag-examples/samples \"What resolving power does the spectrograph reach?\"",
            "  astrorag ask --docs notes.pdf --budget 300 --json \"When does Halley's Comet return?\"",
            "  astrorag ask --docs book/ --option A=Mercury --option B=Venus \"Which planet is hottest?\""})
public final class AskCommand implements Callable<Integer> {

    @Option(names = "--docs", arity = "1..*", required = true, paramLabel = "PATH",
            description = "Files or folders to answer from (one or more; put the question after them).")
    List<Path> docs;

    @Parameters(arity = "0..*", paramLabel = "QUESTION", description = "The question (several words are joined).")
    List<String> question = new java.util.ArrayList<>();

    @Option(names = "--option", paramLabel = "LETTER=TEXT",
            description = "A multiple-choice option (repeat for each); the answer then names one letter.")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--json", description = "Print one JSON object (answer, citations, context, trace, index).")
    boolean json;

    @Option(names = "--verbose", description = "Show stack traces on errors.")
    boolean verbose;

    @Mixin
    PipelineOptions pipelineOptions = new PipelineOptions();

    @Mixin
    IndexOptions indexOptions = new IndexOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        takeQuestionFromDocs();
        String text = String.join(" ", question).strip();
        Query query = options.isEmpty() ? Query.of(text) : Query.withOptions(text, options);
        EphemeralIndexFactory indexes = indexOptions.factory();
        Answer answer;
        String indexName;
        String indexKind;
        boolean deleted;
        try (AutoCloseable closeIndexes = () -> {
                if (indexes instanceof AutoCloseable c) {
                    c.close();
                }
            };
             Progress progress = Progress.forIngest(docs.size());
             RagInstance instance = Presets.build(pipelineOptions, indexes).open(docs, progress)) {
            progress.close();
            indexName = instance.indexName();
            indexKind = instance.indexKind();
            if (pipelineOptions.stream && !json) {
                answer = instance.ask(query, token -> {
                    out.print(token);
                    out.flush();
                });
                out.println();
            } else {
                answer = instance.ask(query);
            }
            instance.close();
            deleted = instance.isClosed();
        }
        if (json) {
            out.println(JSON.writeValueAsString(toJson(answer, indexKind, indexName, deleted)));
        } else {
            printText(out, answer, !pipelineOptions.stream);
        }
        out.flush();
        return 0;
    }

    private static void printText(PrintWriter out, Answer answer, boolean printAnswer) {
        if (printAnswer) {
            out.println(answer.text());
        }
        if (!answer.citations().isEmpty()) {
            out.println();
            out.println("Sources:");
            for (Citation c : answer.citations()) {
                out.printf("  [%d] %s, chunk %s: \"%s\"%n", c.number(), c.location(), c.chunkId(),
                        c.quote().replaceAll("\\s+", " "));
            }
        }
        out.printf("%n(context: %d of %d tokens from %d chunk(s))%n", answer.context().tokens(),
                answer.context().budget(), answer.context().chunks().size());
    }

    /**
     * {@code --docs a b How far is it?}: picocli hands the question's words to --docs; take the trailing
     * words that name no file back as the question.
     */
    private void takeQuestionFromDocs() {
        if (question.isEmpty()) {
            java.util.LinkedList<String> words = new java.util.LinkedList<>();
            while (docs.size() > 1 && !java.nio.file.Files.exists(docs.get(docs.size() - 1))) {
                words.addFirst(docs.remove(docs.size() - 1).toString());
            }
            question = words;
        }
        require(!question.isEmpty(), "no question given: put it after the document paths, e.g. "
                + "astrorag ask --docs notes.md \"What is ...?\"");
    }

    static ObjectNode toJson(Answer answer, String indexKind, String indexName, boolean deleted) {
        ObjectNode root = JSON.createObjectNode();
        root.put("question", answer.question());
        root.put("answer", answer.text());
        if (answer.choice() != null) {
            root.put("choice", answer.choice());
        }
        ArrayNode citations = root.putArray("citations");
        for (Citation c : answer.citations()) {
            ObjectNode n = citations.addObject();
            n.put("number", c.number());
            n.put("source", c.source());
            if (c.page() == null) {
                n.putNull("page");
            } else {
                n.put("page", c.page());
            }
            n.put("chunkId", c.chunkId());
            n.put("quote", c.quote());
        }
        ObjectNode context = root.putObject("context");
        context.put("tokens", answer.context().tokens());
        context.put("budget", answer.context().budget());
        ArrayNode chunks = context.putArray("chunks");
        for (ScoredChunk s : answer.context().chunks()) {
            ObjectNode n = chunks.addObject();
            n.put("id", s.id());
            n.put("source", s.chunk().source());
            if (s.chunk().page() == null) {
                n.putNull("page");
            } else {
                n.put("page", s.chunk().page());
            }
            n.put("tokens", s.chunk().tokens());
            n.put("score", s.score());
        }
        Trace trace = answer.trace();
        ObjectNode t = root.putObject("trace");
        ArrayNode stages = t.putArray("stages");
        for (Trace.Stage s : trace.stages()) {
            ObjectNode n = stages.addObject();
            n.put("name", s.name());
            n.put("millis", Math.round(s.millis() * 1000) / 1000.0);
            n.set("candidates", JSON.valueToTree(s.candidates()));
            n.set("details", JSON.valueToTree(s.details()));
        }
        t.set("config", JSON.valueToTree(trace.config()));
        t.set("contextDetails", JSON.valueToTree(answer.context().details()));
        ObjectNode index = root.putObject("index");
        index.put("kind", indexKind);
        index.put("name", indexName);
        index.put("deleted", deleted);
        return root;
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
