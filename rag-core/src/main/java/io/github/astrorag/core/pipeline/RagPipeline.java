package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A configured retrieval-augmented generation pipeline: immutable, thread-safe, and cheap to keep.
 *
 * <p>Each question (or each set of documents) gets its own {@link RagInstance} from {@link #open}: the
 * documents are loaded, chunked and embedded into a fresh {@link EphemeralIndex} that the instance owns
 * and deletes on {@code close()}. Asking runs the stages in order: embed the query (then the optional
 * {@link QueryTransformer}, such as HyDE), retrieve {@code candidates} chunks, apply each
 * {@link Reranker}, select a context within the token budget, generate.
 *
 * <pre>{@code
 * try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
 *      RagInstance instance = rag.open(List.of(Path.of("docs")))) {
 *     Answer answer = instance.ask("How far is Andromeda?");
 * }
 * }</pre>
 *
 * <p>The presets ({@code AstroRag.recommended()}, {@code AstroRag.paper()}, {@code AstroRag.naive()} in
 * rag-retrieval, {@code Corag.paper(embedder)} in rag-mcts) are what most users want. A plain
 * {@link #builder()} falls back to the <em>minimal pipeline</em> for every stage it is not given: the
 * file-system loader (.txt, .md, .pdf; 50 MiB per file), {@link RecursiveTokenChunker} (p50k_base, 300
 * tokens, 30 overlap), the in-memory index, dense retrieval of {@value #DEFAULT_CANDIDATES} candidates, no
 * reranker, {@link TokenBudgetSelector} with {@value TokenBudgetSelector#DEFAULT_BUDGET} tokens in retrieval
 * order, {@link ExtractiveGenerator} over the pipeline's embedder. The embedder has no fallback: name one.
 * Fallbacks are resolved when the pipeline is built, from the settings given, never frozen into
 * {@link #toBuilder()}.
 *
 * <p>Ownership: a pipeline closes, on {@link #close()}, exactly the resources handed to
 * {@link Builder#owning} (the presets that load a model hand it over); everything else passed to the
 * builder stays the caller's to close. Closing a pipeline while instances are open is allowed; their
 * asks then fail if they need a closed resource.
 */
public final class RagPipeline implements AutoCloseable {

    /** Candidates fetched from the index by default. */
    public static final int DEFAULT_CANDIDATES = 20;
    /** Chunks embedded per call while opening. */
    public static final int EMBED_BATCH = 32;

    private final Settings given;
    final DocumentLoader loader;
    final Chunker chunker;
    final Embedder embedder;
    final EphemeralIndexFactory indexFactory;
    final QueryTransformer queryTransformer;
    final Retriever retriever;
    final int candidates;
    final List<Reranker> rerankers;
    final ContextSelector selector;
    final int budget;
    final Generator generator;
    final @Nullable Prefilter prefilter;
    final int prefilterSize;
    private final @Nullable CachingEmbedder caching;
    private final List<AutoCloseable> owned;
    private final AtomicBoolean closed = new AtomicBoolean();

    private RagPipeline(Settings given, List<AutoCloseable> owned) {
        this.given = given;
        this.loader = given.loader == null ? FileSystemDocumentLoader.defaults() : given.loader;
        this.chunker = given.chunker == null ? RecursiveTokenChunker.defaults() : given.chunker;
        this.embedder = given.embedder;
        this.indexFactory = given.indexFactory == null ? new InMemoryEphemeralIndexFactory() : given.indexFactory;
        this.queryTransformer = given.queryTransformer;
        this.retriever = given.retriever == null ? new DenseRetriever() : given.retriever;
        this.candidates = given.candidates == null ? DEFAULT_CANDIDATES : given.candidates;
        this.rerankers = List.copyOf(given.rerankers);
        this.selector = given.selector == null ? new TokenBudgetSelector() : given.selector;
        this.budget = given.budget == null ? TokenBudgetSelector.DEFAULT_BUDGET : given.budget;
        this.generator = given.generator == null ? new ExtractiveGenerator(embedder) : given.generator;
        this.prefilter = given.prefilter;
        this.prefilterSize = given.prefilterSize == null ? 0 : given.prefilterSize;
        this.caching = given.cache == null || embedder.fingerprint().isEmpty() ? null : new CachingEmbedder(embedder, given.cache);
        this.owned = List.copyOf(owned);
    }

    /**
     * A builder with nothing set: what it is not given falls back to the minimal pipeline (see above).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder(new Settings());
    }

    /**
     * A builder that starts from the settings this pipeline was <em>given</em> (fallbacks are resolved
     * again when it is built, so {@code toBuilder().embedder(other)} also gets an extractive generator over
     * {@code other}). The rule every preset follows: each of these settings may be replaced once; setting
     * the same thing twice on the new builder fails, as on a plain builder. {@link Builder#reranker} adds
     * after the rerankers given; {@link Builder#rerankers} replaces them. The new pipeline does not own
     * this one's resources: it borrows them, and closing this one closes them.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder(given.copy());
    }

    /**
     * Loads, chunks and embeds the files and folders into a new instance.
     *
     * @param paths the files and folders to read
     * @return a new instance; the caller closes it
     */
    public RagInstance open(Collection<Path> paths) {
        return open(paths, IngestListener.NONE);
    }

    /**
     * Loads every path first (so that a bad file fails before anything is indexed), then chunks and
     * embeds into a fresh index. If anything fails, the index is deleted before the exception leaves.
     *
     * @param paths the files and folders to read
     * @param listener told of the progress; {@link IngestListener#NONE} for none
     * @return a new instance; the caller closes it
     */
    public RagInstance open(Collection<Path> paths, IngestListener listener) {
        List<Trace.Stage> stages = new ArrayList<>();
        List<Document> documents = load(paths, listener, stages, "");
        return ingest(documents, listener, stages);
    }

    /**
     * A new instance over documents already in memory.
     *
     * @param documents the documents; ids must be distinct
     * @return a new instance; the caller closes it
     */
    public RagInstance openDocuments(List<Document> documents) {
        return openDocuments(documents, IngestListener.NONE);
    }

    /**
     * A new instance over documents already in memory, reporting progress.
     *
     * @param documents the documents; ids must be distinct
     * @param listener told of the progress
     * @return a new instance; the caller closes it
     */
    public RagInstance openDocuments(List<Document> documents, IngestListener listener) {
        return ingest(documents, listener, new ArrayList<>());
    }

    /**
     * The documents of {@code paths}, read in one call (so that the loader can skip a file given twice, limit the
     * whole call's text and keep ids distinct across paths), with a stage {@code <prefix>load}.
     */
    List<Document> load(Collection<Path> paths, IngestListener listener, List<Trace.Stage> stages, String prefix) {
        Objects.requireNonNull(paths, "paths");
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        long started = System.nanoTime();
        List<Document> documents = loader.loadAll(paths);
        listener.progress("load", paths.size(), paths.size());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("paths", paths.size());
        details.put("documents", documents.size());
        details.put("characters", documents.stream().mapToLong(d -> d.text().length()).sum());
        stages.add(new Trace.Stage(prefix + "load", millisSince(started), List.of(), details));
        return documents;
    }

    /**
     * Chunks, embeds (through the cache, if one was given) and indexes batch by batch; the instance's trace gets a
     * stage each: {@code chunk}, {@code embed} (texts, cache hits and misses), {@code index}, after {@code load}
     * if given.
     */
    private RagInstance ingest(List<Document> documents, IngestListener listener, List<Trace.Stage> stages) {
        Arguments.checkState(!closed.get(), "this pipeline is closed: build a new one to open instances");
        List<Document> unique = uniqueIds(documents, Set.of());
        List<Chunk> chunks = chunk(unique, listener, stages, "");
        if (prefilter != null) {
            long t0 = System.nanoTime();
            Prefilter.Ranking ranking = prefilter.prepare(chunks);
            stages.add(prefilterStage("prefilter", chunks.size(), t0));
            return new RagInstance(this, null, unique, chunks, ranking, stages);
        }
        long started = System.nanoTime();
        EphemeralIndex index = indexFactory.create(embedder.dimension());
        try {
            long indexNanos = System.nanoTime() - started + embed(chunks, listener, stages, "", index::add);
            stages.add(indexStage("index", index, chunks.size(), indexNanos));
            return new RagInstance(this, index, unique, chunks, null, stages);
        } catch (RuntimeException | Error e) {
            try {
                index.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /**
     * The documents with ids made distinct (a repeated id gets {@code ~2}, {@code ~3}, ...), refusing an id in
     * {@code taken}.
     */
    static List<Document> uniqueIds(List<Document> documents, Set<String> taken) {
        Objects.requireNonNull(documents, "documents");
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        Map<String, Integer> seen = new HashMap<>();
        List<Document> out = new ArrayList<>(documents.size());
        for (Document d : documents) {
            Arguments.check(!taken.contains(d.id()), "document %s is already in this instance: remove it first", d.id());
            int n = seen.merge(d.id(), 1, Integer::sum);
            out.add(n == 1 ? d : d.withId(d.id() + "~" + n));
        }
        return out;
    }

    /** The chunks of {@code documents} in order, with a stage {@code <prefix>chunk}; fails if there are none. */
    List<Chunk> chunk(List<Document> documents, IngestListener listener, List<Trace.Stage> stages, String prefix) {
        long chunking = System.nanoTime();
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            chunks.addAll(chunker.chunk(documents.get(i)));
            listener.progress("chunk", i + 1, documents.size());
        }
        if (chunks.isEmpty()) {
            throw new RagException("the documents hold no text to index");
        }
        Map<String, Object> chunked = new LinkedHashMap<>();
        chunked.put("documents", documents.size());
        chunked.put("chunks", chunks.size());
        stages.add(new Trace.Stage(prefix + "chunk", millisSince(chunking), List.of(), chunked));
        return chunks;
    }

    /** Where {@link #embed} hands each batch of chunks with their checked vectors. */
    interface BatchSink {
        void accept(List<Chunk> chunks, List<float[]> vectors);
    }

    /**
     * Embeds {@code chunks} {@value #EMBED_BATCH} at a time, cache first, handing each batch to {@code sink}, with a
     * stage {@code <prefix>embed} (texts, cache hits and misses). Returns the nanoseconds spent in {@code sink}.
     */
    long embed(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages, String prefix, BatchSink sink) {
        long embedNanos = 0;
        long sinkNanos = 0;
        int hits = 0;
        for (int from = 0; from < chunks.size(); from += EMBED_BATCH) {
            if (Thread.currentThread().isInterrupted()) {
                throw new RagException("interrupted while embedding the documents");
            }
            List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + EMBED_BATCH));
            long t0 = System.nanoTime();
            CachingEmbedder.Embedded e = embedTexts(batch.stream().map(Chunk::text).toList());
            long t1 = System.nanoTime();
            hits += e.hits();
            sink.accept(batch, e.vectors());
            embedNanos += t1 - t0;
            sinkNanos += System.nanoTime() - t1;
            listener.progress("embed", from + batch.size(), chunks.size());
        }
        Map<String, Object> embedding = new LinkedHashMap<>();
        embedding.put("texts", chunks.size());
        embedding.put("cacheHits", hits);
        embedding.put("cacheMisses", chunks.size() - hits);
        embedding.put("cache", cacheState());
        stages.add(new Trace.Stage(prefix + "embed", embedNanos / 1e6, List.of(), embedding));
        return sinkNanos;
    }

    /** The document vectors of {@code texts}, through the cache if one is used, checked against the embedder's dimension. */
    CachingEmbedder.Embedded embedTexts(List<String> texts) {
        CachingEmbedder.Embedded e = caching != null ? caching.embed(texts)
                : new CachingEmbedder.Embedded(embedder.embedDocuments(texts), 0, texts.size());
        Vectors.check(String.valueOf(embedder.describe().get("name")), embedder.dimension(), texts.size(), e.vectors());
        return e;
    }

    /** A stage {@code name}: the prefilter prepared over {@code chunks} chunks since {@code started}. */
    Trace.Stage prefilterStage(String name, int chunks, long started) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("prefilter", prefilter.describe().get("name"));
        details.put("chunks", chunks);
        return new Trace.Stage(name, millisSince(started), List.of(), details);
    }

    /** A stage {@code name} for {@code chunks} chunks stored in {@code index} in {@code nanos}. */
    static Trace.Stage indexStage(String name, EphemeralIndex index, int chunks, long nanos) {
        Map<String, Object> indexed = new LinkedHashMap<>();
        indexed.put("kind", index.kind());
        indexed.put("chunks", chunks);
        return new Trace.Stage(name, nanos / 1e6, List.of(), indexed);
    }

    /** What the embed stage says of the cache: none given, not usable for this embedder, or the cache. */
    private Object cacheState() {
        if (given.cache == null) {
            return "none";
        }
        return caching == null ? "not used: the embedder declares no fingerprint" : given.cache.describe();
    }

    static double millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e6;
    }

    /**
     * The token budget of the context.
     *
     * @return the budget, in tokens
     */
    public int budget() {
        return budget;
    }

    /**
     * The embedder.
     *
     * @return the embedder of chunks and queries
     */
    public Embedder embedder() {
        return embedder;
    }

    /**
     * Every component's settings, by role, for the trace.
     *
     * @return a new map, by role
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("chunker", chunker.describe());
        m.put("embedder", embedder.describe());
        m.put("index", indexFactory.describe());
        if (queryTransformer != null) {
            m.put("queryTransformer", queryTransformer.describe());
        }
        if (prefilter != null) {
            Map<String, Object> p = new LinkedHashMap<>(prefilter.describe());
            p.put("n", prefilterSize);
            m.put("prefilter", p);
        }
        m.put("retriever", retriever.describe());
        m.put("candidates", candidates);
        m.put("rerankers", rerankers.stream().map(Reranker::describe).toList());
        m.put("selector", selector.describe());
        m.put("budget", budget);
        m.put("generator", generator.describe());
        return m;
    }

    /**
     * Closes the resources handed to {@link Builder#owning}, in reverse order; idempotent. A failure to close
     * one does not stop the others: the first is thrown, later ones suppressed in it.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        RuntimeException failure = null;
        for (int i = owned.size() - 1; i >= 0; i--) {
            try {
                owned.get(i).close();
            } catch (Exception e) {
                RuntimeException r = e instanceof RuntimeException re ? re
                        : new RagException("closing " + owned.get(i) + " failed: " + e.getMessage(), e);
                if (failure == null) {
                    failure = r;
                } else {
                    failure.addSuppressed(r);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Whether {@link #close()} was called.
     *
     * @return {@code true} once closed
     */
    public boolean isClosed() {
        return closed.get();
    }

    /** What a builder was given; {@code null} means "fall back to the minimal pipeline". */
    private static final class Settings {
        DocumentLoader loader;
        Chunker chunker;
        Embedder embedder;
        EphemeralIndexFactory indexFactory;
        QueryTransformer queryTransformer;
        Retriever retriever;
        Integer candidates;
        final List<Reranker> rerankers = new ArrayList<>();
        ContextSelector selector;
        Integer budget;
        Generator generator;
        EmbeddingCache cache;
        Prefilter prefilter;
        Integer prefilterSize;

        Settings copy() {
            Settings c = new Settings();
            c.loader = loader;
            c.chunker = chunker;
            c.embedder = embedder;
            c.indexFactory = indexFactory;
            c.queryTransformer = queryTransformer;
            c.retriever = retriever;
            c.candidates = candidates;
            c.rerankers.addAll(rerankers);
            c.selector = selector;
            c.budget = budget;
            c.generator = generator;
            c.cache = cache;
            c.prefilter = prefilter;
            c.prefilterSize = prefilterSize;
            return c;
        }
    }

    /**
     * Fail-fast builder. A value out of range throws {@link IllegalArgumentException} naming it, a null
     * {@link NullPointerException}; a setting given twice to the same builder, or {@link #build()} without an
     * embedder, {@link IllegalStateException}. A builder from {@link RagPipeline#toBuilder()} (every preset's
     * builder is one) starts from that pipeline's settings, each of which may be replaced once. Not
     * thread-safe; {@link #build()} may be called more than once.
     */
    public static final class Builder {
        private final Settings s;
        private final Set<String> set = new HashSet<>();
        private final List<AutoCloseable> owned = new ArrayList<>();

        private Builder(Settings start) {
            this.s = start;
        }

        private void once(String name) {
            Arguments.checkState(set.add(name), "%s was already set", name);
        }

        /**
         * How files become documents; minimal pipeline: .txt, .md and .pdf up to 50 MiB each.
         *
         * @param value the document loader
         * @return this builder
         */
        public Builder loader(DocumentLoader value) {
            once("loader");
            s.loader = Objects.requireNonNull(value, "loader");
            return this;
        }

        /**
         * How documents become chunks; minimal pipeline: p50k_base, 300 tokens, 30 overlap.
         *
         * @param value the chunker of documents
         * @return this builder
         */
        public Builder chunker(Chunker value) {
            once("chunker");
            s.chunker = Objects.requireNonNull(value, "chunker");
            return this;
        }

        /**
         * The embedding model (required). The caller keeps ownership unless it is also given to {@link #owning}.
         *
         * @param value the embedder of chunks and queries
         * @return this builder
         */
        public Builder embedder(Embedder value) {
            once("embedder");
            s.embedder = Objects.requireNonNull(value, "embedder");
            return this;
        }

        /**
         * Where each instance's index lives; minimal pipeline: in memory.
         *
         * @param value the index factory
         * @return this builder
         */
        public Builder index(EphemeralIndexFactory value) {
            once("index");
            s.indexFactory = Objects.requireNonNull(value, "index");
            return this;
        }

        /**
         * A rewrite of the embedded query before retrieval (HyDE); minimal pipeline: none.
         *
         * @param value the query transformer
         * @return this builder
         */
        public Builder queryTransformer(QueryTransformer value) {
            once("queryTransformer");
            s.queryTransformer = Objects.requireNonNull(value, "queryTransformer");
            return this;
        }

        /**
         * How candidates are found; minimal pipeline: dense (cosine).
         *
         * @param value the retriever of candidates
         * @return this builder
         */
        public Builder retriever(Retriever value) {
            once("retriever");
            s.retriever = Objects.requireNonNull(value, "retriever");
            return this;
        }

        /**
         * How many candidates to retrieve; minimal pipeline: {@value RagPipeline#DEFAULT_CANDIDATES}; at least 1.
         *
         * @param value the number of candidates
         * @return this builder
         */
        public Builder candidates(int value) {
            Arguments.check(value >= 1, "candidates must be at least 1, was %d", value);
            once("candidates");
            s.candidates = value;
            return this;
        }

        /**
         * Adds a reranker, applied after those added (or inherited from a preset) before it.
         *
         * @param value the reranker to append
         * @return this builder
         */
        public Builder reranker(Reranker value) {
            s.rerankers.add(Objects.requireNonNull(value, "reranker"));
            return this;
        }

        /**
         * Replaces every reranker, including a preset's, by {@code values} (empty: none).
         *
         * @param values the rerankers, in the order they run
         * @return this builder
         */
        public Builder rerankers(List<Reranker> values) {
            List<Reranker> copy = List.copyOf(values);
            s.rerankers.clear();
            s.rerankers.addAll(copy);
            return this;
        }

        /**
         * How the context is chosen; minimal pipeline: in retrieval order, cut to the budget.
         *
         * @param value the context selector
         * @return this builder
         */
        public Builder selector(ContextSelector value) {
            once("selector");
            s.selector = Objects.requireNonNull(value, "selector");
            return this;
        }

        /**
         * The context budget in tokens; minimal pipeline: {@value TokenBudgetSelector#DEFAULT_BUDGET}; at least 1.
         *
         * @param value the budget, in tokens
         * @return this builder
         */
        public Builder budget(int value) {
            Arguments.check(value >= 1, "budget must be at least 1 token, was %d", value);
            once("budget");
            s.budget = value;
            return this;
        }

        /**
         * The generator; minimal pipeline: extractive over the pipeline's embedder.
         *
         * @param value the generator of answers
         * @return this builder
         */
        public Builder generator(Generator value) {
            once("generator");
            s.generator = Objects.requireNonNull(value, "generator");
            return this;
        }

        /**
         * Where chunk vectors are looked up before embedding and stored after; minimal pipeline: none (every
         * instance embeds every chunk). Used only with an embedder that declares a
         * {@linkplain Embedder#fingerprint() fingerprint}; otherwise the trace's {@code embed} stage says it was
         * not used. The cache stays the caller's to close unless given to {@link #owning}.
         *
         * @param value the embedding cache
         * @return this builder
         */
        public Builder embeddingCache(EmbeddingCache value) {
            once("embeddingCache");
            s.cache = Objects.requireNonNull(value, "embeddingCache");
            return this;
        }

        /**
         * Embed only what can matter: at ingest the chunks are not embedded (nor stored in an index of the factory);
         * for each question {@code prefilter} ranks all of them and only its first {@code n} are embedded (through the
         * embedding cache, if one is given, and kept by the instance for its later questions), put into an index of
         * the pipeline's factory made for that question, and handed to the retriever, which ranks them as usual
         * (dense retrieval: by cosine). Ingest then costs chunking and the prefilter's preparation instead of
         * embedding every chunk; a question costs the first pass plus at most {@code n} embeddings, fewer when its
         * chunks were embedded before. What the retriever can find is limited to the {@code n} chunks: the
         * evaluation in the README measures how much of the full dense ranking they hold. Minimal pipeline: off.
         *
         * @param value the first pass, such as {@code Bm25Prefilter} from rag-retrieval
         * @param n     how many chunks it passes on per question, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code n} is below 1
         */
        public Builder prefilter(Prefilter value, int n) {
            Arguments.check(n >= 1, "prefilter must pass at least 1 chunk, was %d", n);
            once("prefilter");
            s.prefilter = Objects.requireNonNull(value, "prefilter");
            s.prefilterSize = n;
            return this;
        }

        /**
         * Hands {@code resource} to the pipeline: {@link RagPipeline#close()} closes it. For components
         * created for this pipeline alone (a loaded model); never for a shared one.
         *
         * @param resource what the pipeline closes when it is closed
         * @return this builder
         */
        public Builder owning(AutoCloseable resource) {
            owned.add(Objects.requireNonNull(resource, "resource"));
            return this;
        }

        /**
         * The pipeline; fallbacks for what was not given are resolved now.
         *
         * @return the immutable pipeline
         * @throws IllegalStateException if no embedder was given
         */
        public RagPipeline build() {
            Arguments.checkState(s.embedder != null, "an embedder is required: OnnxSentenceEmbedder from "
                    + "rag-retrieval for real use, HashingEmbedder for fast offline tests");
            return new RagPipeline(s.copy(), owned);
        }
    }
}
