package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.RagException;
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
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
 * RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
 * try (RagInstance instance = rag.open(List.of(Path.of("docs")))) {
 *     Answer answer = instance.ask("How far is Andromeda?");
 * }
 * }</pre>
 *
 * <p>Defaults: the file-system loader (.txt, .md, .pdf; 50 MiB per file), {@link RecursiveTokenChunker}
 * (p50k_base, 300 tokens, 30 overlap), the in-memory index, dense retrieval of 20 candidates, no
 * reranker, {@link TokenBudgetSelector} with 1800 tokens, {@link ExtractiveGenerator} over the
 * pipeline's embedder. The embedder has no default: name one.
 */
public final class RagPipeline {

    /** Candidates fetched from the index by default. */
    public static final int DEFAULT_CANDIDATES = 20;
    /** Chunks embedded per call while opening. */
    public static final int EMBED_BATCH = 32;

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

    private RagPipeline(Builder b) {
        this.loader = b.loader == null ? FileSystemDocumentLoader.defaults() : b.loader;
        this.chunker = b.chunker == null ? RecursiveTokenChunker.defaults() : b.chunker;
        this.embedder = b.embedder;
        this.indexFactory = b.indexFactory == null ? new InMemoryEphemeralIndexFactory() : b.indexFactory;
        this.queryTransformer = b.queryTransformer;
        this.retriever = b.retriever == null ? new DenseRetriever() : b.retriever;
        this.candidates = b.candidates == null ? DEFAULT_CANDIDATES : b.candidates;
        this.rerankers = List.copyOf(b.rerankers);
        this.selector = b.selector == null ? new TokenBudgetSelector() : b.selector;
        this.budget = b.budget == null ? TokenBudgetSelector.DEFAULT_BUDGET : b.budget;
        this.generator = b.generator == null ? new ExtractiveGenerator(embedder) : b.generator;
    }

    /** A builder with every stage at its default. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this pipeline's settings, to derive a variant; each setting may be given once more. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.loader = loader;
        b.chunker = chunker;
        b.embedder = embedder;
        b.indexFactory = indexFactory;
        b.queryTransformer = queryTransformer;
        b.retriever = retriever;
        b.candidates = candidates;
        b.rerankers.addAll(rerankers);
        b.selector = selector;
        b.budget = budget;
        b.generator = generator;
        b.derived = true;
        return b;
    }

    /** Loads, chunks and embeds the files and folders into a new instance. */
    public RagInstance open(Collection<Path> paths) {
        return open(paths, IngestListener.NONE);
    }

    /**
     * Loads every path first (so that a bad file fails before anything is indexed), then chunks and
     * embeds into a fresh index. If anything fails, the index is deleted before the exception leaves.
     */
    public RagInstance open(Collection<Path> paths, IngestListener listener) {
        Objects.requireNonNull(paths, "paths");
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        List<Document> documents = new ArrayList<>();
        long done = 0;
        for (Path p : paths) {
            documents.addAll(loader.load(p));
            listener.progress("load", ++done, paths.size());
        }
        return openDocuments(documents, listener);
    }

    /** A new instance over documents already in memory. */
    public RagInstance openDocuments(List<Document> documents) {
        return openDocuments(documents, IngestListener.NONE);
    }

    /** A new instance over documents already in memory, reporting progress. */
    public RagInstance openDocuments(List<Document> documents, IngestListener listener) {
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        List<Document> unique = uniqueIds(documents);
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < unique.size(); i++) {
            chunks.addAll(chunker.chunk(unique.get(i)));
            listener.progress("chunk", i + 1, unique.size());
        }
        if (chunks.isEmpty()) {
            throw new RagException("the documents hold no text to index");
        }
        long started = System.nanoTime();
        EphemeralIndex index = indexFactory.create(embedder.dimension());
        try {
            for (int from = 0; from < chunks.size(); from += EMBED_BATCH) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new RagException("interrupted while embedding the documents");
                }
                List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + EMBED_BATCH));
                List<float[]> vectors = embedder.embedDocuments(batch.stream().map(Chunk::text).toList());
                Vectors.check(String.valueOf(embedder.describe().get("name")), embedder.dimension(), batch.size(), vectors);
                index.add(batch, vectors);
                listener.progress("embed", from + batch.size(), chunks.size());
            }
            double ingestMillis = (System.nanoTime() - started) / 1e6;
            return new RagInstance(this, index, unique, chunks.size(), ingestMillis);
        } catch (RuntimeException | Error e) {
            try {
                index.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    private static List<Document> uniqueIds(List<Document> documents) {
        Map<String, Integer> seen = new HashMap<>();
        List<Document> out = new ArrayList<>(documents.size());
        for (Document d : documents) {
            int n = seen.merge(d.id(), 1, Integer::sum);
            out.add(n == 1 ? d : d.withId(d.id() + "~" + n));
        }
        return out;
    }

    /** The token budget of the context. */
    public int budget() {
        return budget;
    }

    /** The embedder. */
    public Embedder embedder() {
        return embedder;
    }

    /** Every component's settings, by role, for the trace. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("chunker", chunker.describe());
        m.put("embedder", embedder.describe());
        m.put("index", indexFactory.describe());
        if (queryTransformer != null) {
            m.put("queryTransformer", queryTransformer.describe());
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
     * Fail-fast builder: a bad value fails at once with {@link IllegalArgumentException} naming it,
     * and so does a setting given twice (rerankers add up instead).
     */
    public static final class Builder {
        private DocumentLoader loader;
        private Chunker chunker;
        private Embedder embedder;
        private EphemeralIndexFactory indexFactory;
        private QueryTransformer queryTransformer;
        private Retriever retriever;
        private Integer candidates;
        private final List<Reranker> rerankers = new ArrayList<>();
        private ContextSelector selector;
        private Integer budget;
        private Generator generator;
        private boolean derived;

        private Builder() {
        }

        private void once(Object current, String name) {
            Arguments.checkState(derived || current == null, "%s was already set", name);
        }

        /** How files become documents; default: .txt, .md and .pdf up to 50 MiB each. */
        public Builder loader(DocumentLoader value) {
            once(loader, "loader");
            loader = Objects.requireNonNull(value, "loader");
            return this;
        }

        /** How documents become chunks; default: p50k_base, 300 tokens, 30 overlap. */
        public Builder chunker(Chunker value) {
            once(chunker, "chunker");
            chunker = Objects.requireNonNull(value, "chunker");
            return this;
        }

        /** The embedding model (required). */
        public Builder embedder(Embedder value) {
            once(embedder, "embedder");
            embedder = Objects.requireNonNull(value, "embedder");
            return this;
        }

        /** Where each instance's index lives; default: in memory. */
        public Builder index(EphemeralIndexFactory value) {
            once(indexFactory, "index");
            indexFactory = Objects.requireNonNull(value, "index");
            return this;
        }

        /** A rewrite of the embedded query before retrieval (HyDE); default: none. */
        public Builder queryTransformer(QueryTransformer value) {
            once(queryTransformer, "queryTransformer");
            queryTransformer = Objects.requireNonNull(value, "queryTransformer");
            return this;
        }

        /** How candidates are found; default: dense (cosine). */
        public Builder retriever(Retriever value) {
            once(retriever, "retriever");
            retriever = Objects.requireNonNull(value, "retriever");
            return this;
        }

        /** How many candidates to retrieve; default 20; at least 1. */
        public Builder candidates(int value) {
            once(candidates, "candidates");
            Arguments.check(value >= 1, "candidates must be at least 1, was %d", value);
            candidates = value;
            return this;
        }

        /** Adds a reranker, applied after those added before it. */
        public Builder reranker(Reranker value) {
            rerankers.add(Objects.requireNonNull(value, "reranker"));
            return this;
        }

        /** Replaces the rerankers. */
        public Builder rerankers(List<Reranker> values) {
            rerankers.clear();
            values.forEach(this::reranker);
            return this;
        }

        /** How the context is chosen; default: in order, cut to the budget. */
        public Builder selector(ContextSelector value) {
            once(selector, "selector");
            selector = Objects.requireNonNull(value, "selector");
            return this;
        }

        /** The context budget in tokens; default 1800; at least 1. */
        public Builder budget(int value) {
            once(budget, "budget");
            Arguments.check(value >= 1, "budget must be at least 1 token, was %d", value);
            budget = value;
            return this;
        }

        /** The generator; default: extractive over the pipeline's embedder. */
        public Builder generator(Generator value) {
            once(generator, "generator");
            generator = Objects.requireNonNull(value, "generator");
            return this;
        }

        /** The pipeline. */
        public RagPipeline build() {
            if (embedder == null) {
                throw new IllegalStateException("an embedder is required: OnnxSentenceEmbedder from "
                        + "rag-retrieval for real use, HashingEmbedder for fast offline tests");
            }
            return new RagPipeline(this);
        }
    }
}
