package io.github.astrorag.onnx;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.translate.TranslateException;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.onnx.WordPieceTokenizer.Encoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * Runs encodings through one ONNX session: groups them into runs (each text alone unless the model is
 * batch-invariant, else texts of exactly equal token length, by length then index, at most
 * {@code batchSize} per run, so that no text is padded), keeps up to {@code parallelism} runs in flight
 * (the calling thread and {@code parallelism − 1} daemon helpers, taking runs in turn, each with its own
 * predictor) and L2-normalises each pooled vector. How runs are spread over threads changes no vector.
 * Thread-safe; {@link #close()} stops the helpers and frees the session, after which it must not be used
 * (the embedder's lifecycle lock sees to that).
 */
final class OnnxBatchRunner {

    private final String name;
    private final Model model;
    private final EncodingTranslator translator;
    private final boolean batchInvariant;
    private final int batchSize;
    private final int parallelism;
    private final @Nullable ExecutorService workers;

    /**
     * A runner; starts the helper threads.
     *
     * @param parallelism the runs in flight, at least 1
     */
    OnnxBatchRunner(String name, Model model, EncodingTranslator translator, boolean batchInvariant, int batchSize,
                    int parallelism) {
        this.name = name;
        this.model = model;
        this.translator = translator;
        this.batchInvariant = batchInvariant;
        this.batchSize = batchSize;
        this.parallelism = parallelism;
        this.workers = parallelism > 1 ? Executors.newFixedThreadPool(parallelism - 1, daemonThreads(name)) : null;
    }

    /** The hidden size, read off the output of one probe text (ONNX Runtime cannot describe outputs). */
    static int probeDimension(String name, Model model, EncodingTranslator translator, Encoding probe) {
        try (Predictor<Encoding[], float[][]> predictor = model.newPredictor(translator, Device.cpu())) {
            return predictor.predict(new Encoding[] {probe})[0].length;
        } catch (TranslateException e) {
            throw new EmbeddingException("model " + name + " could not embed a probe text: " + e.getMessage(), e);
        }
    }

    /**
     * The L2-normalised vectors of {@code encodings}, in order; returns when every run has finished.
     *
     * @throws EmbeddingException if a run fails (the first failure; the runs not yet started are skipped)
     */
    float[][] embed(Encoding[] encodings) {
        float[][] vectors = new float[encodings.length][];
        List<int[]> runs = runs(encodings);
        Work work = new Work(runs, encodings, vectors);
        int extraWorkers = Math.min(parallelism, runs.size()) - 1;
        for (int w = 0; w < extraWorkers; w++) {
            Objects.requireNonNull(workers).execute(work::drain);
        }
        work.drain();
        work.awaitAllRuns();
        return vectors;
    }

    /** Stops the helper threads and frees the native session. */
    void close() {
        if (workers != null) {
            workers.shutdownNow();
        }
        model.close();
    }

    private static ThreadFactory daemonThreads(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread t = new Thread(task, "onnx-embedder-" + name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * Groups text indexes into ONNX runs: each text alone unless the model is batch-invariant, else
     * texts of equal token length, by length then index, at most {@code batchSize} per run.
     */
    private List<int[]> runs(Encoding[] encodings) {
        List<int[]> runs = new ArrayList<>();
        if (!batchInvariant || batchSize == 1) {
            for (int i = 0; i < encodings.length; i++) {
                runs.add(new int[] {i});
            }
            return runs;
        }
        Integer[] order = new Integer[encodings.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt((Integer i) -> encodings[i].length()).thenComparing(i -> i));
        int start = 0;
        while (start < order.length) {
            int length = encodings[order[start]].length();
            int end = start;
            while (end < order.length && end - start < batchSize && encodings[order[end]].length() == length) {
                end++;
            }
            int[] run = new int[end - start];
            for (int i = start; i < end; i++) {
                run[i - start] = order[i];
            }
            runs.add(run);
            start = end;
        }
        return runs;
    }

    /**
     * The runs of one call, taken in turn by the calling thread and up to {@code parallelism - 1}
     * helpers. The call returns only when every run has finished, so that no helper touches the model
     * after it (a helper that starts late finds nothing left to take).
     */
    private final class Work {
        private final List<int[]> runs;
        private final Encoding[] encodings;
        private final float[][] vectors;
        private final AtomicInteger next = new AtomicInteger();
        private final CountDownLatch finished;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();

        Work(List<int[]> runs, Encoding[] encodings, float[][] vectors) {
            this.runs = runs;
            this.encodings = encodings;
            this.vectors = vectors;
            this.finished = new CountDownLatch(runs.size());
        }

        void drain() {
            for (int r = next.getAndIncrement(); r < runs.size(); r = next.getAndIncrement()) {
                try {
                    if (failure.get() == null) {
                        run(runs.get(r));
                    }
                } catch (TranslateException | RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                } finally {
                    finished.countDown();
                }
            }
        }

        private void run(int[] run) throws TranslateException {
            Encoding[] batch = new Encoding[run.length];
            for (int i = 0; i < run.length; i++) {
                batch[i] = encodings[run[i]];
            }
            try (Predictor<Encoding[], float[][]> predictor = model.newPredictor(translator, Device.cpu())) {
                float[][] pooled = predictor.predict(batch);
                for (int i = 0; i < run.length; i++) {
                    vectors[run[i]] = Vectors.normalizeInPlace(pooled[i]);
                }
            }
        }

        void awaitAllRuns() {
            boolean interrupted = false;
            while (true) {
                try {
                    finished.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable t = failure.get();
            if (t instanceof EmbeddingException e) {
                throw e;
            }
            if (t != null) {
                throw new EmbeddingException("embedder " + name + " failed: " + t.getMessage(), t);
            }
        }
    }
}
