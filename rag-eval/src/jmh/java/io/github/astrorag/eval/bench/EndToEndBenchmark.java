package io.github.astrorag.eval.bench;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * End-to-end time of one instance of the default pipeline (bge-small-en-v1.5 quantized, dense retrieval of
 * 20 candidates, query-coverage selection into 1,800 tokens, extractive generator), split by stage, and
 * its memory. Not a JMH benchmark: one instance is one cold-to-closed run, timed as a user sees it.
 *
 * <p>The document is a single Markdown file of {@value #DOCUMENT_TOKENS} p50k tokens (about 50 pages):
 * the first sections of the astronomy corpus concatenated and cut to that length (or generated text without the corpus,
 * see {@link BenchData}), written to a temporary folder and deleted afterwards. Each instance opens the
 * file (load, chunk, embed, index), answers {@link #QUESTIONS} and closes. Embedding time is measured by
 * a timing decorator around the pipeline's embedder; the ask stages come from {@link Answer#trace()}.
 * The share of time that is neither embedding nor generation is what the pipeline itself costs.
 * Memory is the heap in use after a full GC with the instance open, minus the same before opening (the
 * ONNX model lives outside the heap and is loaded before).
 *
 * <p>Arguments: {@code [instances (5)] [warm-up instances (2)]}.
 */
public final class EndToEndBenchmark {

    /** The document's size in p50k tokens. */
    static final int DOCUMENT_TOKENS = 25_000;

    /** The questions asked of every instance (written for this benchmark). */
    static final List<String> QUESTIONS = List.of(
            "How long does light from the Sun take to reach the Earth?",
            "What is a light-year?",
            "Who proposed that the Earth moves around the Sun?",
            "Why is astrology not a science?",
            "How many stars are there in the Milky Way Galaxy?");

    private EndToEndBenchmark() {
    }

    /** An embedder that adds up the wall time spent in it. */
    static final class TimingEmbedder implements Embedder {
        private final Embedder delegate;
        private final AtomicLong nanos = new AtomicLong();

        TimingEmbedder(Embedder delegate) {
            this.delegate = delegate;
        }

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            long t0 = System.nanoTime();
            try {
                return delegate.embedDocuments(texts);
            } finally {
                nanos.addAndGet(System.nanoTime() - t0);
            }
        }

        @Override
        public float[] embedQuery(String text) {
            long t0 = System.nanoTime();
            try {
                return delegate.embedQuery(text);
            } finally {
                nanos.addAndGet(System.nanoTime() - t0);
            }
        }

        @Override
        public Map<String, Object> describe() {
            return delegate.describe();
        }

        /** Milliseconds spent embedding since the last call, and resets. */
        double takeMillis() {
            return nanos.getAndSet(0) / 1e6;
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        int instances = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path dir = Files.createTempDirectory("astrorag-bench");
        Path file = dir.resolve("astronomy-sample.md");
        try {
            int tokens = writeDocument(file);
            long loadStart = System.nanoTime();
            OnnxSentenceEmbedder model = OnnxSentenceEmbedder.load(AstroRag.RECOMMENDED_MODEL);
            double modelMillis = (System.nanoTime() - loadStart) / 1e6;
            TimingEmbedder timing = new TimingEmbedder(model);
            RagPipeline rag = AstroRag.recommendedBuilder(timing).owning(model).build();
            System.out.printf(Locale.ROOT, "document: %s, %d p50k tokens, %.2f MB, from %s%n", file.getFileName(), tokens,
                    Files.size(file) / 1e6, BenchData.source());
            System.out.printf(Locale.ROOT, "model %s loaded in %.0f ms (once per process, not counted below); %d cores%n",
                    AstroRag.RECOMMENDED_MODEL.id(), modelMillis, Runtime.getRuntime().availableProcessors());
            for (int i = 0; i < warmUp; i++) {
                run(rag, timing, file);
            }
            List<Map<String, Double>> runs = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                runs.add(run(rag, timing, file));
            }
            report(runs);
            rag.close();
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static int writeDocument(Path file) throws IOException {
        TokenCounter counter = TokenCounter.p50k();
        StringBuilder text = new StringBuilder();
        for (Document d : BenchData.documents(DOCUMENT_TOKENS * 8)) {
            text.append(d.text().strip()).append("\n\n");
        }
        String document = counter.truncate(text.toString(), DOCUMENT_TOKENS);
        Files.writeString(file, document, StandardCharsets.UTF_8);
        return counter.count(document);
    }

    /** One instance: open, ask every question, close. Milliseconds by stage, and the heap in MB. */
    private static Map<String, Double> run(RagPipeline rag, TimingEmbedder timing, Path file) throws InterruptedException {
        Map<String, Double> m = new LinkedHashMap<>();
        double heapBefore = heapAfterGc();
        timing.takeMillis();
        double[] marks = new double[2]; // last load and last chunk progress, ms after start
        long t0 = System.nanoTime();
        RagInstance instance = rag.open(List.of(file), (phase, done, total) -> {
            if (done == total && !"embed".equals(phase)) {
                marks["load".equals(phase) ? 0 : 1] = (System.nanoTime() - t0) / 1e6;
            }
        });
        double openMillis = (System.nanoTime() - t0) / 1e6;
        double embedDocs = timing.takeMillis();
        try {
            m.put("load", marks[0]);
            m.put("chunk", marks[1] - marks[0]);
            m.put("embed chunks", embedDocs);
            m.put("index", openMillis - marks[1] - embedDocs);
            m.put("chunks", (double) instance.chunkCount());
            m.put("heap MB", (heapAfterGc() - heapBefore) / 1e6);
            double askWall = 0;
            for (String q : QUESTIONS) {
                long a0 = System.nanoTime();
                Answer answer = instance.ask(q);
                askWall += (System.nanoTime() - a0) / 1e6;
                for (Trace.Stage s : answer.trace().stages()) {
                    m.merge("ask: " + s.name(), s.millis(), Double::sum);
                }
            }
            double stages = m.entrySet().stream().filter(e -> e.getKey().startsWith("ask: "))
                    .mapToDouble(Map.Entry::getValue).sum();
            m.put("ask: outside stages", askWall - stages);
            m.put("open", openMillis);
            m.put("asks", askWall);
        } finally {
            long c0 = System.nanoTime();
            instance.close();
            m.put("close", (System.nanoTime() - c0) / 1e6);
        }
        m.put("total", m.get("open") + m.get("asks") + m.get("close"));
        return m;
    }

    private static double heapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static void report(List<Map<String, Double>> runs) {
        Map<String, Double> mean = new LinkedHashMap<>();
        for (Map<String, Double> r : runs) {
            r.forEach((k, v) -> mean.merge(k, v / runs.size(), Double::sum));
        }
        double total = mean.get("total");
        double embedding = mean.get("embed chunks") + mean.getOrDefault("ask: embed-query", 0.0);
        double generation = mean.getOrDefault("ask: generate", 0.0);
        System.out.printf(Locale.ROOT, "%nmean of %d instances (%d questions each), %.0f chunks, heap with the instance open: %.1f MB%n%n",
                runs.size(), QUESTIONS.size(), mean.get("chunks"), mean.get("heap MB"));
        System.out.println("| stage | ms per instance | share |");
        System.out.println("|---|---:|---:|");
        for (Map.Entry<String, Double> e : mean.entrySet()) {
            String k = e.getKey();
            if (k.equals("chunks") || k.equals("heap MB") || k.equals("open") || k.equals("asks") || k.equals("total")) {
                continue;
            }
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f%% |%n", k, e.getValue(), 100 * e.getValue() / total);
        }
        System.out.printf(Locale.ROOT, "| **total** (open %.0f + %d asks %.0f + close) | **%.1f** | 100%% |%n",
                mean.get("open"), QUESTIONS.size(), mean.get("asks"), total);
        System.out.printf(Locale.ROOT, "%nembedding %.1f%%, generation %.1f%%, everything else %.1f%% (target < 10%%)%n",
                100 * embedding / total, 100 * generation / total, 100 * (total - embedding - generation) / total);
    }
}
