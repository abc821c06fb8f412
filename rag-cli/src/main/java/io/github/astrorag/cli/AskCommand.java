package io.github.astrorag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code astrorag ask}: one question over documents, on its own ephemeral index. */
@Command(name = "ask", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answer a question from documents (${sys:astrorag.kinds}; folders are read recursively).",
            "The documents are indexed for this question only; the index is deleted before the command exits."},
        footer = {"", "Examples:",
            "  astrorag ask --docs rag-examples/samples \"What resolving power does the spectrograph reach?\"",
            "  astrorag ask --docs notes.pdf --budget 300 --json \"When does Halley's Comet return?\"",
            "  astrorag ask --docs papers/ --filter type=pdf --filter type=md \"What limits the resolving power?\"",
            "  astrorag ask --docs book/ --option A=Mercury --option B=Venus \"Which planet is hottest?\""})
public final class AskCommand implements Callable<Integer> {

    @Option(names = "--docs", arity = "1..*", required = true, paramLabel = "PATH",
            description = "Files or folders to answer from (one or more, each must exist); the question follows them "
                    + "as ONE quoted argument, or after --.")
    List<String> docs;

    @Parameters(arity = "0..1", paramLabel = "QUESTION", description = "The question, one (quoted) argument.")
    String question;

    @Option(names = "--option", paramLabel = "LETTER=TEXT",
            description = "A multiple-choice option (repeat for each, each letter once); the answer then names one letter.")
    List<String> optionSpecs = new java.util.ArrayList<>();

    @Option(names = "--filter", paramLabel = "KEY=VALUE",
            description = {"Answer only from chunks whose metadata has KEY=VALUE (repeat: the same key twice allows either "
                    + "value, different filters must all hold). Also KEY!=VALUE (a chunk without KEY matches), KEY>N, "
                    + "KEY>=N, KEY<N, KEY<=N (the value read as a number), A|B (either), !A (not). Keys the loaders fill: "
                    + "source (file name), type (txt, md, pdf), page (PDF page), modified (ISO-8601 UTC, e.g. "
                    + "2024-05-01T09:30:00Z). A key no document has is a warning, and its conditions match no chunk."})
    List<String> filters = new java.util.ArrayList<>();

    @Option(names = "--json", description = "Print one JSON object (answer, citations, context, trace, index).")
    boolean json;

    @Option(names = "--verbose", description = "Show stack traces on errors and, when the documents do not answer the "
            + "question, the closest passage and its support.")
    boolean verbose;

    @Mixin
    InstanceOptions instanceOptions = new InstanceOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Path> paths = documents();
        require(!(json && instanceOptions.pipeline.stream), "--stream prints the answer as it is written; it does not apply with --json");
        Map<String, String> options = options();
        String text = question.strip();
        Query query = (options.isEmpty() ? Query.of(text) : Query.withOptions(text, options)).withFilter(filter(filters));
        Answer answer;
        String indexName;
        String indexKind;
        boolean deleted;
        try (OpenInstance opened = OpenInstance.open(paths, instanceOptions, spec.commandLine().getErr())) {
            RagInstance instance = opened.instance();
            List<String> unmatched = checkFilter(query.filter(), instance.chunks());
            if (!unmatched.isEmpty()) {
                PrintWriter err = spec.commandLine().getErr();
                unmatched.forEach(w -> err.println("astrorag: warning: " + Terminal.message(w)));
                err.flush();
            }
            indexName = instance.indexName();
            indexKind = instance.indexKind();
            if (instanceOptions.pipeline.stream && !json) {
                answer = instance.ask(query, token -> {
                    out.print(Terminal.clean(token));
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
            printText(out, answer, !instanceOptions.pipeline.stream, verbose);
            if (answer.uncited()) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("astrorag: warning: " + UNCITED_WARNING);
                err.flush();
            }
        }
        out.flush();
        return 0;
    }

    /** The warning of an answer that cites nothing although passages were given. */
    static final String UNCITED_WARNING = "the answer cites none of the passages: it may not come from the documents";

    static void printText(PrintWriter out, Answer answer, boolean printAnswer) {
        printText(out, answer, printAnswer, false);
    }

    /**
     * Prints the answer (unless streamed), its sources, and the context's size and timing; for an abstention with
     * {@code closest}, the passage that came closest to answering, with its support, after the answer.
     */
    static void printText(PrintWriter out, Answer answer, boolean printAnswer, boolean closest) {
        if (printAnswer) {
            out.println(Terminal.clean(answer.text()));
        }
        Map<?, ?> passage = closestPassage(answer);
        if (closest && passage != null) {
            Object support = generateDetails(answer).get(ExtractiveGenerator.SUPPORT);
            out.println();
            out.printf(Locale.ROOT, "Closest passage (support %.3f, below %s): [%s] chunk %s: \"%s\"%n",
                    support instanceof Number n ? n.doubleValue() : Double.NaN,
                    generateDetails(answer).get(ExtractiveGenerator.MIN_SUPPORT), passage.get("number"),
                    Terminal.oneLine(String.valueOf(passage.get("chunkId"))),
                    Terminal.oneLine(String.valueOf(passage.get("text"))));
        }
        if (!answer.citations().isEmpty()) {
            out.println();
            out.println("Sources:");
            for (Citation c : answer.citations()) {
                out.printf("  [%d] %s, chunk %s: \"%s\"%n", c.number(), Terminal.oneLine(c.location()),
                        Terminal.oneLine(c.chunkId()), Terminal.oneLine(c.quote()));
            }
        }
        out.printf("%n(context: %d of %d tokens from %d chunk(s))%n", answer.context().tokens(),
                answer.context().budget(), answer.context().chunks().size());
        out.println(timing(answer.trace()));
    }

    /**
     * The document paths, each of which must exist. Without a positional question, picocli hands the
     * question to {@code --docs} (it takes every argument up to the next option): the last value is then
     * the question. A value that names nothing is an error naming it; one that starts with {@code -} is
     * an unknown option.
     */
    private List<Path> documents() {
        List<String> values = new java.util.ArrayList<>(docs);
        if (question == null && values.size() > 1) {
            question = values.remove(values.size() - 1);
        }
        require(question != null, "no question given: put it after the document paths as one quoted argument, e.g. "
                + "astrorag ask --docs notes.md \"What is ...?\"");
        return OpenInstance.existing(values, "ask", " (give the question as ONE quoted argument after the paths, or after --)");
    }

    /** The {@code --option} values as letter to text; a malformed one or a letter given twice is an error. */
    private Map<String, String> options() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String spec : optionSpecs) {
            int eq = spec.indexOf('=');
            require(eq > 0, "--option must be LETTER=TEXT, e.g. --option A=Mercury, was '" + spec + "'");
            String letter = spec.substring(0, eq).strip();
            require(out.put(letter, spec.substring(eq + 1)) == null, "--option " + letter + " was given twice");
        }
        return out;
    }

    /** The closing line of the text output: where the time went. */
    static String timing(Trace trace) {
        String cache = trace.ingest().stream().filter(s -> s.name().equals("embed")).findFirst()
                .filter(s -> s.details().get("cache") instanceof Map)
                .map(s -> String.format(java.util.Locale.ROOT, ", %s of %s chunk vectors from the cache",
                        s.details().get("cacheHits"), s.details().get("texts")))
                .orElse("");
        return String.format(java.util.Locale.ROOT, "(time: ingest %.0f ms%s, question %.0f ms)",
                trace.ingestMillis(), cache, trace.questionMillis());
    }

    /** A stage's name, time and details (the caller adds what else it has). */
    private static ObjectNode stage(ArrayNode into, Trace.Stage s) {
        ObjectNode n = into.addObject();
        n.put("name", s.name());
        n.put("millis", microsRounded(s.millis()));
        n.set("details", JSON.valueToTree(s.details()));
        return n;
    }

    private static double microsRounded(double millis) {
        return Math.round(millis * 1000) / 1000.0;
    }

    /**
     * The filter of {@code --filter} options, all of which must hold. One option is {@code A|B|...} (either holds), each
     * {@code !F} (F does not hold) or {@code KEY OP VALUE} with {@code OP} one of {@code =}, {@code !=} (a chunk without
     * the key matches), {@code >}, {@code >=}, {@code <}, {@code <=} (the metadata value read as a decimal number).
     * Plain {@code KEY=VALUE} options of one key allow either value ({@code key in {..}}), as before. White space rule:
     * the key and the value are each stripped of the white space around them, so {@code ' type = pdf\n'} is
     * {@code type=pdf}; white space inside a value is kept. Fails with {@link IllegalArgumentException} naming a
     * malformed option (no operator, an empty key or value once stripped, a bound that is not a number).
     */
    static MetadataFilter filter(List<String> specs) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        MetadataFilter rest = MetadataFilter.NONE;
        for (String spec : specs) {
            String[] alternatives = spec.split("\\|", -1);
            if (alternatives.length == 1 && !spec.strip().startsWith("!")) {
                String[] kv = split(spec, spec);
                if (kv[1].equals("=")) {
                    values.computeIfAbsent(kv[0], k -> new LinkedHashSet<>()).add(kv[2]);
                    continue;
                }
            }
            MetadataFilter either = null;
            for (String alternative : alternatives) {
                MetadataFilter one = single(alternative, spec);
                either = either == null ? one : either.or(one);
            }
            rest = rest.and(either);
        }
        MetadataFilter filter = MetadataFilter.NONE;
        for (Map.Entry<String, Set<String>> e : values.entrySet()) {
            filter = filter.and(e.getKey()).in(e.getValue());
        }
        return filter.and(rest);
    }

    /** One alternative of {@code spec}: {@code !F} or {@code KEY OP VALUE}. */
    private static MetadataFilter single(String alternative, String spec) {
        String a = alternative.strip();
        if (a.startsWith("!") && !a.startsWith("!=")) {
            return MetadataFilter.not(single(a.substring(1), spec));
        }
        String[] kv = split(a, spec);
        MetadataFilter.Key key = MetadataFilter.where(kv[0]);
        try {
            return switch (kv[1]) {
                case "=" -> key.is(kv[2]);
                case "!=" -> key.isNot(kv[2]);
                case ">" -> key.greaterThan(kv[2]);
                case ">=" -> key.atLeast(kv[2]);
                case "<" -> key.lessThan(kv[2]);
                default -> key.atMost(kv[2]);
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--filter '" + spec + "': " + e.getMessage(), e);
        }
    }

    /** {@code KEY OP VALUE} as its stripped key, operator and stripped value. */
    private static String[] split(String text, String spec) {
        int at = -1;
        for (int i = 0; i < text.length() && at < 0; i++) {
            if ("=!<>".indexOf(text.charAt(i)) >= 0) {
                at = i;
            }
        }
        String op = at < 0 ? "" : text.startsWith("!=", at) || text.startsWith(">=", at) || text.startsWith("<=", at)
                ? text.substring(at, at + 2) : text.substring(at, at + 1);
        boolean ok = at > 0 && !op.equals("!") && !text.substring(0, at).isBlank() && !text.substring(at + op.length()).isBlank();
        require(ok, "--filter '" + spec + "' is not KEY=VALUE (nor KEY!=VALUE, KEY>N, KEY>=N, KEY<N, KEY<=N, A|B, !A; "
                + "e.g. --filter type=pdf)");
        return new String[] {text.substring(0, at).strip(), op, text.substring(at + op.length()).strip()};
    }

    /** The most values of a key a warning lists. */
    private static final int LISTED_VALUES = 10;

    /**
     * Checks {@code filter} against the metadata of the ingested {@code chunks} and returns the warnings, one line each:
     * a key that no chunk has (the unknown-key rule of every path: not refused; the ask's trace names it too, and its
     * conditions match no chunk, its exclusions every chunk), naming the keys there are; a value of an equality or
     * membership condition that no chunk has under its key, naming up to {@value #LISTED_VALUES} values there are.
     * O(chunks · keys).
     *
     * @return the warnings, empty when every key and value matches some chunk
     */
    static List<String> checkFilter(MetadataFilter filter, List<Chunk> chunks) {
        if (filter.isEmpty()) {
            return List.of();
        }
        Map<String, Set<String>> seen = new TreeMap<>();
        for (Chunk c : chunks) {
            c.metadata().forEach((k, v) -> seen.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
        }
        List<String> warnings = new ArrayList<>();
        for (String key : filter.keys()) {
            if (!seen.containsKey(key)) {
                warnings.add("--filter key '" + key + "' is in no document's metadata, so its conditions match no chunk;"
                        + " the keys there are: " + (seen.isEmpty() ? "none" : String.join(", ", seen.keySet())));
            }
        }
        for (MetadataFilter.Clause clause : filter.conditions()) {
            Set<String> there = clause instanceof MetadataFilter.Condition c ? seen.get(c.key()) : null;
            if (there == null) {
                continue;
            }
            MetadataFilter.Condition c = (MetadataFilter.Condition) clause;
            for (String v : c.values()) {
                if (!there.contains(v)) {
                    String listed = there.stream().limit(LISTED_VALUES).collect(Collectors.joining(", "));
                    warnings.add("--filter " + c.key() + "=" + v + " matches no chunk; " + c.key() + " has: " + listed
                            + (there.size() > LISTED_VALUES ? ", … (" + there.size() + " values)" : ""));
                }
            }
        }
        return warnings;
    }

    /** The answer, its citations and its context's chunks (id, source, page, tokens, score, metadata). */
    static ObjectNode answerJson(Answer answer) {
        ObjectNode root = JSON.createObjectNode();
        root.put("question", answer.question());
        root.put("answer", answer.text());
        root.put("uncited", answer.uncited());
        root.put("abstained", answer.abstained());
        Map<?, ?> passage = closestPassage(answer);
        if (passage != null) {
            ObjectNode closest = root.putObject("closestPassage");
            closest.set("passage", JSON.valueToTree(passage));
            closest.set("support", JSON.valueToTree(generateDetails(answer).get(ExtractiveGenerator.SUPPORT)));
        }
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
            n.set("metadata", JSON.valueToTree(c.metadata()));
        }
        ObjectNode context = root.putObject("context");
        context.put("tokens", answer.context().tokens());
        context.put("budget", answer.context().budget());
        ArrayNode chunks = context.putArray("chunks");
        for (ScoredChunk s : answer.context().chunks()) {
            chunkJson(chunks.addObject(), s);
        }
        return root;
    }

    /** The generate stage's trace details, empty without that stage. */
    private static Map<String, Object> generateDetails(Answer answer) {
        return answer.trace().stage("generate").map(Trace.Stage::details).orElse(Map.of());
    }

    /** For an abstention, the passage its generator found closest to answering (text, chunkId, number), else null. */
    static Map<?, ?> closestPassage(Answer answer) {
        Object passage = generateDetails(answer).get(ExtractiveGenerator.CLOSEST_PASSAGE);
        return answer.abstained() && passage instanceof Map<?, ?> m ? m : null;
    }

    /** Fills {@code n} with a chunk's id, source, page (null without pages), tokens, score and metadata. */
    static ObjectNode chunkJson(ObjectNode n, ScoredChunk s) {
        n.put("id", s.id());
        n.put("source", s.chunk().source());
        if (s.chunk().page() == null) {
            n.putNull("page");
        } else {
            n.put("page", s.chunk().page());
        }
        n.put("tokens", s.chunk().tokens());
        n.put("score", s.score());
        n.set("metadata", JSON.valueToTree(s.chunk().metadata()));
        return n;
    }

    static ObjectNode toJson(Answer answer, String indexKind, String indexName, boolean deleted) {
        ObjectNode root = answerJson(answer);
        Trace trace = answer.trace();
        ObjectNode t = root.putObject("trace");
        ArrayNode stages = t.putArray("stages");
        for (Trace.Stage s : trace.stages()) {
            stage(stages, s).set("candidates", JSON.valueToTree(s.candidates()));
        }
        t.set("config", JSON.valueToTree(trace.config()));
        ArrayNode ingest = t.putArray("ingest");
        for (Trace.Stage s : trace.ingest()) {
            stage(ingest, s);
        }
        t.put("ingestMillis", microsRounded(trace.ingestMillis()));
        t.put("questionMillis", microsRounded(trace.questionMillis()));
        t.put("totalMillis", microsRounded(trace.ingestMillis() + trace.questionMillis()));
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
