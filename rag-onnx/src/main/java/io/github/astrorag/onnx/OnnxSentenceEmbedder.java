package io.github.astrorag.onnx;

import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.onnx.WordPieceTokenizer.Encoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 * <p><b>Structure.</b> Package-private helpers do the work: {@code OnnxModelLoader} reads the tokenizer and
 * starts the session, {@code EncodingTranslator} turns encodings into the model's inputs and its hidden states
 * into pooled vectors, {@code OnnxBatchRunner} groups texts into runs and keeps them in flight.
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
     * parallel} runs instead (ONNX Runtime's own worker threads spin while they wait, which costs more than it
     * gains when runs are short); the timings are in {@code docs/benchmarks.md}. 0 lets ONNX Runtime choose.
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

    private final String name;
    private final String modelSha256;
    private final WordPieceTokenizer tokenizer;
    private final Pooling pooling;
    private final int maxLength;
    private final int batchSize;
    private final int intraOpThreads;
    private final int parallelism;
    private final boolean batchInvariant;
    private final String queryPrefix;
    private final String passagePrefix;
    private final int dimension;
    private final OnnxBatchRunner runner;
    private final @Nullable Double extractiveMinSupport;
    private final Set<String> languages;
    private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;

    private OnnxSentenceEmbedder(Builder b, OnnxModelLoader.Loaded loaded) {
        this.name = loaded.id();
        this.extractiveMinSupport = b.extractiveMinSupport;
        // a bundled model reads the languages it was trained on; a user's model declares nothing (all languages)
        this.languages = b.sentenceModel != null ? b.sentenceModel.languages()
                : b.directory == null ? DEFAULT_MODEL.languages() : Set.of();
        this.modelSha256 = loaded.sha256();
        this.tokenizer = loaded.tokenizer();
        this.pooling = b.pooling;
        this.maxLength = b.maxLength;
        this.batchSize = b.batchSize;
        this.intraOpThreads = b.intraOpThreads;
        this.parallelism = b.parallelism > 0 ? b.parallelism : Runtime.getRuntime().availableProcessors();
        this.batchInvariant = b.batchInvariant;
        this.queryPrefix = b.queryPrefix;
        this.passagePrefix = b.passagePrefix;
        EncodingTranslator translator = EncodingTranslator.forModel(loaded.model(), name, pooling);
        this.dimension = OnnxBatchRunner.probeDimension(name, loaded.model(), translator, tokenizer.encode("dimension"));
        this.runner = new OnnxBatchRunner(name, loaded.model(), translator, batchInvariant, batchSize, parallelism);
    }

    /**
     * The {@linkplain #DEFAULT_MODEL default model} with default settings.
     *
     * @return a new embedder; the caller closes it
     * @throws EmbeddingException if the model's resources are not on the classpath, a folder it needs is not
     *                            writable, or the engine cannot load the model
     */
    public static OnnxSentenceEmbedder load() {
        return load(DEFAULT_MODEL);
    }

    /**
     * {@code model} with default settings.
     *
     * @param model the bundled model
     * @return a new embedder; the caller closes it
     * @throws EmbeddingException if the model's resources are not on the classpath, a folder it needs is not
     *                            writable, or the engine cannot load the model
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
     * The bundled model's {@link SentenceModel#languages()} ({@code en}, or {@code zh} for bge-small-zh-v1.5); empty
     * (every language) for a model from a folder.
     */
    @Override
    public Set<String> languages() {
        return languages;
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
        if (extractiveMinSupport != null) {
            m.put(ExtractiveGenerator.MIN_SUPPORT_HINT, extractiveMinSupport);
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
                runner.close();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
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
            List<float[]> out = Arrays.asList(runner.embed(encode(texts, prefix)));
            Vectors.check(name, dimension, texts.size(), out);
            return out;
        } finally {
            lifecycle.readLock().unlock();
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
     * Builds an {@link OnnxSentenceEmbedder}. Every setting may be given once: a setting given twice throws
     * {@link IllegalStateException} naming the value already set, a value out of range
     * {@link IllegalArgumentException} naming the value and the limit, a {@code null}
     * {@link NullPointerException} naming the parameter.
     */
    public static final class Builder {
        private @Nullable SentenceModel sentenceModel;
        /** The bundled model's answer threshold, set by {@link #build()}; none for a user's model folder. */
        private @Nullable Double extractiveMinSupport;
        private @Nullable Path directory;
        private Pooling pooling = DEFAULT_MODEL.pooling();
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
         * @throws IllegalStateException if the model (by this method or {@link #modelDirectory}) was already set
         * @throws NullPointerException if {@code model} is {@code null}
         */
        public Builder model(SentenceModel model) {
            Objects.requireNonNull(model, "model");
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
         * @throws IllegalStateException if the model (by this method or {@link #model}) was already set
         * @throws NullPointerException if {@code folder} is {@code null}
         */
        public Builder modelDirectory(Path folder) {
            Objects.requireNonNull(folder, "folder");
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
         * @throws IllegalStateException if the pooling was already set
         * @throws NullPointerException if {@code pooling} is {@code null}
         */
        public Builder pooling(Pooling pooling) {
            Objects.requireNonNull(pooling, "pooling");
            Arguments.checkState(!poolingSet, "pooling is already set to %s", this.pooling);
            this.pooling = pooling;
            this.poolingSet = true;
            return this;
        }

        /**
         * Maximum tokens per text, special tokens included; longer texts are cut. Default {@value #DEFAULT_MAX_LENGTH}.
         *
         * @param tokens the maximum length in tokens, {@value #MIN_MAX_LENGTH} to {@value #MAX_MAX_LENGTH}
         * @return this builder
         * @throws IllegalStateException if the maximum length was already set
         * @throws IllegalArgumentException if {@code tokens} is out of range
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
         * @param texts the maximum texts per run, 1 to {@value #MAX_BATCH_SIZE}
         * @return this builder
         * @throws IllegalStateException if the batch size was already set
         * @throws IllegalArgumentException if {@code texts} is out of range
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
         * @param threads the number of threads, 0 to {@value #MAX_INTRA_OP_THREADS}
         * @return this builder
         * @throws IllegalStateException if the thread count was already set
         * @throws IllegalArgumentException if {@code threads} is out of range
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
         * @param runs the number of runs in flight, 0 to {@value #MAX_PARALLELISM}
         * @return this builder
         * @throws IllegalStateException if the parallelism was already set
         * @throws IllegalArgumentException if {@code runs} is out of range
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
         * @throws IllegalStateException if it was already set
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
         * @throws IllegalStateException if the prefixes were already set
         * @throws NullPointerException if a prefix is {@code null}
         */
        public Builder prefixes(String query, String passage) {
            Arguments.checkState(!prefixesSet, "prefixes are already set to '%s' / '%s'", queryPrefix,
                    passagePrefix);
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(passage, "passage");
            this.queryPrefix = query;
            this.passagePrefix = passage;
            this.prefixesSet = true;
            return this;
        }

        /**
         * Loads the tokenizer and the ONNX session.
         *
         * @return a new embedder; the caller closes it
         * @throws IllegalArgumentException if {@link #batchInvariant} was given for a bundled model, or the
         *                                  model folder is missing or lacks one of its two files
         * @throws EmbeddingException       if a bundled model's resources are not on the classpath, the
         *                                  temporary or cache folder is not writable, the folder's tokenizer
         *                                  is not a BERT WordPiece tokenizer (the message names its type), the
         *                                  model's inputs are not a sentence encoder's, or the engine cannot
         *                                  load or run the model
         */
        public OnnxSentenceEmbedder build() {
            if (directory != null) {
                return create(OnnxModelLoader.folder(directory, maxLength, intraOpThreads));
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
            extractiveMinSupport = m.extractiveMinSupport();
            return create(OnnxModelLoader.bundled(m, maxLength, intraOpThreads));
        }

        private OnnxSentenceEmbedder create(OnnxModelLoader.Loaded loaded) {
            try {
                return new OnnxSentenceEmbedder(this, loaded);
            } catch (RuntimeException e) {
                loaded.model().close();
                throw e;
            }
        }
    }
}

