package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The selection over passages the caller retrieved ({@link RagPipeline#select}): the retrieve stage of an ask is
 * replaced by the given passages, embedded where they came without a vector (through the pipeline's embedding cache,
 * or when it has none or cannot use it, a cache of this pipeline's own of {@value #OWN_CACHE_ENTRIES} vectors) and
 * ranked; the rerankers and the selector then run as in an ask. Thread-safe.
 */
final class GivenPassages {

    private static final Logger LOG = LoggerFactory.getLogger(GivenPassages.class);
    /** Capacity of the cache the pipeline keeps for given passages when it was given no usable cache. */
    static final int OWN_CACHE_ENTRIES = 4096;

    private final Components components;
    private final CachingEmbedder caching;
    private final String cacheState;

    GivenPassages(Components components) {
        this.components = components;
        boolean usable = components.cache() != null && components.embedder().fingerprint().isPresent();
        if (usable) {
            this.caching = new CachingEmbedder(components.embedder(), components.cache());
            this.cacheState = String.valueOf(components.cache().describe().get("name"));
        } else {
            // vectors of this pipeline's embedder object alone: a space no other embedder shares
            this.caching = new CachingEmbedder(components.embedder(), new InMemoryEmbeddingCache(OWN_CACHE_ENTRIES),
                    "given-passages");
            this.cacheState = "the pipeline's own (" + OWN_CACHE_ENTRIES + " vectors)";
        }
    }

    Selection select(Query query, List<Passage> passages, int budget, Runnable ensureOpen) {
        StageLog log = new StageLog(ensureOpen, components.observing());
        Map<String, Integer> indexOf = new HashMap<>();
        for (int i = 0; i < passages.size(); i++) {
            Passage p = passages.get(i);
            if (indexOf.putIfAbsent(p.id(), i) != null) {
                throw new IllegalArgumentException("passage id " + p.id() + " is given twice (at " + indexOf.get(p.id())
                        + " and " + i + "): ids must be distinct");
            }
        }
        Query embedded = AskStages.embedQuery(components, query, log);
        List<ScoredChunk> candidates = log.run("candidates", sink -> rank(embedded, passages, sink), c -> c);
        Context context = candidates.isEmpty()
                ? log.run("select", sink -> new Context(List.of(), "", 0, budget, Map.of()), Context::chunks)
                : AskStages.rerankAndSelect(components, embedded, candidates, budget, log);
        List<Selection.Picked> picked = new ArrayList<>(context.chunks().size());
        for (ScoredChunk c : context.chunks()) {
            int i = indexOf.get(c.id());
            picked.add(new Selection.Picked(i, passages.get(i), c.chunk().text(), c.chunk().tokens(), c.score()));
        }
        Trace trace = new Trace(components.describe(), log.stages(), context.tokens(), context.budget());
        return new Selection(picked, context.withDetails(Map.of("trace", trace)), trace);
    }

    /** The stage {@code candidates}: filtered, embedded where needed, ranked by the given scores or by cosine. */
    private List<ScoredChunk> rank(Query query, List<Passage> passages, io.github.astrorag.core.spi.TraceSink sink) {
        MetadataFilter filter = query.filter();
        List<Passage> kept = filter.isEmpty() ? passages
                : passages.stream().filter(p -> filter.matches(p.metadata())).toList();
        if (!filter.isEmpty()) {
            sink.put("filter", filter.toString());
            sink.put("filteredOut", passages.size() - kept.size());
            Set<String> unknown = unknownKeys(filter, passages);
            if (!unknown.isEmpty()) {
                sink.put("unknownFilterKeys", List.copyOf(unknown));
                unknown.forEach(k -> LOG.warn("metadata filter key '{}' is held by none of the {} passages given "
                        + "(a condition or range on it matches none, an exclusion every one)", k, passages.size()));
            }
        }
        List<float[]> vectors = vectorsOf(kept, sink);
        TokenCounter counter = components.chunker().counter();
        List<Chunk> chunks = new ArrayList<>(kept.size());
        for (Passage p : kept) {
            chunks.add(chunkOf(p, counter.count(p.text())));
        }
        sink.put("given", passages.size());
        if (!(components.retriever() instanceof DenseRetriever) && !kept.isEmpty()) {
            sink.put("rankedBy", "retriever");
            return retrieveAmong(query, chunks, vectors);
        }
        boolean byScore = !kept.isEmpty() && kept.stream().allMatch(p -> p.score() != null);
        float[] q = query.requireEmbedding();
        List<ScoredChunk> out = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            double score = byScore ? kept.get(i).score() : Vectors.cosine(q, vectors.get(i));
            out.add(new ScoredChunk(chunks.get(i), score, vectors.get(i)));
        }
        // stable: equal scores keep the caller's order
        out.sort(Comparator.comparingDouble(ScoredChunk::score).reversed());
        sink.put("rankedBy", byScore ? "score" : "cosine");
        return out;
    }

    /**
     * Every given passage ranked by the pipeline's own retriever (lexical or fused) over a transient in-memory index
     * of exactly them, as an ask ranks its instance's chunks: the store's cosine top n is re-ranked with the terms
     * the store did not read. The filter was applied before; the index is dropped after.
     */
    private List<ScoredChunk> retrieveAmong(Query query, List<Chunk> chunks, List<float[]> vectors) {
        try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("given-passages", components.embedder().dimension())) {
            index.add(chunks, vectors);
            Query unfiltered = query.withFilter(MetadataFilter.NONE);
            return components.retriever().retrieve(unfiltered, index, chunks.size());
        }
    }

    /** Every passage's unit vector: the given one, or embedded through the cache (one call for the missing ones). */
    private List<float[]> vectorsOf(List<Passage> passages, io.github.astrorag.core.spi.TraceSink sink) {
        String name = String.valueOf(components.embedder().describe().get("name"));
        int dimension = components.embedder().dimension();
        List<float[]> out = new ArrayList<>(passages.size());
        List<String> missing = new ArrayList<>();
        for (Passage p : passages) {
            float[] v = p.vector();
            if (v == null) {
                out.add(null);
                missing.add(p.text());
            } else {
                out.add(Vectors.unitCopies(name, dimension, 1, List.of(v)).get(0));
            }
        }
        int hits = 0;
        if (!missing.isEmpty()) {
            CachingEmbedder.Embedded e = caching.embed(missing);
            Vectors.check(name, dimension, missing.size(), e.vectors());
            hits = e.hits();
            int next = 0;
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i) == null) {
                    out.set(i, Vectors.normalizeInPlace(e.vectors().get(next++).clone()));
                }
            }
        }
        sink.put("vectorsGiven", passages.size() - missing.size());
        sink.put("cacheHits", hits);
        sink.put("embedded", missing.size() - hits);
        sink.put("cache", cacheState);
        return out;
    }

    /** Metadata keys the filter names that no passage holds. */
    static Set<String> unknownKeys(MetadataFilter filter, List<Passage> passages) {
        Set<String> unknown = new LinkedHashSet<>();
        for (String key : filter.keys()) {
            if (passages.stream().noneMatch(p -> p.metadata().containsKey(key))) {
                unknown.add(key);
            }
        }
        return unknown;
    }

    /**
     * The chunk standing for {@code p}: its id, its document (metadata {@code source}, else the id: the passages of one
     * source are chunks of one document), its title (metadata {@code title}, else the source), text and metadata.
     */
    private static Chunk chunkOf(Passage p, int tokens) {
        String source = p.metadata().getOrDefault(Metadata.SOURCE, p.id());
        String title = p.metadata().getOrDefault(Metadata.TITLE, source);
        return new Chunk(p.id(), source, title, source, null, 0, p.text(), tokens, 0, p.text().length(), p.metadata());
    }
}
