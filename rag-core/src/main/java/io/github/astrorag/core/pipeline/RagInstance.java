package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.spi.Prefilter;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.stream.Collectors;


/**
 * One set of documents, indexed for answering, owning its transient index. Close it (try-with-resources)
 * and the index is deleted. Questions may be asked from several threads at once.
 *
 * <p>The set may change while the instance is open: {@link #add(Collection)} and {@link #addDocuments(List)}
 * bring more documents (only their text is chunked and embedded, through the pipeline's embedding cache when it
 * has one, so adding a document again after removing it costs cache look-ups), {@link #remove(String)} takes one
 * out. Thread-safety: a read-write lock of the instance makes each change one step for asks. The retrieve stage
 * of an ask, the only stage that reads the index, holds the read lock, so asks retrieve in parallel; a change
 * loads, chunks and embeds without the lock and holds the write lock only while it stores into (or removes from)
 * the index and replaces the document list. So an ask running during a change retrieves from the documents before
 * it or from those after it, never from a half-indexed document, and an ask that starts after {@code remove}
 * returns never retrieves, so never cites, the removed document. Changes are serialised among themselves only
 * while they hold the write lock: two adds embed in parallel.
 *
 * <p>With a {@linkplain RagPipeline.Builder#prefilter prefilter} the instance holds no index: it keeps its chunks
 * and the prefilter's ranking of them in the same immutable state (copy-on-write: a change builds the next state and
 * swaps it in under the write lock; an ask reads the state once), embeds a question's first {@code n} chunks when
 * it is asked (remembering their vectors for later questions) and retrieves from an index of the pipeline's factory
 * made for that question and closed after it. {@link #index()} then throws; {@link #chunks()} works in both modes.
 */
public final class RagInstance implements AutoCloseable {

    private final RagPipeline pipeline;
    /** The instance's index; null with a prefilter. */
    private final @Nullable EphemeralIndex index;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** With a prefilter: the vectors of the chunks embedded so far (a chunk is a value, so a changed text is a new key). */
    private final Map<Chunk, float[]> embedded = new ConcurrentHashMap<>();
    /** The documents, chunks, ranking and ingest stages; replaced (never changed) under the write lock. */
    private volatile State state;

    /**
     * @param chunks  with a prefilter every chunk, else empty (the index holds them)
     * @param ranking with a prefilter its ranking of {@code chunks}, else null
     */
    private record State(List<Document> documents, List<Chunk> chunks, int chunkCount, Prefilter.@Nullable Ranking ranking,
                         List<Trace.Stage> ingest) {
        State {
            documents = List.copyOf(documents);
            chunks = List.copyOf(chunks);
            ingest = List.copyOf(ingest);
        }

        Set<String> ids() {
            return documents.stream().map(Document::id).collect(Collectors.toUnmodifiableSet());
        }
    }

    /** An instance over {@code index} (null with a prefilter, then {@code ranking} ranks {@code chunks}). */
    RagInstance(RagPipeline pipeline, @Nullable EphemeralIndex index, List<Document> documents, List<Chunk> chunks,
                Prefilter.@Nullable Ranking ranking, List<Trace.Stage> ingest) {
        this.pipeline = pipeline;
        this.index = index;
        this.state = new State(documents, index == null ? chunks : List.of(), chunks.size(), ranking, ingest);
    }

    /**
     * As {@link #add(Collection, IngestListener)} without progress reports.
     *
     * @param paths files and folders, at least one
     * @return the documents added
     */
    public List<Document> add(Collection<Path> paths) {
        return add(paths, IngestListener.NONE);
    }

    /**
     * Loads the files and folders {@code paths} (all of them before anything is indexed, as
     * {@link RagPipeline#open} does) and adds their documents, as {@link #addDocuments(List, IngestListener)}.
     *
     * @param paths    files and folders, at least one
     * @param listener progress of loading, chunking and embedding
     * @return the documents added, with the ids that {@link #remove(String)} takes
     * @throws IllegalArgumentException if {@code paths} is empty or a document's id is already in the instance
     * @throws RagException if a file cannot be read, the documents hold no text, embedding or the index fails
     */
    public List<Document> add(Collection<Path> paths, IngestListener listener) {
        ensureOpen();
        List<Trace.Stage> stages = new ArrayList<>();
        List<Document> documents = pipeline.load(paths, listener, stages, "add:");
        return addInto(documents, listener, stages);
    }

    /**
     * As {@link #addDocuments(List, IngestListener)} without progress reports.
     *
     * @param documents the documents, at least one
     * @return the documents added
     */
    public List<Document> addDocuments(List<Document> documents) {
        return addDocuments(documents, IngestListener.NONE);
    }

    /**
     * Adds documents to the open instance: they are chunked and embedded (cache first) without blocking asks, then
     * stored in the index in one step (see the class comment), after which every ask can retrieve and cite them.
     * Ids repeated within {@code documents} are made distinct as {@link RagPipeline#open} does ({@code ~2}, ...);
     * an id the instance already holds is refused: remove that document first. The ingest stages
     * ({@code add:load} for paths, {@code add:chunk}, {@code add:embed}, {@code add:index}) are appended to
     * {@link #ingestStages()}. Cost: chunking and embedding the new text only, O(new chunks) index writes; with a
     * prefilter nothing is embedded ({@code add:prefilter} replaces {@code add:embed} and {@code add:index}) and its
     * ranking is prepared again over all chunks (for BM25 O(total terms)).
     *
     * @param documents the documents, at least one
     * @param listener  progress of chunking and embedding
     * @return the documents added, with the ids that {@link #remove(String)} takes
     * @throws IllegalArgumentException if {@code documents} is empty or a document's id is already in the instance
     * @throws RagException if the documents hold no text, or embedding or the index fails (then nothing was added)
     */
    public List<Document> addDocuments(List<Document> documents, IngestListener listener) {
        ensureOpen();
        return addInto(documents, listener, new ArrayList<>());
    }

    private List<Document> addInto(List<Document> documents, IngestListener listener, List<Trace.Stage> stages) {
        List<Document> unique = RagPipeline.uniqueIds(documents, state.ids()); // fails fast, before embedding
        List<Chunk> chunks = pipeline.chunk(unique, listener, stages, "add:");
        List<float[]> vectors = new ArrayList<>(chunks.size());
        if (index != null) {
            pipeline.embed(chunks, listener, stages, "add:", (batch, v) -> vectors.addAll(v));
        }
        lock.writeLock().lock();
        try {
            State now = state;
            RagPipeline.uniqueIds(unique, now.ids()); // again: another add may have taken an id meanwhile
            long t0 = System.nanoTime();
            List<Chunk> all = new ArrayList<>(now.chunks());
            Prefilter.Ranking ranking = null;
            if (index != null) {
                index.add(chunks, vectors);
                stages.add(RagPipeline.indexStage("add:index", index, chunks.size(), System.nanoTime() - t0));
            } else {
                all.addAll(chunks);
                ranking = pipeline.prefilter.prepare(all);
                stages.add(pipeline.prefilterStage("add:prefilter", all.size(), t0));
            }
            List<Document> held = new ArrayList<>(now.documents());
            held.addAll(unique);
            List<Trace.Stage> ingest = new ArrayList<>(now.ingest());
            ingest.addAll(stages);
            state = new State(held, all, now.chunkCount() + chunks.size(), ranking, ingest);
            return List.copyOf(unique);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Removes the document {@code documentId} and its chunks from the instance in one step (see the class comment):
     * an ask that starts after this returns never retrieves or cites it. A stage {@code remove} is appended to
     * {@link #ingestStages()}. Cost: O(chunks of the document) index deletes, plus O(documents) for the list; with
     * a prefilter, preparing its ranking of the remaining chunks again (for BM25 O(total terms)).
     *
     * @param documentId a document's id, as {@link #documents()} and the add methods return it
     * @return whether the instance held that document
     * @throws io.github.astrorag.core.IndexException if the instance is closed or the index fails
     */
    public boolean remove(String documentId) {
        java.util.Objects.requireNonNull(documentId, "documentId");
        ensureOpen();
        lock.writeLock().lock();
        try {
            State now = state;
            if (!now.ids().contains(documentId)) {
                return false;
            }
            long t0 = System.nanoTime();
            List<Chunk> kept = now.chunks().stream().filter(c -> !c.documentId().equals(documentId)).toList();
            int removed = index != null ? index.remove(documentId) : now.chunks().size() - kept.size();
            Prefilter.Ranking ranking = index != null ? null : pipeline.prefilter.prepare(kept);
            embedded.keySet().removeIf(c -> c.documentId().equals(documentId));
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("document", documentId);
            details.put("chunks", removed);
            List<Trace.Stage> ingest = new ArrayList<>(now.ingest());
            ingest.add(new Trace.Stage("remove", RagPipeline.millisSince(t0), List.of(), details));
            List<Document> rest = now.documents().stream().filter(d -> !d.id().equals(documentId)).toList();
            state = new State(rest, kept, now.chunkCount() - removed, ranking, ingest);
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Answers an open question.
     *
     * @param question the question text; not blank
     * @return the answer, with its citations and trace
     */
    public Answer ask(String question) {
        return ask(Query.of(question));
    }

    /**
     * Answers a question (open or multiple choice).
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the answer, with its citations and trace
     */
    public Answer ask(Query query) {
        return run(query, null);
    }

    /**
     * Answers while streaming the generator's text to {@code onToken}; returns the complete answer.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @param onToken called with each piece of text as it arrives
     * @return the answer, with its citations and trace
     */
    public Answer ask(Query query, Consumer<String> onToken) {
        return run(query, java.util.Objects.requireNonNull(onToken, "onToken"));
    }

    /**
     * The context the pipeline would select for {@code query}, without generating: what evaluation of
     * retrieval needs. The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the context, never over the pipeline's budget
     * @throws IndexException if this instance is closed
     */
    public Context selectContext(Query query) {
        return selectContext(query, pipeline.budget);
    }

    /**
     * The context the pipeline would select for {@code query} within {@code budget} tokens instead of the
     * pipeline's budget, without generating: what a caller that sets the budget per question needs (the
     * MCP server's {@code select_context}). The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question
     * @param budget the context budget in tokens, at least 1
     * @return the selected context, at most {@code budget} tokens
     * @throws IllegalArgumentException if {@code budget} is below 1
     * @throws IndexException if this instance is closed
     */
    public Context selectContext(Query query, int budget) {
        Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
        List<Trace.Stage> stages = new ArrayList<>();
        Context context = selectInto(query, budget, stages);
        Trace trace = new Trace(pipeline.describe(), stages, context.tokens(), context.budget(), state.ingest());
        return context.withDetails(Map.of("trace", trace));
    }

    private Answer run(Query query, Consumer<String> onToken) {
        List<Trace.Stage> stages = new ArrayList<>();
        Context context = selectInto(query, pipeline.budget, stages);
        Query embedded = query;
        Answer answer = stage(stages, "generate", sink -> onToken == null
                ? pipeline.generator.generate(embedded, context, sink)
                : pipeline.generator.stream(embedded, context, onToken, sink), a -> List.of());
        Trace trace = new Trace(pipeline.describe(), stages, context.tokens(), context.budget(), state.ingest());
        return answer.withTrace(trace);
    }

    private Context selectInto(Query query, int budget, List<Trace.Stage> stages) {
        ensureOpen();
        Query embedded = stage(stages, "embed-query", sink -> {
            float[] v = pipeline.embedder.embedQuery(query.text());
            Vectors.check(String.valueOf(pipeline.embedder.describe().get("name")), pipeline.embedder.dimension(), 1, List.of(v));
            Query q = query.withEmbedding(v);
            return pipeline.queryTransformer == null ? q : pipeline.queryTransformer.transform(q, pipeline.embedder, sink);
        }, q -> List.of());
        List<ScoredChunk> candidates = index != null ? stage(stages, "retrieve", sink -> {
            lock.readLock().lock(); // one document set for the whole stage, however often the retriever reads the index
            try {
                return pipeline.retriever.retrieve(embedded, index, pipeline.candidates, sink);
            } finally {
                lock.readLock().unlock();
            }
        }, c -> c) : prefiltered(embedded, state, stages);
        for (Reranker r : pipeline.rerankers) {
            List<ScoredChunk> in = candidates;
            candidates = stage(stages, "rerank:" + r.describe().get("name"), sink -> r.rerank(embedded, in, sink), c -> c);
        }
        List<ScoredChunk> pool = candidates;
        return stage(stages, "select", sink -> pipeline.selector.select(embedded, pool, budget, sink),
                Context::chunks);
    }

    /**
     * Stages {@code prefilter} (the first {@code n} chunks of the state's ranking, embedded cache first unless this
     * instance embedded them before: details {@code texts}, {@code cacheHits}, {@code cacheMisses}, {@code reused})
     * and {@code retrieve} (the retriever over an index of just those chunks, closed afterwards).
     */
    private List<ScoredChunk> prefiltered(Query query, State now, List<Trace.Stage> stages) {
        Prefiltered own = stage(stages, "prefilter", sink -> {
            List<ScoredChunk> ranked = now.ranking().top(query, pipeline.prefilterSize, sink);
            List<Chunk> top = ranked.stream().map(ScoredChunk::chunk).toList();
            List<Chunk> missing = top.stream().filter(c -> !embedded.containsKey(c)).toList();
            if (!missing.isEmpty()) {
                CachingEmbedder.Embedded e = pipeline.embedTexts(missing.stream().map(Chunk::text).toList());
                for (int i = 0; i < missing.size(); i++) {
                    embedded.put(missing.get(i), e.vectors().get(i));
                }
                sink.put("cacheHits", e.hits());
                sink.put("cacheMisses", e.misses());
            }
            sink.put("texts", missing.size());
            sink.put("reused", top.size() - missing.size());
            EphemeralIndex small = pipeline.indexFactory.create(pipeline.embedder.dimension());
            try {
                small.add(top, top.stream().map(embedded::get).toList());
                return new Prefiltered(ranked, small);
            } catch (RuntimeException | Error e) {
                small.close();
                throw e;
            }
        }, Prefiltered::ranked);
        try {
            return stage(stages, "retrieve", sink -> pipeline.retriever.retrieve(query, own.index(), pipeline.candidates, sink), c -> c);
        } finally {
            own.index().close();
        }
    }

    /** The first pass's chunks, best first, and the index of them made for one question. */
    private record Prefiltered(List<ScoredChunk> ranked, EphemeralIndex index) {
    }

    private interface Step<T> {
        T run(TraceSink sink);
    }

    private <T> T stage(List<Trace.Stage> stages, String name, Step<T> step,
                        java.util.function.Function<T, List<ScoredChunk>> outputs) {
        if (Thread.currentThread().isInterrupted()) {
            throw new RagException("interrupted before stage " + name);
        }
        ensureOpen();
        Map<String, Object> details = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        T result = step.run(details::put);
        double millis = (System.nanoTime() - t0) / 1e6;
        List<Trace.Candidate> out = outputs.apply(result).stream().map(Trace.Candidate::of).toList();
        stages.add(new Trace.Stage(name, millis, out, details));
        return result;
    }

    private void ensureOpen() {
        if (isClosed()) {
            throw new IndexException("this instance is closed: open a new one to ask more questions");
        }
    }

    /**
     * The documents this instance answers from now, in the order added.
     *
     * @return an immutable snapshot
     */
    public List<Document> documents() {
        return state.documents();
    }

    /**
     * How many chunks the instance answers from now.
     *
     * @return the number of chunks
     */
    public int chunkCount() {
        return state.chunkCount();
    }

    /**
     * Milliseconds spent loading (if this instance read files), chunking, embedding and indexing.
     *
     * @return the sum over {@link #ingestStages()}, adds and removals included
     */
    public double ingestMillis() {
        return state.ingest().stream().mapToDouble(Trace.Stage::millis).sum();
    }

    /**
     * The ingest stages ({@code load}, {@code chunk}, {@code embed}, {@code index}), then those of each add
     * ({@code add:load}, {@code add:chunk}, {@code add:embed}, {@code add:index}) and removal ({@code remove}) in
     * order, as every answer's trace carries them.
     *
     * @return the stages, immutable
     */
    public List<Trace.Stage> ingestStages() {
        return state.ingest();
    }

    /**
     * Every chunk the instance answers from now, in the order added: the index's (one read of it) or, with a
     * prefilter, the state's.
     *
     * @return the chunks, immutable
     */
    public List<Chunk> chunks() {
        if (index == null) {
            return state.chunks();
        }
        lock.readLock().lock();
        try {
            return index.chunks();
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The index's name.
     *
     * @return the name; with a prefilter {@code "prefilter"} (each question gets an index of its own)
     */
    public String indexName() {
        return index == null ? "prefilter" : index.name();
    }

    /**
     * The index's kind.
     *
     * @return {@code memory}, {@code elasticsearch}, ...; with a prefilter {@code "prefilter"}
     */
    public String indexKind() {
        return index == null ? "prefilter" : index.kind();
    }

    /**
     * Whether the instance (and so its index) is closed.
     *
     * @return true after {@link #close()}
     */
    public boolean isClosed() {
        return closed.get() || index != null && index.isClosed();
    }

    /**
     * The index, for evaluation and advanced use; do not close it yourself.
     *
     * @return the index
     * @throws IllegalStateException with a prefilter: such an instance has no index of its own
     */
    public EphemeralIndex index() {
        Arguments.checkState(index != null, "this instance prefilters: it has no index, each question gets one (use chunks())");
        return index;
    }

    /** Deletes the index (with a prefilter, forgets the vectors); idempotent. */
    @Override
    public void close() {
        closed.set(true);
        embedded.clear();
        if (index != null) {
            index.close();
        }
    }

}
