package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.token.TokenCounter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

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
 * <p>The presets of rag-presets ({@code AstroRag.recommended()}, {@code AstroRag.paper()},
 * {@code AstroRag.naive()}, {@code Corag.paper(embedder)}, or {@code Preset} by name) are what most users want. A plain
 * {@link #builder()} falls back to the <em>minimal pipeline</em> for every stage it is not given: the
 * file-system loader ({@link FileSystemDocumentLoader#installed()}: every kind registered by name on the class path,
 * as the command line and the Spring Boot starter read: text, Markdown and PDF, and with rag-documents HTML and
 * office files; 50 MiB per file; its {@code extensions()} list them; {@link FileSystemDocumentLoader#defaults()}
 * reads text, Markdown and PDF only), {@link RecursiveTokenChunker} (p50k_base, 300
 * tokens, 30 overlap), the in-memory index, dense retrieval of {@value #DEFAULT_CANDIDATES} candidates, no
 * reranker, {@link TokenBudgetSelector} with {@value TokenBudgetSelector#DEFAULT_BUDGET} tokens in retrieval
 * order, {@link ExtractiveGenerator} over the pipeline's embedder. The embedder has no fallback: name one.
 * Fallbacks are resolved when the pipeline is built, from the settings given, never frozen into
 * {@link #toBuilder()}.
 *
 * <p><b>A pipeline per language.</b> {@link Builder#pipelineFor} names another pipeline for the documents of a
 * language (for example one over a Chinese embedding model): {@link #open} and {@link #openDocuments} load the
 * documents, tell their dominant language (the language set, else each document's given or detected language,
 * weighed by its length) and, when a pipeline is named for it, open the instance with that pipeline, whose
 * embedder, retrieval, selection and generation then answer its questions. The named pipeline is made when first
 * needed and closed with this one. {@link #openEmpty()} and the passages given to {@link #select} stay with this
 * pipeline.
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

    /** What the builder was given, for {@link #toBuilder()}. */
    private final PipelineSettings given;
    /** The roles, fallbacks resolved. */
    private final Components components;
    private final Ingest ingest;
    private final GivenPassages givenPassages;
    private final List<AutoCloseable> owned;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The pipelines of {@link Builder#pipelineFor}, by language; each made once, when first needed. */
    private final Map<String, Supplier<RagPipeline>> byLanguage;
    private final Map<String, RagPipeline> made = new ConcurrentHashMap<>();

    private RagPipeline(PipelineSettings given, List<AutoCloseable> owned) {
        this.given = given;
        this.components = given.resolve();
        this.ingest = new Ingest(components);
        this.givenPassages = new GivenPassages(components);
        this.owned = List.copyOf(owned);
        this.byLanguage = Map.copyOf(given.byLanguage);
    }

    /**
     * A builder with nothing set: what it is not given falls back to the minimal pipeline (see above).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder(new PipelineSettings());
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
     * @throws IllegalArgumentException if {@code paths} is empty
     * @throws IndexException if this pipeline is closed (before anything is read)
     * @throws RagException if a file cannot be read, the documents hold no text, or embedding or the index fails
     */
    public RagInstance open(Collection<Path> paths) {
        return open(paths, IngestListener.NONE);
    }

    /**
     * Loads every path first (so that a bad file fails before anything is indexed), then chunks and
     * embeds into a fresh index. If anything fails, the index is deleted before the exception leaves.
     * Cost: loading and chunking the text, and one embedding per chunk ({@value #EMBED_BATCH} per call, cache
     * first), or with a prefilter its preparation instead of the embeddings.
     *
     * @param paths the files and folders to read
     * @param listener told of the progress; {@link IngestListener#NONE} for none
     * @return a new instance; the caller closes it
     * @throws IllegalArgumentException if {@code paths} is empty
     * @throws IndexException if this pipeline is closed (before anything is read)
     * @throws RagException if a file cannot be read, the documents hold no text, or embedding or the index fails
     */
    public RagInstance open(Collection<Path> paths, IngestListener listener) {
        ensureOpen();
        List<Trace.Stage> stages = new ArrayList<>();
        List<Document> documents = ingest.load(paths, listener, stages, "");
        return routed(documents, stages).open(documents, listener, stages);
    }

    /**
     * A new instance with no documents yet, which {@link RagInstance#add} and {@link RagInstance#addDocuments} fill
     * while it already serves: for loading in the background (an application that starts at once and answers from
     * the documents loaded so far). An ask before anything is added retrieves nothing and the extractive answer
     * abstains; {@link RagInstance#documents()} is empty and {@link RagInstance#chunkCount()} is 0. Cost: creating
     * the index (with a prefilter, preparing its ranking of no chunks).
     *
     * @return a new, empty instance; the caller closes it
     * @throws IndexException if this pipeline is closed
     * @throws RagException if the index cannot be created
     */
    public RagInstance openEmpty() {
        ensureOpen();
        return ingest.openEmpty();
    }

    /**
     * A new instance over documents already in memory.
     *
     * @param documents the documents; a repeated id is made distinct ({@code ~2}, {@code ~3}, ...)
     * @return a new instance; the caller closes it
     * @throws IllegalArgumentException if {@code documents} is empty
     * @throws IndexException if this pipeline is closed (before anything is read)
     * @throws RagException if the documents hold no text, or embedding or the index fails
     */
    public RagInstance openDocuments(List<Document> documents) {
        return openDocuments(documents, IngestListener.NONE);
    }

    /**
     * A new instance over documents already in memory, reporting progress.
     *
     * @param documents the documents; a repeated id is made distinct ({@code ~2}, {@code ~3}, ...)
     * @param listener told of the progress
     * @return a new instance; the caller closes it
     * @throws IllegalArgumentException if {@code documents} is empty
     * @throws IndexException if this pipeline is closed (before anything is read)
     * @throws RagException if the documents hold no text, or embedding or the index fails
     */
    public RagInstance openDocuments(List<Document> documents, IngestListener listener) {
        List<Trace.Stage> stages = new ArrayList<>();
        return routed(documents, stages).open(documents, listener, stages);
    }

    /**
     * The pipeline that opens {@code documents}: the one {@link Builder#pipelineFor} names for their dominant
     * language (or for its primary subtag: {@code zh} for {@code zh-cn}), else this one. With a pipeline named, a stage
     * {@code route} records the language and whether the documents went to it. Cost: one language detection a document
     * (the detectors read a bounded sample).
     */
    private RagPipeline routed(List<Document> documents, List<Trace.Stage> stages) {
        ensureOpen();
        if (byLanguage.isEmpty() || documents.isEmpty()) {
            return this;
        }
        long started = System.nanoTime();
        Map<String, Long> weight = new TreeMap<>();
        for (Document d : documents) {
            String given = d.metadata().get(Metadata.LANGUAGE);
            String language = given != null ? given : components.languageOf(d.text());
            weight.merge(language.toLowerCase(java.util.Locale.ROOT), (long) d.text().length(), Long::sum);
        }
        String dominant = weight.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        String key = io.github.astrorag.core.language.LanguageTags.match(dominant, byLanguage.keySet());
        Supplier<RagPipeline> other = key == null ? null : byLanguage.get(key);
        stages.add(new Trace.Stage("route", (System.nanoTime() - started) / 1e6, List.of(),
                Map.of("language", dominant, "pipeline", other == null ? "this" : key)));
        if (other == null) {
            return this;
        }
        RagPipeline p = made.computeIfAbsent(key, language -> Objects.requireNonNull(other.get(),
                () -> "the pipeline supplier for '" + language + "' returned null"));
        if (closed.get()) {
            // closed while it was being made: close what this pipeline owns now
            p.close();
            ensureOpen();
        }
        return p;
    }

    private RagInstance open(List<Document> documents, IngestListener listener, List<Trace.Stage> stages) {
        ensureOpen();
        return ingest.open(documents, listener, stages);
    }

    /**
     * The context this pipeline's selector picks among passages the caller retrieved itself, within the pipeline's
     * budget: {@link #select(Query, List, int)}.
     *
     * @param query    the question, with an optional metadata filter
     * @param passages the candidates, as the caller's store returned them
     * @return the chosen passages in context order, the context and the trace
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if two passages have the same id
     * @throws IndexException if this pipeline is closed
     * @throws io.github.astrorag.core.EmbeddingException if embedding fails or a given vector is bad
     */
    public Selection select(Query query, List<Passage> passages) {
        return select(query, passages, components.budget());
    }

    /**
     * The context this pipeline's selector picks among passages the caller retrieved itself (from its own vector
     * store, through LangChain4j or Spring AI, ...), within {@code budget} tokens: the selection step of an ask with
     * the retrieve stage replaced by the given passages. The stages, each in the trace:
     * <ol>
     * <li>{@code embed-query}: the question is embedded (then the pipeline's query transformer, if any);</li>
     * <li>{@code candidates}: the passages the query's {@link io.github.astrorag.core.model.MetadataFilter} matches
     *     (a filter key no given passage holds is named in the stage's {@code unknownFilterKeys} and logged as one
     *     warning per key; its conditions match nothing, as everywhere), each with its vector: the given one
     *     (checked, made unit length) or the pipeline's embedder's, through the pipeline's embedding cache, or when it
     *     has none or its embedder declares no fingerprint through a cache of the pipeline's own of 4096 vectors, so a
     *     passage seen before is not embedded again; each is one chunk whose id is the passage's id, its tokens
     *     counted by the chunker's {@linkplain io.github.astrorag.core.spi.Chunker#counter() counter}, never split:
     *     a passage longer than the chunk size stays whole, and the selector keeps it whole if it fits or cuts it as
     *     it cuts any chunk; its document is its metadata {@link io.github.astrorag.core.model.Metadata#SOURCE source}
     *     and its title its metadata {@link io.github.astrorag.core.model.Metadata#TITLE title} (else the source;
     *     else the id), which the title-mention graph and the coverage selectors read. They are ranked by the
     *     pipeline's retriever over a transient in-memory index of exactly them (trace {@code rankedBy: retriever}:
     *     a lexical or fused retriever, such as the default preset's BM25 + cosine, reads the terms a vector store's
     *     cosine did not); with a dense retriever (the minimal pipeline's), by the given scores when every passage has
     *     one, else by cosine with the question, ties in the order given;</li>
     * <li>one {@code rerank:<name>} per reranker of the pipeline, then {@code select}: the pipeline's selector.</li>
     * </ol>
     * The pipeline's candidate count is not used: every given passage is a candidate. Cost: one query
     * embedding, one embedding call for the passages without a vector the cache lacks, then the rerankers' and the
     * selector's costs over n = passages.size() candidates (measured in docs/evaluation.md). Thread-safe.
     *
     * @param query    the question, with an optional metadata filter
     * @param passages the candidates, as the caller's store returned them; ids distinct
     * @param budget   the context budget in tokens, at least 1
     * @return the chosen passages in context order, each mapped back to its index in {@code passages}, the context
     *         (with its trace under {@code "trace"}) and the trace
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code budget} is below 1 or two passages have the same id
     * @throws IndexException if this pipeline is closed
     * @throws io.github.astrorag.core.EmbeddingException if embedding fails or a given vector is bad
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Selection select(Query query, List<Passage> passages, int budget) {
        Objects.requireNonNull(query, "query");
        List<Passage> given = List.copyOf(passages);
        Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
        ensureOpen();
        return givenPassages.select(query, given, budget, this::ensureOpen);
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new IndexException("this pipeline is closed: build a new one to open instances");
        }
    }

    /**
     * The token budget of the context.
     *
     * @return the budget, in tokens
     */
    public int budget() {
        return components.budget();
    }

    /**
     * What chunk sizes and the budget are counted in.
     *
     * @return the token counter ({@link Builder#tokenCounter})
     */
    public TokenCounter tokenCounter() {
        return components.tokenCounter();
    }

    /**
     * The embedder.
     *
     * @return the embedder of chunks and queries
     */
    public Embedder embedder() {
        return components.embedder();
    }

    /**
     * Every component's settings, by role, for the trace: {@code chunker}, {@code embedder}, {@code index},
     * {@code queryTransformer} (if any), {@code prefilter} (if any, with its {@code n}), {@code retriever},
     * {@code candidates}, {@code rerankers}, {@code selector}, {@code budget}, {@code tokenizer} (the name of the
     * encoding chunk sizes and the budget are counted in), {@code language} (when set) or {@code languageDetector},
     * {@code generator}, in that order.
     *
     * @return a new map, by role
     */
    public Map<String, Object> describe() {
        if (byLanguage.isEmpty()) {
            return components.describe();
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>(components.describe());
        m.put("pipelinesByLanguage", List.copyOf(new TreeSet<>(byLanguage.keySet())));
        return m;
    }

    /**
     * Closes the pipelines made for a language ({@link Builder#pipelineFor}), then the resources handed to
     * {@link Builder#owning}, in reverse order; idempotent. A failure to close
     * one does not stop the others: the first is thrown, later ones suppressed in it.
     *
     * @throws RuntimeException the first failure to close a resource (a checked one wrapped in a {@link RagException})
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // the pipelines made for a language first, then what was handed over, in reverse order
        List<AutoCloseable> closing = new ArrayList<>(owned);
        closing.addAll(made.values());
        RuntimeException failure = null;
        for (int i = closing.size() - 1; i >= 0; i--) {
            try {
                closing.get(i).close();
            } catch (Exception e) {
                RuntimeException r = e instanceof RuntimeException re ? re
                        : new RagException("closing " + closing.get(i) + " failed: " + e.getMessage(), e);
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

    /**
     * Fail-fast builder. A value out of range throws {@link IllegalArgumentException} naming it, a null
     * {@link NullPointerException}; a setting given twice to the same builder, or {@link #build()} without an
     * embedder, {@link IllegalStateException}. A builder from {@link RagPipeline#toBuilder()} (every preset's
     * builder is one) starts from that pipeline's settings, each of which may be replaced once. Not
     * thread-safe; {@link #build()} may be called more than once.
     */
    public static final class Builder {
        private final PipelineSettings s;
        private final Set<String> set = new HashSet<>();
        private final List<AutoCloseable> owned = new ArrayList<>();

        private Builder(PipelineSettings start) {
            this.s = start;
        }

        private void once(String name) {
            Arguments.checkState(set.add(name), "%s was already set", name);
        }

        /**
         * How files become documents; minimal pipeline: {@link FileSystemDocumentLoader#installed()}, every loader
         * registered by name on the class path (text, Markdown and PDF; HTML and office files too with
         * rag-documents), up to 50 MiB each.
         *
         * @param value the document loader
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder loader(DocumentLoader value) {
            once("loader");
            s.loader = Objects.requireNonNull(value, "loader");
            return this;
        }

        /**
         * What {@link RagPipeline#open} and {@link RagInstance#add} do with a file the loader cannot read (see
         * {@link DocumentLoader#loadAll(Collection, DocumentLoader.OnUnreadable)}); minimal pipeline:
         * {@link DocumentLoader.OnUnreadable#SKIP_IN_FOLDERS}, so that one bad file in a folder (a PDF without
         * PDFBox on the class path, a broken or empty file) does not stop the others, while a file given by name
         * fails. Each file skipped is logged as one warning (SLF4J, logger {@code io.github.astrorag.core.pipeline})
         * and listed in the details of the {@code load} stage of the trace, under {@code skipped}
         * ({@code file}, {@code reason}).
         *
         * @param value the policy
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder onUnreadable(DocumentLoader.OnUnreadable value) {
            once("onUnreadable");
            s.onUnreadable = Objects.requireNonNull(value, "onUnreadable");
            return this;
        }

        /**
         * How documents become chunks; minimal pipeline: p50k_base, 300 tokens, 30 overlap.
         *
         * @param value the chunker of documents
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalArgumentException if {@code value} is below 1
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalStateException if it was already set on this builder
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
         * @throws IllegalArgumentException if {@code value} is below 1
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder budget(int value) {
            Arguments.check(value >= 1, "budget must be at least 1 token, was %d", value);
            once("budget");
            s.budget = value;
            return this;
        }

        /**
         * What chunk sizes and the context budget are counted in: the tokens of the model that reads the context
         * ({@link TokenCounter#of(String)}: {@code o200k_base} for the GPT-4o family, {@code cl100k_base} for GPT-4 and
         * GPT-3.5, {@code p50k_base} as the papers count), or an application's own counter. The minimal pipeline's
         * chunker and budget selector count with it; a chunker given must count with the same encoding (checked by
         * {@link #build()}); a selector given counts as it was made (a preset's parts are made with the counter of
         * {@link io.github.astrorag.core.part.PipelinePreset#builder(Embedder, TokenCounter)}). Minimal pipeline: the
         * given chunker's counter, else {@code p50k_base}. Recorded in {@link RagPipeline#describe()} as
         * {@code tokenizer}.
         *
         * @param value the token counter
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder tokenCounter(TokenCounter value) {
            once("tokenCounter");
            s.tokenCounter = Objects.requireNonNull(value, "tokenCounter");
            return this;
        }

        /**
         * Tells the language of each document (at ingest, unless the document gives
         * {@link io.github.astrorag.core.model.Metadata#LANGUAGE} itself) and of each question (the {@code language} of
         * the trace's {@code embed-query} stage). Minimal pipeline: the detector registered as a service (rag-langdetect's
         * OpenNLP detector when that module is on the class path), else
         * {@link io.github.astrorag.core.language.ScriptLanguageDetector}. What it says is recorded; no stage of
         * rag-core reads it yet.
         *
         * @param value the language detector
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder languageDetector(LanguageDetector value) {
            once("languageDetector");
            s.languageDetector = Objects.requireNonNull(value, "languageDetector");
            return this;
        }

        /**
         * The language of every document that gives none and of every question, instead of detecting it: a BCP 47
         * code such as {@code zh}. Minimal pipeline: detected.
         *
         * @param value a BCP 47 language code: letters, digits and {@code -}, starting with 2 or 3 letters
         * @return this builder
         * @throws IllegalArgumentException if {@code value} is no BCP 47 code
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder language(String value) {
            Objects.requireNonNull(value, "language");
            Arguments.check(value.matches("[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*"),
                    "language must be a BCP 47 code such as en, zh or pt-BR, was '%s'", value);
            once("language");
            s.language = value.toLowerCase(java.util.Locale.ROOT);
            return this;
        }

        /**
         * Another pipeline for the documents whose dominant language is {@code language}, made by {@code pipeline}
         * when first needed (then kept, and closed with this pipeline): for example the same preset over a model that
         * reads that language. See the class description, "A pipeline per language". Minimal pipeline: none, every
         * document is opened by this pipeline.
         *
         * @param language a BCP 47 language code such as {@code zh}
         * @param pipeline makes the pipeline; called at most once per built pipeline, never returning {@code null}
         * @return this builder
         * @throws IllegalArgumentException if {@code language} is no BCP 47 code
         * @throws IllegalStateException if a pipeline was already named for {@code language} on this builder
         */
        public Builder pipelineFor(String language, Supplier<RagPipeline> pipeline) {
            Objects.requireNonNull(language, "language");
            Objects.requireNonNull(pipeline, "pipeline");
            Arguments.check(language.matches("[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*"),
                    "language must be a BCP 47 code such as en, zh or pt-BR, was '%s'", language);
            String code = language.toLowerCase(java.util.Locale.ROOT);
            once("pipelineFor " + code);
            s.byLanguage.put(code, pipeline);
            return this;
        }

        /**
         * The generator; minimal pipeline: extractive over the pipeline's embedder.
         *
         * @param value the generator of answers
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder generator(Generator value) {
            once("generator");
            s.generator = Objects.requireNonNull(value, "generator");
            return this;
        }

        /**
         * The terms of the parts this builder makes itself when none is given: the fallback selector's relevant
         * window ({@link TokenBudgetSelector}) and the fallback extractive generator compare the question's and the
         * sentences' terms by {@code value}. The parts given to this builder keep their own analyzer (give each the
         * same one, or make them by name in a {@code PartContext#with(TermAnalyzer)}). Minimal pipeline:
         * {@code EnglishTermAnalyzer.defaults()}.
         *
         * @param value the analyzer
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder analyzer(TermAnalyzer value) {
            once("analyzer");
            s.analyzer = Objects.requireNonNull(value, "analyzer");
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
         * @throws IllegalStateException if it was already set on this builder
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
         * evaluation (docs/evaluation.md) measures how much of the full dense ranking they hold. Minimal pipeline: off.
         *
         * @param value the first pass, such as {@code Bm25Prefilter} from rag-retrieval
         * @param n     how many chunks it passes on per question, at least 1
         * @return this builder
         * @throws IllegalArgumentException if {@code n} is below 1
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder prefilter(Prefilter value, int n) {
            Arguments.check(n >= 1, "prefilter must pass at least 1 chunk, was %d", n);
            once("prefilter");
            s.prefilter = Objects.requireNonNull(value, "prefilter");
            s.prefilterSize = n;
            return this;
        }

        /**
         * Who hears each stage as it runs (start, then stop or error, with the stage's details), for metrics and
         * tracing: rag-micrometer's {@code MicrometerPipelineObserver}, say. See {@link PipelineObserver} for the
         * stages and the contract; an exception the observer throws never fails an ask. Minimal pipeline: none
         * (nothing is called, nothing copied). The observer is not closed by the pipeline.
         *
         * @param value the observer
         * @return this builder
         * @throws IllegalStateException if it was already set on this builder
         */
        public Builder observer(PipelineObserver value) {
            once("observer");
            s.observer = Objects.requireNonNull(value, "observer");
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
         * @throws IllegalStateException if no embedder was given, or the chunker given counts in another encoding than
         *         the {@linkplain #tokenCounter token counter} given
         */
        public RagPipeline build() {
            Arguments.checkState(s.embedder != null, "an embedder is required: OnnxSentenceEmbedder from "
                    + "rag-onnx for real use, HashingEmbedder for fast offline tests");
            Arguments.checkState(s.tokenCounter == null || s.chunker == null
                            || s.chunker.counter().name().equals(s.tokenCounter.name()),
                    "the chunker counts in %s but the token counter is %s: give the chunker the same counter",
                    s.chunker == null ? "" : s.chunker.counter().name(), s.tokenCounter == null ? "" : s.tokenCounter.name());
            return new RagPipeline(s.copy(), owned);
        }
    }
}
