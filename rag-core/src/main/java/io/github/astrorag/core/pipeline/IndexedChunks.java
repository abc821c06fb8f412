package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chunks in an ephemeral index of the pipeline's factory, every chunk embedded at ingest: the store without a
 * prefilter. Retrieval and {@link #chunks()} read the index under the store's read lock, so they see one set of
 * documents however often the retriever reads the index. Thread-safe.
 */
final class IndexedChunks extends ChunkStore {

    private final Components components;
    private final Ingest ingest;
    private final EphemeralIndex index;

    private IndexedChunks(Components components, Ingest ingest, EphemeralIndex index) {
        this.components = components;
        this.ingest = ingest;
        this.index = index;
    }

    /**
     * A fresh index of the factory holding {@code chunks}, embedded batch by batch (stages {@code embed} and
     * {@code index}); if anything fails the index is closed (deleted) before the exception leaves.
     */
    static IndexedChunks open(Components components, Ingest ingest, List<Chunk> chunks, IngestListener listener,
                              List<Trace.Stage> stages) {
        long started = System.nanoTime();
        EphemeralIndex index = components.indexFactory().create(components.embedder().dimension());
        try {
            long indexNanos = System.nanoTime() - started + ingest.embed(chunks, listener, stages, "", index::add);
            // the index writes ran batch by batch inside the embed stage: the observer hears the stage at its end
            stages.add(components.observing().ingest("index").stopped(indexStage("index", index, chunks.size(), indexNanos)));
            return new IndexedChunks(components, ingest, index);
        } catch (RuntimeException | Error e) {
            try {
                index.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** A stage {@code name} for {@code chunks} chunks stored in {@code index} in {@code nanos}. */
    private static Trace.Stage indexStage(String name, EphemeralIndex index, int chunks, long nanos) {
        Map<String, Object> indexed = new LinkedHashMap<>();
        indexed.put("kind", index.kind());
        indexed.put("chunks", chunks);
        return new Trace.Stage(name, nanos / 1e6, List.of(), indexed);
    }

    @Override
    Addition prepare(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages) {
        List<float[]> vectors = new ArrayList<>(chunks.size());
        ingest.embed(chunks, listener, stages, "add:", (batch, v) -> vectors.addAll(v));
        return () -> {
            Observing.Watch watch = components.observing().ingest("add:index");
            long t0 = System.nanoTime();
            try {
                index.add(chunks, vectors);
            } catch (RuntimeException | Error e) {
                watch.failed(e);
                throw e;
            }
            return watch.stopped(indexStage("add:index", index, chunks.size(), System.nanoTime() - t0));
        };
    }

    @Override
    int remove(String documentId) {
        return index.remove(documentId);
    }

    @Override
    List<ScoredChunk> retrieve(Query query, StageLog log) {
        // one document set for the whole stage, however often the retriever reads the index
        return log.run("retrieve", sink -> shared(
                () -> components.retriever().retrieve(query, index, components.candidates(), sink)), c -> c);
    }

    @Override
    List<Chunk> chunks() {
        return shared(index::chunks);
    }

    @Override
    String name() {
        return index.name();
    }

    @Override
    String kind() {
        return index.kind();
    }

    @Override
    boolean isClosed() {
        return index.isClosed();
    }

    @Override
    EphemeralIndex index() {
        return index;
    }

    @Override
    void close() {
        index.close();
    }
}
