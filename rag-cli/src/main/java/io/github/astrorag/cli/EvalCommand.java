package io.github.astrorag.cli;

import io.github.astrorag.eval.Bootstrap;
import io.github.astrorag.eval.EvalDataset;
import io.github.astrorag.eval.EvalQuestion;
import io.github.astrorag.eval.EvalRunner;
import io.github.astrorag.eval.EvalSettings;
import io.github.astrorag.eval.MetricNames;
import io.github.astrorag.eval.ReportWriter;
import io.github.astrorag.eval.RunInfo;
import io.github.astrorag.eval.PipelineRegistry;
import io.github.astrorag.eval.PipelineRun;
import io.github.astrorag.eval.PipelineSummary;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.Role;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code astrorag eval}: runs named pipelines ({@code --pipelines}, from a {@link PipelineRegistry}) on an evaluation
 * data set and writes results.json, instances.jsonl, report.md and report.png (and abstention.png when the run holds
 * questions to abstain on and the traces report support scores). Register it under the CLI root with
 * {@code commandLine.addSubcommand(new EvalCommand(pipelines, parts))} (or by class, which uses
 * {@link PipelineRegistry#defaults()} and {@link PartRegistry#installed()}). {@code --selectors}, the option's
 * former name, is still accepted and not shown in the help.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
                "Measures pipelines (retrieval and context selection) on a JSON-lines data set (schema: docs/evaluation.md): "
                        + "every pipeline answers the same instances, each instance with its own ephemeral index, as a user's "
                        + "question would run.",
                "Prints a table (and one per instance type when there are several) and writes results.json, "
                        + "instances.jsonl, report.md and report.png (grouped bars with 95%% bootstrap intervals) into --out; "
                        + "a run with answerable questions and questions to abstain on (unanswerable, --off-corpus) also "
                        + "reports the abstention trade-off (abstention.png). A failing instance is reported and counted, not fatal.",
                "For data sets whose questions share a corpus folder (SQuAD, AstroQA) use --reuse-corpus-index: "
                        + "without it the whole corpus is embedded again for every question."},
        footer = {"", "Examples (DATA: the folder of the evaluation data files, see docs/evaluation.md):",
                "  astrorag eval --data DATA/hotpotqa-dev.jsonl --limit 50 --pipelines naive,rrf,default",
                "  astrorag eval --data DATA/astroqa-dev.jsonl --sample 200 --reuse-corpus-index",
                "  astrorag eval --data DATA/squad2-dev.jsonl --data DATA/squad2-unanswerable-dev.jsonl --sample 400 --reuse-corpus-index",
                "  astrorag eval --data DATA/squad2-dev.jsonl --off-corpus 7 --sample 200 --reuse-corpus-index"})
public final class EvalCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE",
            description = "The data set: a .jsonl file, one instance a line (id, type, question, answers, documents "
                    + "or corpus, supporting, options, answer_key). Give it again to run several files as one set "
                    + "(e.g. answerable and unanswerable questions), file by file; ids must differ.")
    List<Path> data;

    @Option(names = "--limit", paramLabel = "N", description = "Read only the first N instances of each file, N >= 1 (default: all).")
    Integer limit;

    @Option(names = "--off-corpus", paramLabel = "SEED",
            description = "Ask every question read over documents that cannot answer it (type off-corpus, no gold "
                    + "answer): another instance's corpus folder, or another instance's documents, drawn with SEED; "
                    + "before --sample. Measures correct abstention.")
    Long offCorpus;

    @Option(names = "--keep-originals",
            description = "With --off-corpus: keep the questions as read too, before their off-corpus copies, so one "
                    + "run measures both abstention rates and their trade-off.")
    boolean keepOriginals;

    @Option(names = "--sample", paramLabel = "N",
            description = "Run a random sample of N of the instances read, drawn with --seed, kept in file order.")
    Integer sample;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seed of --sample and of the bootstrap intervals (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--fold", paramLabel = "I/K",
            description = "Run only fold I of K (0 <= I < K): the instances, after --limit and --sample, at positions "
                    + "I, I+K, I+2K, ... For 2-fold cross-validation: choose a setting on --fold 0/2, report it on --fold 1/2, "
                    + "and the other way round.")
    String fold;

    @Option(names = "--pipelines", paramLabel = "PRESETS", defaultValue = PipelineRegistry.DEFAULT_PIPELINE,
            description = "Comma-separated presets to compare, in report order, each with its settings "
                    + "(name[:key=value,...]; an item key=value continues the settings of the preset before it, as in "
                    + "naive,weighted:bm25-weight=0.4,default): ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). "
                    + "Multiple-choice data adds the rows 'chance' and 'no-retrieval'.",
            completionCandidates = Names.Presets.class)
    String pipelines;

    /** The former name of {@code --pipelines}, kept so that earlier command lines still run; hidden from the help. */
    @Option(names = "--selectors", paramLabel = "PRESETS", hidden = true)
    String selectors;

    /** Parts that replace each preset's: {@code --retriever}, {@code --reranker}, {@code --selector}. */
    @picocli.CommandLine.Mixin
    PartOptions parts = new PartOptions();

    @Option(names = "--budget", paramLabel = "N", defaultValue = "1800",
            description = "Context budget in tokens of --tokenizer, for every pipeline (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--tokenizer", paramLabel = "ENCODING",
            description = "What every pipeline counts chunk sizes and the budget in: ${COMPLETION-CANDIDATES}, or as "
                    + "tiktoken writes them (o200k_base: GPT-4o family; cl100k_base: GPT-4, GPT-3.5). Default: p50k_base.",
            completionCandidates = Names.Tokenizers.class)
    String tokenizer;

    @Option(names = "--language", paramLabel = "CODE",
            description = "The language of every instance's documents and question, a BCP 47 code such as zh, instead of "
                    + "detecting it with --language-detector. Default: detected.")
    String language;

    @Option(names = "--language-detector", paramLabel = "DETECTOR",
            description = "Who tells the language of the documents and questions, for every pipeline, by name with its "
                    + "settings: ${COMPLETION-CANDIDATES}. Default: script.",
            completionCandidates = Names.LanguageDetectors.class)
    String languageDetector;

    @Option(names = "--model", paramLabel = "EMBEDDER", defaultValue = PipelineFactory.DEFAULT_MODEL,
            description = "Embedding model by name, shared by all pipelines: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = Names.Embedders.class)
    String model;

    @picocli.CommandLine.Mixin
    io.github.astrorag.cli.EmbedderOptions embedding = new io.github.astrorag.cli.EmbedderOptions();

    /** Where every pipeline keeps its instances' indexes: {@code --index memory|elasticsearch} and the {@code --es-*} options. */
    @picocli.CommandLine.Mixin
    IndexOptions index = new IndexOptions();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "eval-results",
            description = "Folder for results.json, report.md and report.png (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--reuse-corpus-index",
            description = "Instances sharing a corpus folder share one index per pipeline (built once; the report "
                    + "says so). Recommended for SQuAD and AstroQA; has no effect on instances with their own documents.")
    boolean reuseCorpusIndex;

    @Option(names = "--prefilter", paramLabel = "N",
            description = "Every pipeline embeds per question only the N chunks BM25 ranks first (N >= 1), as "
                    + "'ask --prefilter N' does; adds the metric " + MetricNames.PREFILTER_RECALL + ": the share of the "
                    + "full-embedding dense top " + EvalRunner.REFERENCE_TOP + " among those N chunks. Default: off.")
    Integer prefilter;

    @Option(names = "--no-generate",
            description = "Select contexts only: retrieval metrics, no answer metrics (EM, F1, ROUGE, mc_accuracy).")
    boolean noGenerate;

    @Option(names = "--no-progress", description = "Do not draw the progress bar on standard error.")
    boolean noProgress;

    @Option(names = "--cache", paramLabel = "DIR",
            description = "Keep the run's vectors in the embedding cache in DIR (the one 'ask' uses), so that a later "
                    + "run embeds nothing again. Without it, vectors are shared within this run only.")
    java.nio.file.Path cache;

    private final PipelineRegistry pipelineRegistry;
    private final PartRegistry partRegistry;

    /** The command over the installed registry of parts: its presets are the pipelines, its embedders the models. */
    public EvalCommand() {
        this(PipelineRegistry.defaults(), PartRegistry.installed());
    }

    /** The command over the given pipelines and parts (the embedders of {@code --model}, the parts of {@code --reranker}, ...). */
    public EvalCommand(PipelineRegistry pipelines, PartRegistry parts) {
        this.pipelineRegistry = pipelines;
        this.partRegistry = parts;
    }

    /** Runs {@code astrorag eval} on its own, as {@code astrorag eval} runs it ({@link AstroRagCommand#execute}). */
    public static void main(String[] args) {
        String[] eval = new String[args.length + 1];
        eval[0] = "eval";
        System.arraycopy(args, 0, eval, 1, args.length);
        System.exit(AstroRagCommand.execute(eval));
    }

    @Override
    public Integer call() {
        long started = System.nanoTime();
        Arguments.check(selectors == null || !spec.commandLine().getParseResult().hasMatchedOption("--pipelines"),
                "give --pipelines or its former name --selectors, not both");
        parts.check(partRegistry);
        PartContext analyzed = parts.analyzed(PartContext.of(partRegistry));
        PipelineRegistry analyzedRegistry = parts.analyzer == null ? pipelineRegistry
                : pipelineRegistry.analyzer(analyzed.analyzer());
        io.github.astrorag.core.token.TokenCounter counter = PipelineOptions.tokenCounter(partRegistry, tokenizer);
        PipelineRegistry registry = !parts.any() ? analyzedRegistry : analyzedRegistry.adjusted((b, preset, run) ->
                parts.apply(b, preset, PartContext.of(partRegistry, run.embedder()).with(analyzed.analyzer())
                        .withTokenCounter(run.tokenCounter())));
        if (language != null) {
            registry = registry.adjusted((b, preset, run) -> b.language(language));
        }
        if (languageDetector != null) {
            io.github.astrorag.core.spi.LanguageDetector detector =
                    PipelineOptions.languageDetector(partRegistry, languageDetector);
            registry = registry.adjusted((b, preset, run) -> b.languageDetector(detector));
        }
        List<String> names = new ArrayList<>(new LinkedHashSet<>(
                PartSpec.parseList(selectors != null ? selectors : pipelines).stream().map(PartSpec::toString).toList()));
        names.forEach(registry::get);
        Arguments.check(limit == null || limit >= 1, "--limit must be at least 1, was %d", limit);
        Arguments.check(prefilter == null || prefilter >= 1,
                "--prefilter must be at least 1 (the chunks BM25 passes on to be embedded per question), was %s", prefilter);
        Arguments.check(!keepOriginals || offCorpus != null, "--keep-originals needs --off-corpus");
        List<EvalQuestion> instances = EvalDataset.read(data, limit == null ? 0 : limit);
        Arguments.check(!instances.isEmpty(), "no instance in %s", dataset());
        List<String> notes = new ArrayList<>();
        if (offCorpus != null) {
            List<EvalQuestion> off = EvalDataset.offCorpus(instances, offCorpus);
            notes.add(String.format(Locale.ROOT, "Off-corpus (--off-corpus %d): every question read was asked over another "
                    + "instance's corpus or documents (type off-corpus, id + '%s')%s.", offCorpus, EvalDataset.OFF_CORPUS_SUFFIX,
                    keepOriginals ? ", after the questions as read (--keep-originals)" : ""));
            List<EvalQuestion> all = new ArrayList<>(keepOriginals ? instances : List.of());
            all.addAll(off);
            instances = all;
        }
        if (sample != null) {
            int read = instances.size();
            instances = EvalDataset.sample(instances, sample, seed);
            notes.add(String.format(Locale.ROOT, "Seeded sample (--seed %d) of %d of the %d instances read.", seed, instances.size(), read));
        }
        if (fold != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,9})/(\\d{1,9})").matcher(fold);
            Arguments.check(m.matches(), "--fold must be I/K, e.g. 0/2, was '%s'", fold);
            int index = Integer.parseInt(m.group(1));
            int folds = Integer.parseInt(m.group(2));
            int before = instances.size();
            instances = EvalDataset.fold(instances, index, folds);
            Arguments.check(!instances.isEmpty(), "fold %s of %d instances is empty", fold, before);
            notes.add(String.format(Locale.ROOT, "Fold %d of %d (--fold %s): the %d instances at positions %d, %d, ... of the %d.",
                    index, folds, fold, instances.size(), index, index + folds, before));
        }
        long corpusInstances = instances.stream().filter(i -> i.corpus() != null).count();
        if (reuseCorpusIndex && corpusInstances > 0) {
            notes.add("Corpus-index reuse (--reuse-corpus-index): instances sharing a corpus folder share one index "
                    + "per pipeline; its build time is reported once (shared_index_ms), not in the latencies.");
        } else if (corpusInstances > 0) {
            notes.add(corpusInstances + " instances read a shared corpus folder and each embedded it again: "
                    + "--reuse-corpus-index is much faster.");
        }
        if (noGenerate) {
            notes.add("--no-generate: contexts were selected but no answer generated; answer metrics are absent.");
        }
        long multipleChoice = instances.stream().filter(EvalQuestion::multipleChoice).count();
        if (multipleChoice > 0) {
            notes.add("The baseline rows (chance" + (noGenerate ? "" : ", no-retrieval") + ") cover only the "
                    + multipleChoice + " multiple-choice instances (judgment questions as options A = True, B = False).");
        }
        notes.add("Every text is embedded once per run and the vectors are shared by the pipelines (the embedder "
                + "is deterministic, so results are the same): only the first pipeline's latency includes embedding; "
                + "compare the others' latencies with each other.");
        Embedder embedder = embedding.create(partRegistry, partRegistry.parse(Role.EMBEDDER, model),
                spec.commandLine().getParseResult().hasMatchedOption("--model"));
        String modelName = embedding.kind == io.github.astrorag.cli.EmbedderOptions.Kind.ONNX ? model
                : String.valueOf(embedder.describe().get("name")) + " " + embedder.describe().get("baseUrl")
                + (embedding.model == null ? "" : " " + embedding.model);
        boolean cacheable = cache != null && embedder.fingerprint().isPresent();
        if (cache != null && !cacheable) {
            notes.add("--cache: not used, the embedder declares no fingerprint (its vectors must not be cached).");
        }
        List<PipelineRun> runs;
        EvalSettings settings;
        EmbeddingCache vectors = !cacheable ? new InMemoryEmbeddingCache()
                : SqliteEmbeddingCache.builder().file(cache.resolve(SqliteEmbeddingCache.FILE_NAME)).warnings(message -> {
                    spec.commandLine().getErr().println("astrorag: warning: " + message);
                    spec.commandLine().getErr().flush();
                }).build();
        io.github.astrorag.core.spi.EphemeralIndexFactory indexes = null;
        try {
            indexes = index.factory(analyzed::analyzer);
            if (indexes instanceof io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory es) {
                registry = registry.adjusted((b, preset, run) -> b.index(es));
                notes.add("Every index is in Elasticsearch (text analysis " + es.textAnalysis().name() + ", mode "
                        + es.mode().cliName() + ").");
            }
            Embedder shared = !cacheable ? new CachingEmbedder(embedder, vectors, "eval-run") : new CachingEmbedder(embedder, vectors);
            settings = new EvalSettings(budget, modelName, shared, seed, !noGenerate, reuseCorpusIndex,
                    prefilter == null ? 0 : prefilter, counter);
            runs = run(registry, settings, instances, names);
        } finally {
            vectors.close();
            PipelineFactory.release(embedder);
            if (indexes instanceof io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory es) {
                es.close();
            }
        }
        Bootstrap bootstrap = new Bootstrap(seed);
        List<PipelineSummary> rows = runs.stream().map(r -> PipelineSummary.of(r, bootstrap)).toList();
        RunInfo info = new RunInfo(commandLine(), dataset(), instances.size(), RunInfo.typesOf(instances), settings,
                notes, (System.nanoTime() - started) / 1e9);
        ReportWriter.write(out, info, rows);
        ReportWriter.writeInstances(out, runs);
        PrintWriter console = spec.commandLine().getOut();
        console.print(ReportWriter.table(rows));
        boolean curve = rows.stream().anyMatch(r -> r.abstention() != null);
        console.printf(Locale.ROOT, "%nWrote %s, %s, %s%s and %s to %s (%.1f s)%n", ReportWriter.JSON, ReportWriter.INSTANCES,
                ReportWriter.MARKDOWN, curve ? ", " + ReportWriter.ABSTENTION_CHART : "", ReportWriter.CHART, out, info.wallSeconds());
        console.flush();
        return 0;
    }

    /** The data files as the report names them: their paths as given, joined by " + ". */
    private String dataset() {
        return String.join(" + ", data.stream().map(Path::toString).toList());
    }

    private List<PipelineRun> run(PipelineRegistry registry, EvalSettings settings, List<EvalQuestion> instances,
                                  List<String> names) {
        EvalRunner runner = new EvalRunner(settings, registry);
        List<PipelineRun> runs;
        if (noProgress) {
            runs = runner.run(instances, names, EvalRunner.Progress.NONE);
        } else {
            try (ProgressBar bar = new ProgressBarBuilder().setTaskName("eval").setInitialMax(runner.steps(instances, names))
                    .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
                    .setUpdateIntervalMillis(500).build()) {
                runs = runner.run(instances, names, (row, id) -> {
                    bar.setExtraMessage(row);
                    bar.step();
                });
            }
        }
        return runs;
    }

    private String commandLine() {
        // as a subcommand the parse result holds the whole command line after the root's name
        List<String> words = new ArrayList<>(spec.parent() == null ? List.of("astrorag", "eval") : List.of(spec.root().name()));
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (parsed != null) {
            parsed.originalArgs().forEach(a -> words.add(a.isEmpty() || a.matches(".*[\\s'\"$`\\\\].*")
                    ? "'" + a.replace("'", "'\\''") + "'" : a));
        }
        return String.join(" ", words);
    }
}
