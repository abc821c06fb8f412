package io.github.astrorag.eval;

import io.github.astrorag.eval.metrics.ChoiceMetrics;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.retrieval.lexical.Bm25Prefilter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs pipelines over instances exactly as a user's questions would run: each instance gets its own
 * ephemeral index ({@link RagPipeline#openDocuments}) over its documents, is asked its question (with
 * its options for multiple choice), and the index is closed, also when anything failed. With
 * {@link EvalSettings#reuseCorpusIndex()} instances that share a {@code corpus} folder share one index
 * per pipeline instead (built once, closed after that pipeline's last instance): a speed option of the
 * evaluator only, since otherwise the whole corpus is embedded again for every question.
 *
 * <p>A failing instance is recorded with its error and counted, never fatal. When some instance is
 * multiple choice, two baseline rows follow the pipelines: {@value PipelineRegistry#CHANCE} (the
 * expected accuracy of a uniform random pick) and, when answers are generated,
 * {@value PipelineRegistry#NO_RETRIEVAL} (the core's {@link ExtractiveGenerator} over the run's
 * embedder with an empty context). Not thread-safe: one run at a time.
 *
 * <p>With {@link EvalSettings#prefilter()} every pipeline gets the BM25 prefilter, and each instance is
 * also indexed whole by the same pipeline without it (shared per corpus like the index it is compared with), so that
 * {@value MetricNames#PREFILTER_RECALL} can say how many of the full-embedding dense top {@value #REFERENCE_TOP}
 * (cosine over every chunk) the first pass kept.
 */
public final class EvalRunner {

    /** How many chunks of the full dense ranking {@value MetricNames#PREFILTER_RECALL} looks for. */
    public static final int REFERENCE_TOP = 20;

    /**
     * Told after each instance of each row, on the thread that called {@link #run}: {@link #steps} calls in all,
     * so that a progress bar can be sized beforehand.
     */
    @FunctionalInterface
    public interface Progress {
        /** No reporting. */
        Progress NONE = (row, instanceId) -> { };

        /**
         * A row finished one instance, successfully or not.
         *
         * @param row        the row's name: a pipeline's name as given to {@link #run}, or a baseline's
         *                   ({@value PipelineRegistry#CHANCE}, {@value PipelineRegistry#NO_RETRIEVAL})
         * @param instanceId the {@link EvalQuestion#id()} of the instance just finished
         */
        void advanced(String row, String instanceId);
    }

    private final EvalSettings settings;
    private final PipelineRegistry registry;
    private final Map<Path, List<Document>> corpora = new HashMap<>();
    /** Each corpus folder's texts in normal form, by whether they are matched as English ({@code true}) or not. */
    private final Map<Map.Entry<Path, Boolean>, String> normalizedCorpora = new HashMap<>();
    private final Map<String, Boolean> spans = new HashMap<>();

    /**
     * A runner for the pipelines of {@code registry} under {@code settings}. The runner does not close the
     * settings' embedder: its creator does, after the run.
     *
     * @param settings what every pipeline of the run shares (budget, embedder, seed, options); not {@code null}
     * @param registry where the pipeline names given to {@link #run} are looked up; not {@code null}
     */
    public EvalRunner(EvalSettings settings, PipelineRegistry registry) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * How many steps {@link #run} reports for the same arguments: one per instance per row, baselines included.
     *
     * @param instances the instances that will run
     * @param pipelines the pipeline names that will run
     * @return {@code instances.size()} times the number of rows (the pipelines, plus one or two baselines when
     *         some instance is multiple choice)
     */
    public int steps(List<EvalQuestion> instances, List<String> pipelines) {
        return instances.size() * (pipelines.size() + baselines(instances).size());
    }

    /**
     * Runs every pipeline (in the order given), then the baselines, on the same instances. A failing instance
     * is recorded in its row ({@link QuestionResult#failed()}) and the run goes on.
     *
     * @param instances the instances, each run by every row in this order
     * @param pipelines presets with their settings ({@code name[:key=value,...]}, such as
     *                  {@code weighted:bm25-weight=0.4}) or names added to the registry, as
     *                  {@link PipelineRegistry#get} takes them, in the order their rows are wanted
     * @param progress  told after each instance of each row; {@link Progress#NONE} for no reporting
     * @return one run per pipeline in the order given, then one per baseline; each holds one result per instance
     *         (a baseline only for the multiple-choice instances)
     * @throws IllegalArgumentException if a pipeline name is unknown (before anything runs)
     */
    public List<PipelineRun> run(List<EvalQuestion> instances, List<String> pipelines, Progress progress) {
        List<PipelineRegistry.Entry> entries = pipelines.stream().map(registry::get).toList();
        List<PipelineRun> out = new ArrayList<>();
        for (PipelineRegistry.Entry e : entries) {
            out.add(runPipeline(e, instances, progress));
        }
        for (String b : baselines(instances)) {
            out.add(runBaseline(b, instances, progress));
        }
        return out;
    }

    private List<String> baselines(List<EvalQuestion> instances) {
        if (instances.stream().noneMatch(EvalQuestion::multipleChoice)) {
            return List.of();
        }
        return settings.generate() ? List.of(PipelineRegistry.CHANCE, PipelineRegistry.NO_RETRIEVAL)
                : List.of(PipelineRegistry.CHANCE);
    }

    /** A corpus index shared by the instances of one folder, or the reason it could not be built. */
    private record Shared(RagInstance instance, RagInstance reference, Map<String, String> documentOf, RuntimeException failure) {
    }

    private PipelineRun runPipeline(PipelineRegistry.Entry entry, List<EvalQuestion> instances, Progress progress) {
        RagPipeline pipeline = entry.factory().apply(settings);
        if (!settings.generate()) {
            pipeline = pipeline.toBuilder().generator(new ContextOnlyGenerator()).build();
        }
        RagPipeline whole = null;
        if (settings.prefilter() > 0) {
            whole = pipeline;
            pipeline = pipeline.toBuilder().prefilter(new Bm25Prefilter(), settings.prefilter()).build();
        }
        Map<String, Object> config = new LinkedHashMap<>(settings.describe());
        config.put("description", entry.description());
        config.put("pipeline", pipeline.describe());
        Map<Path, Shared> shared = new LinkedHashMap<>();
        double sharedMillis = 0;
        List<QuestionResult> results = new ArrayList<>();
        try {
            for (EvalQuestion instance : instances) {
                Shared s = null;
                if (instance.corpus() != null && settings.reuseCorpusIndex()) {
                    s = shared.get(instance.corpus());
                    if (s == null) {
                        long t = System.nanoTime();
                        s = openShared(pipeline, whole, instance.corpus());
                        sharedMillis += (System.nanoTime() - t) / 1e6;
                        shared.put(instance.corpus(), s);
                    }
                }
                results.add(runInstance(pipeline, whole, instance, s));
                progress.advanced(entry.name(), instance.id());
            }
        } finally {
            shared.values().stream().filter(s -> s.instance() != null).forEach(s -> s.instance().close());
            shared.values().stream().filter(s -> s.reference() != null).forEach(s -> s.reference().close());
        }
        return new PipelineRun(entry.name(), config, results, shared.size(), sharedMillis);
    }

    /** The corpus indexed by {@code pipeline} and, if not null, by {@code whole} (the reference of the prefilter). */
    private Shared openShared(RagPipeline pipeline, RagPipeline whole, Path corpus) {
        RagInstance instance = null;
        try {
            instance = pipeline.openDocuments(corpus(corpus));
            RagInstance reference = whole == null ? null : whole.openDocuments(corpus(corpus));
            return new Shared(instance, reference, documentMap(instance), null);
        } catch (RuntimeException e) {
            if (instance != null) {
                instance.close();
            }
            return new Shared(null, null, Map.of(), e);
        }
    }

    private QuestionResult runInstance(RagPipeline pipeline, RagPipeline whole, EvalQuestion instance, Shared shared) {
        if (shared == null && whole != null) {
            // the reference is indexed before the clock starts: the latency is the prefiltering pipeline's alone
            RagInstance reference;
            try {
                reference = whole.openDocuments(documents(instance));
            } catch (RuntimeException e) {
                return QuestionResult.failed(instance, e, Double.NaN);
            }
            try (reference) {
                return runInstance(pipeline, instance, null, reference);
            }
        }
        return runInstance(pipeline, instance, shared, shared == null ? null : shared.reference());
    }

    private QuestionResult runInstance(RagPipeline pipeline, EvalQuestion instance, Shared shared, RagInstance reference) {
        long t0 = System.nanoTime();
        try {
            if (shared != null) {
                if (shared.failure() != null) {
                    throw shared.failure();
                }
                return result(instance, shared.instance(), reference, shared.documentOf(), t0, 0);
            }
            try (RagInstance own = pipeline.openDocuments(documents(instance))) {
                return result(instance, own, reference, documentMap(own), t0, own.ingestMillis());
            }
        } catch (RuntimeException e) {
            return QuestionResult.failed(instance, e, (System.nanoTime() - t0) / 1e6);
        }
    }

    private List<Document> documents(EvalQuestion instance) {
        return instance.corpus() != null ? corpus(instance.corpus()) : instance.documents();
    }

    private QuestionResult result(EvalQuestion instance, RagInstance rag, RagInstance reference, Map<String, String> documentOf,
                                  long t0, double ingestMillis) {
        Answer answer = rag.ask(instance.query());
        Map<String, Double> scores = new LinkedHashMap<>(QuestionScorer.score(instance, answer, chunkId -> documentOf.getOrDefault(chunkId,
                chunkId.substring(0, Math.max(0, chunkId.lastIndexOf('#')))), settings.generate(), span(instance)));
        double latency = (System.nanoTime() - t0) / 1e6;
        if (reference != null) {
            scores.put(MetricNames.PREFILTER_RECALL, prefilterRecall(instance, answer, reference));
        }
        Map<String, Double> stages = new LinkedHashMap<>();
        for (Trace.Stage s : answer.trace().stages()) {
            stages.merge(s.name(), s.millis(), Double::sum);
        }
        return new QuestionResult(instance.id(), instance.type(), null, scores, latency,
                stages, ingestMillis, answer.context().chunks().stream().map(c -> c.chunk().id()).toList(),
                settings.generate() ? answer.text() : null, instance.language());
    }

    /**
     * The share of the dense top {@value #REFERENCE_TOP} over every chunk of {@code reference} (cosine to the query,
     * its filter applied) that the answer's {@code prefilter} stage kept; 1 when that top is empty. The reference
     * is searched after the answer, so the latency excludes it.
     */
    private double prefilterRecall(EvalQuestion instance, Answer answer, RagInstance reference) {
        float[] q = settings.embedder().embedQuery(instance.query().text());
        List<String> dense = reference.index().search(q, REFERENCE_TOP, instance.query().filter()).stream()
                .map(s -> s.id()).toList();
        java.util.Set<String> kept = new java.util.HashSet<>();
        answer.trace().stages().stream().filter(s -> s.name().equals("prefilter"))
                .forEach(s -> s.candidates().forEach(c -> kept.add(c.id())));
        return dense.isEmpty() ? 1.0 : dense.stream().filter(kept::contains).count() / (double) dense.size();
    }

    /** Whether the instance's gold answer occurs in its documents; decided once per instance, for every row. */
    private boolean span(EvalQuestion instance) {
        Boolean known = spans.get(instance.id());
        if (known == null) {
            known = QuestionScorer.hasExtractiveAnswer(instance) && QuestionScorer.isSpan(instance, instance.corpus() == null
                    ? normalized(instance, instance.documents())
                    : normalizedCorpora.computeIfAbsent(Map.entry(instance.corpus(), instance.english()),
                            f -> normalized(instance, corpus(f.getKey()))));
            spans.put(instance.id(), known);
        }
        return known;
    }

    private static String normalized(EvalQuestion instance, List<Document> documents) {
        StringBuilder sb = new StringBuilder();
        documents.forEach(d -> sb.append(QuestionScorer.normalize(instance, d.text())).append(' '));
        return sb.toString().strip();
    }

    private static Map<String, String> documentMap(RagInstance instance) {
        Map<String, String> m = new HashMap<>();
        for (Chunk c : instance.chunks()) {
            m.put(c.id(), c.documentId());
        }
        return m;
    }

    private List<Document> corpus(Path folder) {
        List<Document> docs = corpora.get(folder);
        if (docs == null) {
            docs = EvalDataset.loadCorpus(folder);
            corpora.put(folder, docs);
        }
        return docs;
    }

    private PipelineRun runBaseline(String name, List<EvalQuestion> instances, Progress progress) {
        ExtractiveGenerator reader = new ExtractiveGenerator(settings.embedder());
        Context empty = new Context(List.of(), "", 0, settings.budget(), Map.of());
        Map<String, Object> config = new LinkedHashMap<>(settings.describe());
        config.put("description", name.equals(PipelineRegistry.CHANCE)
                ? "expected accuracy of a uniform random pick (1/n; multi-select 1/(2^n-1))"
                : "the extractive reader with an empty context");
        if (name.equals(PipelineRegistry.NO_RETRIEVAL)) {
            config.put("generator", reader.describe());
        }
        List<QuestionResult> results = new ArrayList<>();
        for (EvalQuestion instance : instances) {
            if (instance.multipleChoice()) {
                long t0 = System.nanoTime();
                try {
                    double value = name.equals(PipelineRegistry.CHANCE)
                            ? ChoiceMetrics.chanceAccuracy(instance.effectiveOptions().size(), instance.multiSelect())
                            : ChoiceMetrics.correct(reader.generate(instance.query(), empty).choice(), instance.goldLetters());
                    results.add(new QuestionResult(instance.id(), instance.type(), null,
                            Map.of(MetricNames.MC_ACCURACY, value), name.equals(PipelineRegistry.CHANCE) ? Double.NaN
                            : (System.nanoTime() - t0) / 1e6, Map.of(), 0, List.of(), null, instance.language()));
                } catch (RuntimeException e) {
                    results.add(QuestionResult.failed(instance, e, (System.nanoTime() - t0) / 1e6));
                }
            }
            progress.advanced(name, instance.id());
        }
        return new PipelineRun(name, config, results, 0, 0);
    }
}
