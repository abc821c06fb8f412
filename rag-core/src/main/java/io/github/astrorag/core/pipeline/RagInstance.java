package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Reranker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One set of documents, indexed for answering, owning its ephemeral index. Close it (try-with-resources)
 * and the index is deleted. Questions may be asked from several threads at once.
 *
 * <p>Asking runs the stages in order, each recorded in the answer's {@link Trace}: {@code filter} (only when the
 * query's metadata filter names a key no document of the instance has: the stage names the keys under
 * {@code unknownFilterKeys}, and one warning per key is logged; the filter still applies as written), {@code embed-query} (the
 * question's embedding, then the pipeline's query transformer if any), {@code retrieve} (the pipeline's
 * candidates; with a prefilter after a stage {@code prefilter}), one {@code rerank:<name>} per reranker,
 * {@code select} (the context within the budget) and, for {@link #ask}, {@code generate}.
 *
 * <p>The set may change while the instance is open: {@link #add(Collection)} and {@link #addDocuments(List)}
 * bring more documents or replace those of the same id (only their text is chunked and embedded, through the
 * pipeline's embedding cache when it has one, so adding a document again costs cache look-ups), {@link #remove(String)}
 * takes one out. Thread-safety: a read-write lock of the instance's chunks makes each change one step for asks. The retrieve
 * stage of an ask, the only stage that reads the index, holds the read lock, so asks retrieve in parallel; a change
 * loads, chunks and embeds without the lock and holds the write lock only while it stores into (or removes from)
 * the index and replaces the document list. So an ask running during a change retrieves from the documents before
 * it or from those after it, never from a half-indexed document, and an ask that starts after {@code remove}
 * returns never retrieves, so never cites, the removed document. Changes are serialised among themselves only
 * while they hold the write lock: two adds embed in parallel.
 *
 * <p>With a {@linkplain RagPipeline.Builder#prefilter prefilter} the instance holds no index: it keeps its chunks
 * and the prefilter's ranking of them in one immutable snapshot (copy-on-write: a change builds the next snapshot
 * and swaps it in under the write lock; an ask reads the snapshot once), embeds a question's first {@code n} chunks
 * when it is asked (remembering their vectors for later questions) and retrieves from an index of the pipeline's
 * factory made for that question and closed after it. {@link #index()} then throws; {@link #chunks()} works in both
 * modes.
 */
public final class RagInstance implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RagInstance.class);

    private final Components components;
    private final Ingest ingest;
    /** Where the chunks live: the instance's index, or with a prefilter its chunks and their ranking. */
    private final ChunkStore store;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The documents, chunk count and ingest stages; replaced (never changed) inside {@code store.exclusively}. */
    private volatile State state;

    private record State(List<Document> documents, int chunkCount, List<Trace.Stage> ingest) {
        State {
            documents = List.copyOf(documents);
            ingest = List.copyOf(ingest);
        }

        Set<String> ids() {
            return documents.stream().map(Document::id).collect(Collectors.toUnmodifiableSet());
        }

        /** Every metadata key a chunk of these documents has: their metadata's keys, and {@code page} for paged ones. */
        Set<String> metadataKeys() {
            Set<String> keys = new java.util.TreeSet<>();
            for (Document d : documents) {
                keys.addAll(d.metadata().keySet());
                if (d.pageAt(0) != null) {
                    keys.add(io.github.astrorag.core.model.Metadata.PAGE);
                }
            }
            return keys;
        }
    }

    /** An instance over the {@code chunkCount} chunks of {@code documents} in {@code store}, after the stages {@code ingest}. */
    RagInstance(Components components, Ingest ingest, ChunkStore store, List<Document> documents, int chunkCount,
                List<Trace.Stage> ingestStages) {
        this.components = components;
        this.ingest = ingest;
        this.store = store;
        this.state = new State(documents, chunkCount, ingestStages);
    }

    /**
     * As {@link #add(Collection, IngestListener)} without progress reports.
     *
     * @param paths files and folders, at least one
     * @return the documents added
     * @throws IllegalArgumentException if {@code paths} is empty
     * @throws RagException if a file cannot be read, the documents hold no text, embedding or the index fails, or
     *         the instance is closed ({@link IndexException})
     */
    public List<Document> add(Collection<Path> paths) {
        return add(paths, IngestListener.NONE);
    }

    /**
     * Loads the files and folders {@code paths} (all of them before anything is indexed, as
     * {@link RagPipeline#open} does, skipping the files the pipeline's
     * {@linkplain RagPipeline.Builder#onUnreadable policy} skips) and adds their documents, replacing those of the
     * same id, as {@link #addDocuments(List, IngestListener)}.
     *
     * @param paths    files and folders, at least one
     * @param listener progress of loading, chunking and embedding
     * @return the documents added, with the ids that {@link #remove(String)} takes
     * @throws IllegalArgumentException if {@code paths} is empty
     * @throws RagException if a file cannot be read, the documents hold no text, embedding or the index fails, or
     *         the instance is closed ({@link IndexException})
     */
    public List<Document> add(Collection<Path> paths, IngestListener listener) {
        ensureOpen();
        List<Trace.Stage> stages = new ArrayList<>();
        List<Document> documents = ingest.load(paths, listener, stages, "add:");
        return addInto(documents, listener, stages);
    }

    /**
     * As {@link #addDocuments(List, IngestListener)} without progress reports.
     *
     * @param documents the documents, at least one
     * @return the documents added
     * @throws IllegalArgumentException if {@code documents} is empty
     * @throws RagException if the documents hold no text, embedding or the index fails, or the instance is closed
     *         ({@link IndexException})
     */
    public List<Document> addDocuments(List<Document> documents) {
        return addDocuments(documents, IngestListener.NONE);
    }

    /**
     * Adds documents to the open instance: they are chunked and embedded (cache first) without blocking asks, then
     * stored in the index in one step (see the class comment), after which every ask can retrieve and cite them.
     * Ids repeated within {@code documents} are made distinct as {@link RagPipeline#open} does ({@code ~2}, ...).
     * A document whose id the instance already holds replaces it (an upsert: re-adding a changed file updates it):
     * the old document's chunks are removed in the same step as the new ones are stored, so an ask sees the old
     * version or the new one, never both or neither; a stage {@code add:replace} (details {@code documents},
     * {@code chunks}) says so. If the index fails while storing the new chunks, the replaced document is gone too.
     * The ingest stages
     * ({@code add:load} for paths, {@code add:chunk}, {@code add:embed}, {@code add:index}) are appended to
     * {@link #ingestStages()}. Cost: chunking and embedding the new text only, O(new chunks) index writes; with a
     * prefilter nothing is embedded ({@code add:prefilter} replaces {@code add:embed} and {@code add:index}) and its
     * ranking is prepared again over all chunks (for BM25 O(total terms)).
     *
     * @param documents the documents, at least one
     * @param listener  progress of chunking and embedding
     * @return the documents added, with the ids that {@link #remove(String)} takes
     * @throws IllegalArgumentException if {@code documents} is empty
     * @throws RagException if the documents hold no text, or embedding fails (then nothing changed), the index
     *         fails, or the instance is closed ({@link IndexException})
     */
    public List<Document> addDocuments(List<Document> documents, IngestListener listener) {
        ensureOpen();
        return addInto(documents, listener, new ArrayList<>());
    }

    private List<Document> addInto(List<Document> documents, IngestListener listener, List<Trace.Stage> stages) {
        List<Document> unique = Ingest.uniqueIds(documents);
        List<Chunk> chunks = ingest.chunk(unique, listener, stages, "add:");
        ChunkStore.Addition addition = store.prepare(chunks, listener, stages);
        return store.exclusively(() -> {
            State now = state;
            // replaced: the ids held now (another add may have brought one meanwhile), removed in the same step
            Set<String> adding = unique.stream().map(Document::id).collect(Collectors.toSet());
            List<String> replaced = now.documents().stream().map(Document::id).filter(adding::contains).toList();
            long t0 = System.nanoTime();
            int removed = 0;
            for (String id : replaced) {
                removed += store.remove(id);
            }
            if (!replaced.isEmpty()) {
                Map<String, Object> details = new LinkedHashMap<>();
                details.put("documents", replaced);
                details.put("chunks", removed);
                stages.add(new Trace.Stage("add:replace", Ingest.millisSince(t0), List.of(), details));
            }
            stages.add(addition.commit());
            List<Document> held = new ArrayList<>(now.documents().stream().filter(d -> !adding.contains(d.id())).toList());
            held.addAll(unique);
            List<Trace.Stage> ingested = new ArrayList<>(now.ingest());
            ingested.addAll(stages);
            state = new State(held, now.chunkCount() - removed + chunks.size(), ingested);
            return List.copyOf(unique);
        });
    }

    /**
     * Removes the document {@code documentId} and its chunks from the instance in one step (see the class comment):
     * an ask that starts after this returns never retrieves or cites it. A stage {@code remove} is appended to
     * {@link #ingestStages()}. Cost: O(chunks of the document) index deletes, plus O(documents) for the list; with
     * a prefilter, preparing its ranking of the remaining chunks again (for BM25 O(total terms)).
     *
     * @param documentId a document's id, as {@link #documents()} and the add methods return it
     * @return whether the instance held that document
     * @throws IndexException if the instance is closed or the index fails
     */
    public boolean remove(String documentId) {
        Objects.requireNonNull(documentId, "documentId");
        ensureOpen();
        return store.exclusively(() -> {
            State now = state;
            if (!now.ids().contains(documentId)) {
                return false;
            }
            Observing.Watch watch = components.observing().ingest("remove");
            long t0 = System.nanoTime();
            int removed;
            try {
                removed = store.remove(documentId);
            } catch (RuntimeException | Error e) {
                watch.failed(e);
                throw e;
            }
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("document", documentId);
            details.put("chunks", removed);
            List<Trace.Stage> ingested = new ArrayList<>(now.ingest());
            ingested.add(watch.stopped(new Trace.Stage("remove", Ingest.millisSince(t0), List.of(), details)));
            List<Document> rest = now.documents().stream().filter(d -> !d.id().equals(documentId)).toList();
            state = new State(rest, now.chunkCount() - removed, ingested);
            return true;
        });
    }

    /**
     * Answers an open question, as {@link #ask(Query)} does with {@link Query#of(String)}.
     *
     * @param question the question text; not blank
     * @return the answer, with its citations and trace
     * @throws NullPointerException if {@code question} is {@code null}
     * @throws IllegalArgumentException if {@code question} is blank
     * @throws IndexException if this instance is closed (before or between the stages), or the index fails
     * @throws io.github.astrorag.core.EmbeddingException if embedding the question fails or gives a bad vector
     *         (with a prefilter, also embedding the chunks it picks)
     * @throws io.github.astrorag.core.GenerationException if the generator (or the query transformer's, for
     *         HyDE) fails
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Answer ask(String question) {
        return ask(Query.of(question));
    }

    /**
     * Answers a question (open or multiple choice). The stages run in order (see the class comment); a stage that
     * throws ends the ask, and the instance stays open for the next question.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the answer, with its citations and trace
     * @throws NullPointerException if {@code query} is {@code null}
     * @throws IndexException if this instance is closed (before or between the stages), or the index fails
     * @throws io.github.astrorag.core.EmbeddingException if embedding the question fails or gives a bad vector
     *         (with a prefilter, also embedding the chunks it picks)
     * @throws io.github.astrorag.core.GenerationException if the generator (or the query transformer's, for
     *         HyDE) fails
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Answer ask(Query query) {
        return run(Objects.requireNonNull(query, "query"), null);
    }

    /**
     * Answers while streaming the generator's text to {@code onToken}; returns the complete answer.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @param onToken called with each piece of text as it arrives
     * @return the answer, with its citations and trace
     * @throws NullPointerException if {@code query} or {@code onToken} is {@code null}
     * @throws IndexException if this instance is closed (before or between the stages), or the index fails
     * @throws io.github.astrorag.core.EmbeddingException if embedding the question fails or gives a bad vector
     * @throws io.github.astrorag.core.GenerationException if the generator fails, the stream included
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Answer ask(Query query, Consumer<String> onToken) {
        return run(Objects.requireNonNull(query, "query"), Objects.requireNonNull(onToken, "onToken"));
    }

    /**
     * The context the pipeline would select for {@code query}, without generating: what evaluation of
     * retrieval needs. The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question, with options for multiple choice and an optional metadata filter
     * @return the context, never over the pipeline's budget
     * @throws NullPointerException if {@code query} is {@code null}
     * @throws IndexException if this instance is closed (before or between the stages), or the index fails
     * @throws io.github.astrorag.core.EmbeddingException if embedding the question fails or gives a bad vector
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Context selectContext(Query query) {
        return selectContext(query, components.budget());
    }

    /**
     * The context the pipeline would select for {@code query} within {@code budget} tokens instead of the
     * pipeline's budget, without generating: what a caller that sets the budget per question needs (the
     * MCP server's {@code select_context}). The trace is in the context's details under {@code "trace"}.
     *
     * @param query the question
     * @param budget the context budget in tokens, at least 1
     * @return the selected context, at most {@code budget} tokens
     * @throws NullPointerException if {@code query} is {@code null}
     * @throws IllegalArgumentException if {@code budget} is below 1
     * @throws IndexException if this instance is closed (before or between the stages), or the index fails
     * @throws io.github.astrorag.core.EmbeddingException if embedding the question fails or gives a bad vector
     * @throws RagException if the thread is interrupted before a stage, or a stage of the caller's own fails so
     */
    public Context selectContext(Query query, int budget) {
        Objects.requireNonNull(query, "query");
        Arguments.check(budget >= 1, "budget must be at least 1 token, was %d", budget);
        StageLog log = new StageLog(this::ensureOpen, components.observing());
        Context context = selectInto(query, budget, log);
        Trace trace = new Trace(components.describe(), log.stages(), context.tokens(), context.budget(), state.ingest());
        return context.withDetails(Map.of("trace", trace));
    }

    private Answer run(Query query, @Nullable Consumer<String> onToken) {
        StageLog log = new StageLog(this::ensureOpen, components.observing());
        Context context = selectInto(query, components.budget(), log);
        Answer answer = log.run("generate", sink -> onToken == null
                ? components.generator().generate(query, context, sink)
                : components.generator().stream(query, context, onToken, sink), a -> List.of(),
                (a, told) -> told.put("abstained", a.abstained()));
        Trace trace = new Trace(components.describe(), log.stages(), context.tokens(), context.budget(), state.ingest());
        return answer.withTrace(trace);
    }

    private Context selectInto(Query query, int budget, StageLog log) {
        ensureOpen();
        if (!query.filter().isEmpty()) {
            List<String> unknown = query.filter().keys().stream().filter(k -> !state.metadataKeys().contains(k)).toList();
            if (!unknown.isEmpty()) {
                log.run("filter", sink -> {
                    sink.put("filter", query.filter().toString());
                    sink.put("unknownFilterKeys", unknown);
                    unknown.forEach(k -> LOG.warn("metadata filter key '{}' is in no document's metadata (a condition or "
                            + "range on it matches no chunk, an exclusion every chunk); the keys there are: {}", k,
                            state.metadataKeys()));
                    return unknown;
                }, u -> List.of());
            }
        }
        Query embedded = AskStages.embedQuery(components, query, log);
        List<ScoredChunk> candidates = store.retrieve(embedded, log);
        return AskStages.rerankAndSelect(components, embedded, candidates, budget, log);
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
     * prefilter, the snapshot's.
     *
     * @return the chunks, immutable
     */
    public List<Chunk> chunks() {
        return store.chunks();
    }

    /**
     * The index's name.
     *
     * @return the name; with a prefilter {@code "prefilter"} (each question gets an index of its own)
     */
    public String indexName() {
        return store.name();
    }

    /**
     * The index's kind.
     *
     * @return {@code memory}, {@code elasticsearch}, ...; with a prefilter {@code "prefilter"}
     */
    public String indexKind() {
        return store.kind();
    }

    /**
     * Whether the instance (and so its index) is closed.
     *
     * @return true after {@link #close()}, or once the index was closed from outside
     */
    public boolean isClosed() {
        return closed.get() || store.isClosed();
    }

    /**
     * The index, for evaluation and advanced use; do not close it yourself.
     *
     * @return the index
     * @throws IllegalStateException with a prefilter: such an instance has no index of its own
     */
    public EphemeralIndex index() {
        return store.index();
    }

    /** Deletes the index (with a prefilter, forgets the vectors); idempotent. */
    @Override
    public void close() {
        closed.set(true);
        store.close();
    }
}
