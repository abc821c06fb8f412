package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Prefilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Chunks kept with the prefilter's ranking of them, none embedded at ingest: the store with a
 * {@linkplain RagPipeline.Builder#prefilter prefilter}. For each question the ranking's first {@code n} chunks are
 * embedded (cache first, unless this store embedded them for an earlier question: their vectors are kept until
 * their document is removed or the store closed), put into an index of the pipeline's factory made for that
 * question, and handed to the retriever; the index is closed after it.
 *
 * <p>The chunks and their ranking are one immutable snapshot, replaced (never changed) inside
 * {@link #exclusively}; a question reads it once, without a lock. A change prepares the ranking again over all the
 * chunks (for BM25 O(total terms)). Thread-safe: a question reads each chunk's vector from the shared map once and
 * keeps it, so a {@link #remove} or {@link #close} that empties the map meanwhile costs it at most an embedding
 * again; once closed, a question fails with {@link IndexException} saying so. The store has no index of its own:
 * {@link #index()} throws.
 */
final class PrefilteredChunks extends ChunkStore {

    /** The chunks and the prefilter's ranking of exactly them. */
    private record Snapshot(List<Chunk> chunks, Prefilter.Ranking ranking) {
        Snapshot {
            chunks = List.copyOf(chunks);
        }
    }

    /** The first pass's chunks, best first, and the index of them made for one question. */
    private record Prefiltered(List<ScoredChunk> ranked, EphemeralIndex index) {
    }

    private final Components components;
    private final Prefilter prefilter;
    private final Ingest ingest;
    /** The vectors of the chunks embedded so far (a chunk is a value, so a changed text is a new key). */
    private final Map<Chunk, float[]> embedded = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot;
    private volatile boolean closed;

    private PrefilteredChunks(Components components, Prefilter prefilter, Ingest ingest, Snapshot snapshot) {
        this.components = components;
        this.prefilter = prefilter;
        this.ingest = ingest;
        this.snapshot = snapshot;
    }

    /** The store of {@code chunks}, ranked by the pipeline's prefilter, with a stage {@code prefilter}. */
    static PrefilteredChunks open(Components components, Ingest ingest, List<Chunk> chunks, List<Trace.Stage> stages) {
        Prefilter prefilter = Objects.requireNonNull(components.prefilter(), "prefilter");
        Observing.Watch watch = components.observing().ingest("prefilter");
        long t0 = System.nanoTime();
        Prefilter.Ranking ranking;
        try {
            ranking = prefilter.prepare(chunks);
        } catch (RuntimeException | Error e) {
            watch.failed(e);
            throw e;
        }
        stages.add(watch.stopped(stage(prefilter, "prefilter", chunks.size(), t0)));
        return new PrefilteredChunks(components, prefilter, ingest, new Snapshot(chunks, ranking));
    }

    /** A stage {@code name}: {@code prefilter} prepared over {@code chunks} chunks since {@code started}. */
    private static Trace.Stage stage(Prefilter prefilter, String name, int chunks, long started) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("prefilter", prefilter.describe().get("name"));
        details.put("chunks", chunks);
        return new Trace.Stage(name, Ingest.millisSince(started), List.of(), details);
    }

    @Override
    Addition prepare(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages) {
        return () -> {
            Observing.Watch watch = components.observing().ingest("add:prefilter");
            long t0 = System.nanoTime();
            List<Chunk> all = new ArrayList<>(snapshot.chunks());
            all.addAll(chunks);
            try {
                snapshot = new Snapshot(all, prefilter.prepare(all));
            } catch (RuntimeException | Error e) {
                watch.failed(e);
                throw e;
            }
            return watch.stopped(stage(prefilter, "add:prefilter", all.size(), t0));
        };
    }

    @Override
    int remove(String documentId) {
        List<Chunk> now = snapshot.chunks();
        List<Chunk> kept = now.stream().filter(c -> !c.documentId().equals(documentId)).toList();
        Prefilter.Ranking ranking = prefilter.prepare(kept);
        embedded.keySet().removeIf(c -> c.documentId().equals(documentId));
        snapshot = new Snapshot(kept, ranking);
        return now.size() - kept.size();
    }

    /**
     * Stages {@code prefilter} (the first {@code n} chunks of the ranking, embedded cache first unless this store
     * embedded them before: details {@code texts}, {@code cacheHits}, {@code cacheMisses}, {@code reused}) and
     * {@code retrieve} (the retriever over an index of just those chunks, closed afterwards).
     */
    @Override
    List<ScoredChunk> retrieve(Query query, StageLog log) {
        ensureOpen();
        Snapshot now = snapshot;
        Prefiltered own = log.run("prefilter", sink -> {
            List<ScoredChunk> ranked = now.ranking().top(query, components.prefilterSize(), sink);
            List<Chunk> top = ranked.stream().map(ScoredChunk::chunk).toList();
            // one read of the shared map per chunk: a remove or close may empty it at any time
            Map<Chunk, float[]> vectors = new HashMap<>();
            List<Chunk> missing = new ArrayList<>();
            for (Chunk c : top) {
                float[] v = embedded.get(c);
                if (v == null) {
                    missing.add(c);
                } else {
                    vectors.put(c, v);
                }
            }
            if (!missing.isEmpty()) {
                CachingEmbedder.Embedded e = ingest.embedTexts(missing.stream().map(Chunk::text).toList());
                for (int i = 0; i < missing.size(); i++) {
                    vectors.put(missing.get(i), e.vectors().get(i));
                }
                ensureOpen();
                for (int i = 0; i < missing.size(); i++) {
                    embedded.put(missing.get(i), e.vectors().get(i));
                }
                sink.put("cacheHits", e.hits());
                sink.put("cacheMisses", e.misses());
            }
            sink.put("texts", missing.size());
            sink.put("reused", top.size() - missing.size());
            EphemeralIndex small = components.indexFactory().create(components.embedder().dimension());
            try {
                small.add(top, top.stream().map(vectors::get).toList());
                return new Prefiltered(ranked, small);
            } catch (RuntimeException | Error e) {
                small.close();
                throw e;
            }
        }, Prefiltered::ranked);
        try {
            return log.run("retrieve", sink -> components.retriever().retrieve(query, own.index(),
                    components.candidates(), sink), c -> c);
        } finally {
            own.index().close();
        }
    }

    @Override
    List<Chunk> chunks() {
        return snapshot.chunks();
    }

    @Override
    String name() {
        return "prefilter";
    }

    @Override
    String kind() {
        return "prefilter";
    }

    /** Once closed: a closed store keeps no vectors and answers no question. */
    @Override
    boolean isClosed() {
        return closed;
    }

    private void ensureOpen() {
        if (closed) {
            embedded.clear();
            throw new IndexException("this instance is closed: open a new one to ask more questions");
        }
    }

    @Override
    EphemeralIndex index() {
        throw new IllegalStateException("this instance prefilters: it has no index, each question gets one (use chunks())");
    }

    @Override
    void close() {
        closed = true;
        embedded.clear();
    }
}
