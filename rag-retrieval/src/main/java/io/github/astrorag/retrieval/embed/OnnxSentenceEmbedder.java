package io.github.astrorag.retrieval.embed;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoBatchifyTranslator;
import ai.djl.translate.TranslateException;
import ai.djl.translate.TranslatorContext;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.retrieval.embed.WordPieceTokenizer.Encoding;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.HexFormat;
import java.security.NoSuchAlgorithmException;
import java.security.MessageDigest;
import java.security.DigestInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;

/**
 * A Sentence-BERT embedder (Reimers &amp; Gurevych, 2019): a BERT-style encoder exported to ONNX, run
 * with DJL's OnnxRuntime engine, tokenised by {@link WordPieceTokenizer} (plain Java, from the model's
 * {@code tokenizer.json}), its token states pooled
 * ({@link Pooling#MEAN} over the attention mask, or {@link Pooling#CLS}) and L2-normalised, all
 * offline.
 *
 * <pre>{@code
 * try (OnnxSentenceEmbedder e = OnnxSentenceEmbedder.load(SentenceModel.ALL_MINILM_L6_V2_Q)) {
 *     float[] q = e.embedQuery("How far is Andromeda?");
 * }
 * }</pre>
 *
 * <p><b>Truncation.</b> A text is cut after {@link #DEFAULT_MAX_LENGTH} tokens (special tokens
 * included) unless {@link Builder#maxLength} says otherwise; this replaces whatever truncation and
 * padding the model's {@code tokenizer.json} carries (the MiniLM jars' file cuts at 128 and pads to
 * 128).
 *
 * <p><b>Determinism.</b> A text gets the same vector whatever else it is embedded with. Texts are
 * never padded: one ONNX run holds texts of exactly the same token length only, at most
 * {@link Builder#batchSize} of them, and a {@linkplain SentenceModel#quantized() dynamically
 * quantised} model (whose int8 scales are computed over the whole input tensor, so that a neighbour
 * in the batch changes a text's vector) runs every text alone. A user model from
 * {@link Builder#modelDirectory} is treated as quantised unless {@link Builder#batchInvariant} says
 * it is not.
 *
 * <p><b>Cost.</b> One encoder pass per run: O(n² · h) per text of n tokens for attention plus O(n ·
 * h²) for the feed-forward layers (h = hidden size); pooling is O(n · h) in plain Java. A call keeps
 * {@link Builder#parallelism} runs in flight (by default one per processor, each run on
 * {@link #DEFAULT_INTRA_OP_THREADS one} ONNX thread), which does not change any vector.
 *
 * <p><b>Network.</b> None: the ONNX engine is pinned explicitly (DJL would otherwise take whichever
 * engine it finds first) and the model and its tokenizer are read from the classpath or a folder. The
 * tokenizer is plain Java: the only native library is ONNX Runtime's.
 *
 * <p><b>No global side effects; files.</b> Building sets no system property. A bundled model is copied
 * once into {@link NativeLibraries#cacheFolder()}{@code /astrorag/models/<id>-<hash>/} and loaded from
 * there (loading it from a stream would make DJL create an {@code ort-model*} folder in the temporary
 * folder on every run). ONNX Runtime itself creates an {@code onnxruntime-java*} folder in the
 * temporary folder when it starts, and extracts its libraries there unless the system property
 * {@value NativeLibraries#ORT_NATIVE_PATH} names a folder that holds them (see
 * {@link NativeLibraries#extractOnnxRuntime()}); so the temporary folder must be writable, which is
 * checked first: a read-only one fails with one line that says so.
 *
 * <p>Thread-safe: one ONNX session serves all threads, each run uses its own predictor.
 * {@link #close()} waits for calls in progress, then frees the native session and the helper
 * threads; later calls throw {@link EmbeddingException}.
 */
public final class OnnxSentenceEmbedder implements Embedder, AutoCloseable {

    /** The model {@link #load()} and the builder use when none is given. */
    public static final SentenceModel DEFAULT_MODEL = SentenceModel.ALL_MINILM_L6_V2_Q;
    /** Default maximum tokens per text, special tokens included. */
    public static final int DEFAULT_MAX_LENGTH = 256;
    /** The largest {@code maxLength}: the number of position embeddings of BERT-style encoders. */
    public static final int MAX_MAX_LENGTH = 512;
    /** The smallest {@code maxLength}: {@code [CLS]}, one token, {@code [SEP]}. */
    public static final int MIN_MAX_LENGTH = 3;
    /** Default maximum number of texts (of equal token length) in one ONNX run. */
    public static final int DEFAULT_BATCH_SIZE = 16;
    /** The largest {@code batchSize}. */
    public static final int MAX_BATCH_SIZE = 1024;
    /**
     * Default ONNX Runtime intra-op threads per run: 1. Texts are spread over {@link #DEFAULT_PARALLELISM
     * parallel} runs instead, which measured 4 to 5 times faster than multi-threaded runs on a busy
     * two-core machine (ONNX Runtime's worker threads spin while waiting). 0 lets ONNX Runtime choose.
     */
    public static final int DEFAULT_INTRA_OP_THREADS = 1;
    /** The largest {@code intraOpThreads}. */
    public static final int MAX_INTRA_OP_THREADS = 256;
    /** Default number of ONNX runs in flight per call: 0, meaning one per available processor. */
    public static final int DEFAULT_PARALLELISM = 0;
    /** The largest {@code parallelism}. */
    public static final int MAX_PARALLELISM = 256;

    /** Name of the ONNX model file in a user model folder. */
    public static final String MODEL_FILE = "model.onnx";
    /** Name of the tokenizer file in a user model folder. */
    public static final String TOKENIZER_FILE = "tokenizer.json";

    private static final String ENGINE = "OnnxRuntime";
    private static final String HIDDEN_STATES = "last_hidden_state";

    private final String name;
    private final String modelSha256;
    private final Model model;
    private final WordPieceTokenizer tokenizer;
    private final Pooling pooling;
    private final int maxLength;
    private final int batchSize;
    private final int intraOpThreads;
    private final int parallelism;
    private final @Nullable ExecutorService workers;
    private final boolean batchInvariant;
    private final String queryPrefix;
    private final String passagePrefix;
    private final List<String> inputNames;
    private final int dimension;
    private final EncodingTranslator translator;
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;

    private OnnxSentenceEmbedder(Builder b, String name, Model model, WordPieceTokenizer tokenizer) {
        this.name = name;
        this.modelSha256 = b.modelSha256;
        this.model = model;
        this.tokenizer = tokenizer;
        this.pooling = b.pooling;
        this.maxLength = b.maxLength;
        this.batchSize = b.batchSize;
        this.intraOpThreads = b.intraOpThreads;
        this.parallelism = b.parallelism > 0 ? b.parallelism : Runtime.getRuntime().availableProcessors();
        this.batchInvariant = b.batchInvariant;
        this.queryPrefix = b.queryPrefix;
        this.passagePrefix = b.passagePrefix;
        this.inputNames = inputNames(model, name);
        this.translator = new EncodingTranslator(inputNames, pooling);
        this.dimension = probeDimension();
        this.workers = parallelism > 1 ? Executors.newFixedThreadPool(parallelism - 1, daemonThreads(name)) : null;
    }

    /**
     * The {@linkplain #DEFAULT_MODEL default model} with default settings.
     *
     * @return a new embedder; the caller closes it
     * @throws io.github.astrorag.core.EmbeddingException if the model cannot be loaded
     */
    public static OnnxSentenceEmbedder load() {
        return load(DEFAULT_MODEL);
    }

    /**
     * {@code model} with default settings.
     *
     * @param model the bundled model
     * @return a new embedder; the caller closes it
     * @throws io.github.astrorag.core.EmbeddingException if the model's resources are not on the classpath
     */
    public static OnnxSentenceEmbedder load(SentenceModel model) {
        return builder().model(model).build();
    }

    /**
     * A builder; without {@link Builder#model} or {@link Builder#modelDirectory} it loads {@link #DEFAULT_MODEL}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int dimension() {
        return dimension;
    }

    /** Embeds each text as a passage (prefixed as the model wants). */
    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        return embed(texts, passagePrefix);
    }

    /** Embeds the text as a query (prefixed as the model wants). */
    @Override
    public float[] embedQuery(String text) {
        return embed(List.of(text), queryPrefix).get(0);
    }

    /**
     * The model's id and the SHA-256 of its ONNX file's bytes, the tokenizer's maximum length, pooling,
     * normalisation (always L2), dimension and the query and passage prefixes: what decides the vectors.
     */
    @Override
    public Optional<String> fingerprint() {
        return Optional.of(String.join(";", "onnx:" + name, "sha256=" + modelSha256, "maxLength=" + maxLength,
                "pooling=" + pooling.name().toLowerCase(Locale.ROOT), "norm=l2", "dim=" + dimension,
                "query=" + queryPrefix, "passage=" + passagePrefix));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("dimension", dimension);
        m.put("pooling", pooling.name().toLowerCase(Locale.ROOT));
        m.put("maxLength", maxLength);
        m.put("batchSize", batchInvariant ? batchSize : 1);
        m.put("intraOpThreads", intraOpThreads);
        m.put("parallelism", parallelism);
        if (!queryPrefix.isEmpty() || !passagePrefix.isEmpty()) {
            m.put("queryPrefix", queryPrefix);
            m.put("passagePrefix", passagePrefix);
        }
        return m;
    }

    /** Frees the native ONNX session. Idempotent; waits for calls in progress. */
    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                if (workers != null) {
                    workers.shutdownNow();
                }
                model.close();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    private static ThreadFactory daemonThreads(String name) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread t = new Thread(task, "onnx-embedder-" + name + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public String toString() {
        return "OnnxSentenceEmbedder[" + name + ", " + pooling + ", maxLength=" + maxLength + "]";
    }

    private List<float[]> embed(List<String> texts, String prefix) {
        if (texts.isEmpty()) {
            return List.of();
        }
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new EmbeddingException("embedder " + name + " is closed");
            }
            Encoding[] encodings = encode(texts, prefix);
            float[][] vectors = new float[texts.size()][];
            List<int[]> runs = runs(encodings);
            Work work = new Work(runs, encodings, vectors);
            int extraWorkers = Math.min(parallelism, runs.size()) - 1;
            for (int w = 0; w < extraWorkers; w++) {
                Objects.requireNonNull(workers).execute(work::drain);
            }
            work.drain();
            work.awaitAllRuns();
            List<float[]> out = Arrays.asList(vectors);
            Vectors.check(name, dimension, texts.size(), out);
            return out;
        } finally {
            lifecycle.readLock().unlock();
        }
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

    private Encoding[] encode(List<String> texts, String prefix) {
        List<String> inputs = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String t = texts.get(i);
            if (t == null) {
                throw new EmbeddingException("embedder " + name + " was given a null text at #" + i);
            }
            inputs.add(prefix + t);
        }
        return tokenizer.encodeAll(inputs).toArray(new Encoding[0]);
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

    /** The hidden size, read off the output of one short probe text (ONNX Runtime cannot describe outputs). */
    private int probeDimension() {
        try (Predictor<Encoding[], float[][]> predictor = model.newPredictor(translator, Device.cpu())) {
            return predictor.predict(new Encoding[] {tokenizer.encode("dimension")})[0].length;
        } catch (TranslateException e) {
            throw new EmbeddingException("model " + name + " could not embed a probe text: " + e.getMessage(), e);
        }
    }

    private static List<String> inputNames(Model model, String name) {
        List<String> names = new ArrayList<>(model.describeInput().keys());
        for (String n : names) {
            if (!n.equals(EncodingTranslator.INPUT_IDS) && !n.equals(EncodingTranslator.ATTENTION_MASK)
                    && !n.equals(EncodingTranslator.TOKEN_TYPE_IDS)) {
                throw new EmbeddingException("model " + name + " has an input '" + n + "'; a sentence encoder takes "
                        + EncodingTranslator.INPUT_IDS + ", " + EncodingTranslator.ATTENTION_MASK + " and optionally "
                        + EncodingTranslator.TOKEN_TYPE_IDS);
            }
        }
        if (!names.contains(EncodingTranslator.INPUT_IDS)) {
            throw new EmbeddingException("model " + name + " has no input '" + EncodingTranslator.INPUT_IDS
                    + "' (its inputs: " + names + ")");
        }
        return List.copyOf(names);
    }

    /** Turns equal-length encodings into the model's named inputs, and its hidden states into pooled vectors. */
    private static final class EncodingTranslator implements NoBatchifyTranslator<Encoding[], float[][]> {
        static final String INPUT_IDS = "input_ids";
        static final String ATTENTION_MASK = "attention_mask";
        static final String TOKEN_TYPE_IDS = "token_type_ids";

        private final List<String> inputNames;
        private final Pooling pooling;

        EncodingTranslator(List<String> inputNames, Pooling pooling) {
            this.inputNames = inputNames;
            this.pooling = pooling;
        }

        @Override
        public NDList processInput(TranslatorContext ctx, Encoding[] batch) {
            int length = batch[0].length();
            NDManager manager = ctx.getNDManager();
            NDList list = new NDList(inputNames.size());
            for (String input : inputNames) {
                long[] flat = new long[batch.length * length];
                for (int i = 0; i < batch.length; i++) {
                    long[] row = switch (input) {
                        case INPUT_IDS -> batch[i].ids();
                        case ATTENTION_MASK -> batch[i].attentionMask();
                        default -> batch[i].typeIds();
                    };
                    System.arraycopy(row, 0, flat, i * length, length);
                }
                NDArray array = manager.create(flat, new Shape(batch.length, length));
                array.setName(input);
                list.add(array);
            }
            ctx.setAttachment("batch", batch);
            return list;
        }

        @Override
        public float[][] processOutput(TranslatorContext ctx, NDList list) {
            Encoding[] batch = (Encoding[]) ctx.getAttachment("batch");
            NDArray hidden = hiddenStates(list);
            Shape shape = hidden.getShape();
            int length = (int) shape.get(1);
            int dim = (int) shape.get(2);
            float[] states = hidden.toFloatArray();
            float[][] out = new float[batch.length][];
            for (int i = 0; i < batch.length; i++) {
                out[i] = pooling.pool(states, i * length * dim, length, dim, batch[i].attentionMask());
            }
            return out;
        }

        private static NDArray hiddenStates(NDList list) {
            NDArray named = list.get(HIDDEN_STATES);
            if (named != null) {
                return named;
            }
            for (NDArray a : list) {
                if (a.getShape().dimension() == 3) {
                    return a;
                }
            }
            throw new EmbeddingException("the model has no output of shape [batch, tokens, hidden] (outputs: "
                    + list.getShapes() + ")");
        }
    }

    /**
     * Builds an {@link OnnxSentenceEmbedder}. Every setting may be given once; a setting given twice
     * or out of range throws {@link IllegalArgumentException} naming the value and the limit.
     */
    public static final class Builder {
        private @Nullable SentenceModel sentenceModel;
        private @Nullable Path directory;
        private Pooling pooling = DEFAULT_MODEL.pooling();
        private String modelSha256 = "";
        private int maxLength = DEFAULT_MAX_LENGTH;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private int intraOpThreads = DEFAULT_INTRA_OP_THREADS;
        private int parallelism = DEFAULT_PARALLELISM;
        private boolean parallelismSet;
        private boolean batchInvariant;
        private String queryPrefix = "";
        private String passagePrefix = "";
        private boolean poolingSet;
        private boolean maxLengthSet;
        private boolean batchSizeSet;
        private boolean threadsSet;
        private boolean batchInvariantSet;
        private boolean prefixesSet;

        private Builder() {
        }

        /**
         * One of the bundled models; exclusive with {@link #modelDirectory}.
         *
         * @param model the bundled model; not {@code null}
         * @return this builder
         */
        public Builder model(SentenceModel model) {
            Arguments.check(model != null, "model must not be null");
            Arguments.checkState(sentenceModel == null && directory == null,
                    "the model is already set (%s); give model(...) or modelDirectory(...) once",
                    sentenceModel != null ? sentenceModel.id() : directory);
            this.sentenceModel = model;
            return this;
        }

        /**
         * A user model: a folder holding {@value OnnxSentenceEmbedder#MODEL_FILE} (a BERT-style encoder whose inputs
         * are {@code input_ids}, {@code attention_mask} and optionally {@code token_type_ids}, and
         * whose output is {@code last_hidden_state}) and {@value OnnxSentenceEmbedder#TOKENIZER_FILE} (a BERT
         * WordPiece tokenizer, as {@link WordPieceTokenizer} reads; another kind fails at {@link #build()}). Pooling
         * defaults to {@link Pooling#MEAN}; exclusive with {@link #model}.
         *
         * @param folder the model folder
         * @return this builder
         */
        public Builder modelDirectory(Path folder) {
            Arguments.check(folder != null, "modelDirectory must not be null");
            Arguments.checkState(sentenceModel == null && directory == null,
                    "the model is already set (%s); give model(...) or modelDirectory(...) once",
                    sentenceModel != null ? sentenceModel.id() : directory);
            this.directory = folder;
            return this;
        }

        /**
         * Overrides the model's pooling (a bundled model's own, {@link Pooling#MEAN} for a folder).
         *
         * @param pooling the pooling; not {@code null}
         * @return this builder
         */
        public Builder pooling(Pooling pooling) {
            Arguments.check(pooling != null, "pooling must not be null");
            Arguments.checkState(!poolingSet, "pooling is already set to %s", this.pooling);
            this.pooling = pooling;
            this.poolingSet = true;
            return this;
        }

        /**
         * Maximum tokens per text, special tokens included; longer texts are cut. Default {@value #DEFAULT_MAX_LENGTH}.
         *
         * @param tokens the maximum length in tokens, at least 1
         * @return this builder
         */
        public Builder maxLength(int tokens) {
            Arguments.checkState(!maxLengthSet, "maxLength is already set to %d", maxLength);
            Arguments.check(tokens >= MIN_MAX_LENGTH && tokens <= MAX_MAX_LENGTH,
                    "maxLength must be in [%d, %d], was %d", MIN_MAX_LENGTH, MAX_MAX_LENGTH, tokens);
            this.maxLength = tokens;
            this.maxLengthSet = true;
            return this;
        }

        /**
         * Maximum texts of equal token length per ONNX run, for batch-invariant models; default
         * {@value #DEFAULT_BATCH_SIZE}. Quantised models always run one text at a time.
         *
         * @param texts the maximum texts per run, at least 1
         * @return this builder
         */
        public Builder batchSize(int texts) {
            Arguments.checkState(!batchSizeSet, "batchSize is already set to %d", batchSize);
            Arguments.check(texts >= 1 && texts <= MAX_BATCH_SIZE,
                    "batchSize must be in [1, %d], was %d", MAX_BATCH_SIZE, texts);
            this.batchSize = texts;
            this.batchSizeSet = true;
            return this;
        }

        /**
         * ONNX Runtime intra-op threads per run; default {@value #DEFAULT_INTRA_OP_THREADS}; 0 lets ONNX Runtime
         * choose.
         *
         * @param threads the number of threads; 0 or more
         * @return this builder
         */
        public Builder intraOpThreads(int threads) {
            Arguments.checkState(!threadsSet, "intraOpThreads is already set to %d", intraOpThreads);
            Arguments.check(threads >= 0 && threads <= MAX_INTRA_OP_THREADS,
                    "intraOpThreads must be in [0, %d], was %d", MAX_INTRA_OP_THREADS, threads);
            this.intraOpThreads = threads;
            this.threadsSet = true;
            return this;
        }

        /**
         * How many ONNX runs one call keeps in flight (each on its own thread, texts taken in turn);
         * 0 (the default) means one per available processor. Vectors do not depend on it.
         *
         * @param runs the number of runs in flight; 0 or more
         * @return this builder
         */
        public Builder parallelism(int runs) {
            Arguments.checkState(!parallelismSet, "parallelism is already set to %d", parallelism);
            Arguments.check(runs >= 0 && runs <= MAX_PARALLELISM,
                    "parallelism must be in [0, %d], was %d", MAX_PARALLELISM, runs);
            this.parallelism = runs;
            this.parallelismSet = true;
            return this;
        }

        /**
         * Whether a user model's output for a text is independent of the other texts in its run (true
         * for fp32 models, false for dynamically quantised ones, the default). Bundled models know it.
         *
         * @param invariant {@code true} if the model's vectors do not depend on batching
         * @return this builder
         */
        public Builder batchInvariant(boolean invariant) {
            Arguments.checkState(!batchInvariantSet, "batchInvariant is already set to %s", batchInvariant);
            this.batchInvariant = invariant;
            this.batchInvariantSet = true;
            return this;
        }

        /**
         * Prefixes put before queries and passages; a bundled model's own by default, none for a folder.
         *
         * @param query the prefix of queries; empty for none
         * @param passage the prefix of passages; empty for none
         * @return this builder
         */
        public Builder prefixes(String query, String passage) {
            Arguments.checkState(!prefixesSet, "prefixes are already set to '%s' / '%s'", queryPrefix,
                    passagePrefix);
            Arguments.check(query != null && passage != null, "prefixes must not be null");
            this.queryPrefix = query;
            this.passagePrefix = passage;
            this.prefixesSet = true;
            return this;
        }

        /**
         * Loads the tokenizer and the ONNX session.
         *
         * @return a new embedder; the caller closes it
         * @throws IllegalArgumentException if a setting contradicts another, or the model folder
         *                                       is missing or incomplete
         * @throws EmbeddingException            if a bundled model's resources are not on the classpath,
         *                                       the folder's tokenizer is not a BERT WordPiece tokenizer
         *                                       (the message names its type), or the engine cannot load
         *                                       the model
         */
        public OnnxSentenceEmbedder build() {
            if (directory != null) {
                return buildFromDirectory(directory);
            }
            SentenceModel m = sentenceModel != null ? sentenceModel : DEFAULT_MODEL;
            Arguments.check(!batchInvariantSet,
                    "batchInvariant is for a user model folder; model %s is known to be %s", m.id(),
                    m.quantized() ? "quantised (run one text at a time)" : "batch-invariant");
            if (!poolingSet) {
                pooling = m.pooling();
            }
            if (!prefixesSet) {
                queryPrefix = m.queryPrefix();
                passagePrefix = m.passagePrefix();
            }
            batchInvariant = !m.quantized();
            checkFolders();
            WordPieceTokenizer tokenizer;
            try (InputStream in = resource(m, m.tokenizerResource())) {
                tokenizer = WordPieceTokenizer.read(in, m.tokenizerResource()).truncatedTo(maxLength).unpadded();
            } catch (IOException e) {
                throw new EmbeddingException("cannot read tokenizer resource " + m.tokenizerResource() + ": " + e, e);
            }
            Path folder = cachedModel(m);
            Model model = newModel(m.id());
            try {
                model.load(folder, "model", sessionOptions());
            } catch (IOException | MalformedModelException | RuntimeException e) {
                model.close();
                throw new EmbeddingException("cannot load model " + m.id() + " from resource " + m.modelResource()
                        + ": " + e.getMessage(), e);
            }
            return create(m.id(), model, tokenizer);
        }

        private OnnxSentenceEmbedder buildFromDirectory(Path dir) {
            Arguments.check(Files.isDirectory(dir),
                    "model directory %s does not exist or is not a folder; it must hold %s and %s",
                    dir.toAbsolutePath(), MODEL_FILE, TOKENIZER_FILE);
            for (String file : List.of(MODEL_FILE, TOKENIZER_FILE)) {
                Arguments.check(Files.isRegularFile(dir.resolve(file)),
                        "model directory %s has no %s; it must hold %s and %s (export one with Hugging Face"
                                + " Optimum: optimum-cli export onnx --model <name> <folder>)",
                        dir.toAbsolutePath(), file, MODEL_FILE, TOKENIZER_FILE);
            }
            Path fileName = dir.toAbsolutePath().normalize().getFileName();
            String id = fileName == null ? dir.toString() : fileName.toString();
            checkFolders();
            WordPieceTokenizer tokenizer = WordPieceTokenizer.read(dir.resolve(TOKENIZER_FILE)).truncatedTo(maxLength)
                    .unpadded();
            Model model = newModel(id);
            try (DigestInputStream in = digesting(Files.newInputStream(dir.resolve(MODEL_FILE)))) {
                modelSha256 = hex(in);
                model.load(dir, "model", sessionOptions());
            } catch (IOException | MalformedModelException | RuntimeException e) {
                model.close();
                throw new EmbeddingException("cannot load model " + dir.resolve(MODEL_FILE) + ": " + e.getMessage(), e);
            }
            return create(id, model, tokenizer);
        }

        /**
         * A model on the pinned ONNX engine. DJL's engine creates the process-wide ONNX Runtime
         * environment with its own thread options, and fails if another library created it first.
         */
        private static Model newModel(String id) {
            try {
                return Model.newInstance(id, Device.cpu(), ENGINE);
            } catch (ExceptionInInitializerError | NoClassDefFoundError | RuntimeException e) {
                throw new EmbeddingException("cannot start DJL's " + ENGINE + " engine for model " + id + ": " + e
                        + (e.getCause() != null ? " (" + e.getCause().getMessage() + ")" : "")
                        + "; if another library (such as LangChain4j's in-process embeddings) created the ONNX Runtime"
                        + " environment first, create an OnnxSentenceEmbedder before it", e);
            }
        }

        private OnnxSentenceEmbedder create(String id, Model model, WordPieceTokenizer tokenizer) {
            try {
                return new OnnxSentenceEmbedder(this, id, model, tokenizer);
            } catch (RuntimeException e) {
                model.close();
                throw e;
            }
        }

        private Map<String, String> sessionOptions() {
            Map<String, String> o = new LinkedHashMap<>();
            o.put("interOpNumThreads", "1");
            o.put("executionMode", "SEQUENTIAL");
            if (intraOpThreads > 0) {
                o.put("intraOpNumThreads", Integer.toString(intraOpThreads));
            }
            return o;
        }

        /** Fails with one line when the temporary folder, which ONNX Runtime must write to, is not writable. */
        private static void checkFolders() {
            NativeLibraries.checkWritable(NativeLibraries.temporaryFolder(), "the temporary folder",
                    "start Java with -Djava.io.tmpdir=<a writable folder> (for the astrorag command: "
                            + "JAVA_TOOL_OPTIONS=-Djava.io.tmpdir=<folder>)");
        }

        /**
         * The folder in the cache holding {@code m}'s ONNX file as {@value OnnxSentenceEmbedder#MODEL_FILE}, copied
         * there on first use (through a temporary file in the same folder, then an atomic move).
         */
        /** The bundled model copied once into the cache folder; remembers the SHA-256 of its bytes for the fingerprint. */
        private Path cachedModel(SentenceModel m) {
            byte[] bytes;
            try (InputStream in = resource(m, m.modelResource())) {
                bytes = in.readAllBytes();
            } catch (IOException e) {
                throw new EmbeddingException("cannot read model resource " + m.modelResource() + ": " + e.getMessage(), e);
            }
            modelSha256 = NativeLibraries.sha256(bytes);
            Path folder = NativeLibraries.cacheFolder().resolve("astrorag").resolve("models")
                    .resolve(m.id() + "-" + modelSha256.substring(0, 16));
            Path file = folder.resolve(MODEL_FILE);
            try {
                if (Files.isRegularFile(file) && Files.size(file) == bytes.length) {
                    return folder;
                }
                Files.createDirectories(folder);
                Path part = Files.createTempFile(folder, MODEL_FILE, ".part");
                try {
                    Files.write(part, bytes);
                    Files.move(part, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                } finally {
                    Files.deleteIfExists(part);
                }
                return folder;
            } catch (IOException e) {
                throw new EmbeddingException("cannot copy model " + m.id() + " into the cache folder " + folder + " ("
                        + e.getClass().getSimpleName() + "): set the environment variable DJL_CACHE_DIR to a writable folder", e);
            }
        }

        private static DigestInputStream digesting(InputStream in) {
            try {
                return new DigestInputStream(in, MessageDigest.getInstance("SHA-256"));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JDK lacks SHA-256", e);
            }
        }

        /** Reads what is left of {@code in} and returns the hex SHA-256 of everything read through it. */
        private static String hex(DigestInputStream in) throws IOException {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        }

        private static InputStream resource(SentenceModel m, String resource) {
            InputStream in = SentenceModel.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new EmbeddingException("embedding model " + m.id() + ": resource '" + resource
                        + "' is not on the classpath; add the Maven dependency " + m.artifact()
                        + " (it is used as a resource only: its transitive dependencies may be excluded)");
            }
            return in;
        }
    }
}
