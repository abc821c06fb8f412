package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.internal.text.ControlEscaping;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.spi.DocumentLoader;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingest: turns files or documents into an open {@link RagInstance} (load, chunk, embed, index) and does the
 * same steps for the documents an open instance is given later. Each step adds a {@link Trace.Stage} to the list it
 * is handed ({@code load}, {@code chunk}, {@code embed}, {@code index}, or {@code prefilter} in place of the last
 * two with a prefilter; with the prefix {@code add:} for an open instance) and reports its progress to the
 * {@link IngestListener}.
 *
 * <p>Works from the pipeline's resolved {@link Components}: the loader, the chunker, the embedder (through a
 * {@link CachingEmbedder} when an embedding cache was given and the embedder declares a
 * {@linkplain io.github.astrorag.core.spi.Embedder#fingerprint() fingerprint}), the index factory and the prefilter.
 * Holds no state of its own beyond them, so it is as thread-safe as they are; one per pipeline.
 */
final class Ingest {

    private static final Logger LOG = LoggerFactory.getLogger(Ingest.class);

    private final Components components;
    /** The embedder through the cache; null when no cache was given or the embedder declares no fingerprint. */
    private final @Nullable CachingEmbedder caching;

    Ingest(Components components) {
        this.components = components;
        this.caching = components.cache() == null || components.embedder().fingerprint().isEmpty() ? null
                : new CachingEmbedder(components.embedder(), components.cache());
    }

    /**
     * A new instance over {@code documents}: ids made distinct, chunked, then either embedded batch by batch into a
     * fresh index of the factory ({@link IndexedChunks}) or, with a prefilter, ranked by it ({@link PrefilteredChunks}).
     * If anything fails, the index is deleted before the exception leaves.
     *
     * @param stages the stages so far ({@code load} when files were read); the ingest stages are appended
     */
    RagInstance open(List<Document> documents, IngestListener listener, List<Trace.Stage> stages) {
        List<Document> unique = uniqueIds(documents);
        List<Chunk> chunks = chunk(unique, listener, stages, "");
        ChunkStore store = components.prefilter() != null
                ? PrefilteredChunks.open(components, this, chunks, stages)
                : IndexedChunks.open(components, this, chunks, listener, stages);
        return new RagInstance(components, this, store, unique, chunks.size(), stages);
    }

    /** A new instance with no documents and an empty index (or prefilter ranking), stages none. */
    RagInstance openEmpty() {
        List<Trace.Stage> stages = new ArrayList<>();
        ChunkStore store = components.prefilter() != null
                ? PrefilteredChunks.open(components, this, List.of(), stages)
                : IndexedChunks.open(components, this, List.of(), IngestListener.NONE, stages);
        return new RagInstance(components, this, store, List.of(), 0, List.of());
    }

    /**
     * The documents of {@code paths}, read in one call (so that the loader can skip a file given twice, limit the
     * whole call's text and keep ids distinct across paths), with a stage {@code <prefix>load}.
     *
     * @throws IllegalArgumentException if {@code paths} is empty
     */
    List<Document> load(Collection<Path> paths, IngestListener listener, List<Trace.Stage> stages, String prefix) {
        Objects.requireNonNull(paths, "paths");
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        Observing.Watch watch = components.observing().ingest(prefix + "load");
        long started = System.nanoTime();
        DocumentLoader.Loaded loaded;
        try {
            loaded = components.loader().loadAll(paths, components.onUnreadable());
        } catch (RuntimeException | Error e) {
            watch.failed(e);
            throw e;
        }
        List<Document> documents = loaded.documents();
        listener.progress("load", paths.size(), paths.size());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("paths", paths.size());
        details.put("documents", documents.size());
        details.put("characters", documents.stream().mapToLong(d -> d.text().length()).sum());
        if (!loaded.skipped().isEmpty()) {
            List<Map<String, Object>> skipped = new ArrayList<>();
            for (DocumentLoader.Skipped s : loaded.skipped()) {
                // a file name may hold line breaks and escape sequences: one line, nothing live
                LOG.warn("skipped {}: {}", ControlEscaping.escape(s.file().toString()), ControlEscaping.escape(s.reason()));
                Map<String, Object> one = new LinkedHashMap<>();
                one.put("file", s.file().toString());
                one.put("reason", s.reason());
                skipped.add(one);
            }
            details.put("skipped", skipped);
        }
        if (!loaded.unsupported().isEmpty()) {
            LOG.warn(loaded.unsupportedLine(FileSystemDocumentLoader.hint(loaded.unsupported().keySet())));
            Map<String, Object> byExtension = new LinkedHashMap<>();
            loaded.unsupported().forEach((ext, n) -> byExtension.put(ext.isEmpty() ? "" : "." + ext, n));
            details.put("unsupported", byExtension);
        }
        stages.add(watch.stopped(new Trace.Stage(prefix + "load", millisSince(started), List.of(), details)));
        return documents;
    }

    /**
     * The documents with ids made distinct (a repeated id gets {@code ~2}, {@code ~3}, ...). O(documents).
     *
     * @throws IllegalArgumentException if {@code documents} is empty
     */
    static List<Document> uniqueIds(List<Document> documents) {
        Objects.requireNonNull(documents, "documents");
        if (documents.isEmpty()) {
            throw new IllegalArgumentException("no documents given: name at least one file or folder");
        }
        Map<String, Integer> seen = new HashMap<>();
        List<Document> out = new ArrayList<>(documents.size());
        for (Document d : documents) {
            int n = seen.merge(d.id(), 1, Integer::sum);
            out.add(n == 1 ? d : d.withId(d.id() + "~" + n));
        }
        return out;
    }

    /**
     * The chunks of {@code documents} in order, with a stage {@code <prefix>chunk}.
     *
     * @throws RagException if there are none
     */
    List<Chunk> chunk(List<Document> documents, IngestListener listener, List<Trace.Stage> stages, String prefix) {
        Observing.Watch watch = components.observing().ingest(prefix + "chunk");
        long chunking = System.nanoTime();
        List<Chunk> chunks = new ArrayList<>();
        try {
            for (int i = 0; i < documents.size(); i++) {
                Document d = documents.get(i);
                if (!d.metadata().containsKey(Metadata.LANGUAGE)) {
                    d = d.withMetadata(Map.of(Metadata.LANGUAGE, components.languageOf(d.text())));
                }
                chunks.addAll(components.chunker().chunk(d));
                listener.progress("chunk", i + 1, documents.size());
            }
            if (chunks.isEmpty()) {
                throw new RagException("the documents hold no text to index");
            }
        } catch (RuntimeException | Error e) {
            watch.failed(e);
            throw e;
        }
        Map<String, Object> chunked = new LinkedHashMap<>();
        chunked.put("documents", documents.size());
        chunked.put("chunks", chunks.size());
        stages.add(watch.stopped(new Trace.Stage(prefix + "chunk", millisSince(chunking), List.of(), chunked)));
        return chunks;
    }

    /** Where {@link #embed} hands each batch of chunks with their checked vectors. */
    interface BatchSink {
        void accept(List<Chunk> chunks, List<float[]> vectors);
    }

    /**
     * Embeds {@code chunks} {@value RagPipeline#EMBED_BATCH} at a time, cache first, handing each batch to
     * {@code sink}, with a stage {@code <prefix>embed} (texts, cache hits and misses, the cache's state) whose time
     * leaves out the sink's. Returns the nanoseconds spent in {@code sink}.
     *
     * @throws RagException if the thread is interrupted between batches, or a vector is bad
     *         ({@link io.github.astrorag.core.EmbeddingException})
     */
    long embed(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages, String prefix, BatchSink sink) {
        Observing.Watch watch = components.observing().ingest(prefix + "embed");
        try {
            return embed(chunks, listener, stages, prefix, sink, watch);
        } catch (RuntimeException | Error e) {
            watch.failed(e);
            throw e;
        }
    }

    private long embed(List<Chunk> chunks, IngestListener listener, List<Trace.Stage> stages, String prefix,
                       BatchSink sink, Observing.Watch watch) {
        long embedNanos = 0;
        long sinkNanos = 0;
        int hits = 0;
        for (int from = 0; from < chunks.size(); from += RagPipeline.EMBED_BATCH) {
            if (Thread.currentThread().isInterrupted()) {
                throw new RagException("interrupted while embedding the documents");
            }
            List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + RagPipeline.EMBED_BATCH));
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
        stages.add(watch.stopped(new Trace.Stage(prefix + "embed", embedNanos / 1e6, List.of(), embedding)));
        return sinkNanos;
    }

    /**
     * The document vectors of {@code texts}, through the cache if one is used, checked against the embedder's
     * dimension ({@link Vectors#check}).
     */
    CachingEmbedder.Embedded embedTexts(List<String> texts) {
        CachingEmbedder.Embedded e = caching != null ? caching.embed(texts)
                : new CachingEmbedder.Embedded(components.embedder().embedDocuments(texts), 0, texts.size());
        Vectors.check(String.valueOf(components.embedder().describe().get("name")), components.embedder().dimension(),
                texts.size(), e.vectors());
        return e;
    }

    /** What the embed stage says of the cache: none given, not usable for this embedder, or the cache. */
    private Object cacheState() {
        if (components.cache() == null) {
            return "none";
        }
        return caching == null ? "not used: the embedder declares no fingerprint" : components.cache().describe();
    }

    /** Milliseconds since {@code nanos}, a {@link System#nanoTime()}. */
    static double millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e6;
    }
}
