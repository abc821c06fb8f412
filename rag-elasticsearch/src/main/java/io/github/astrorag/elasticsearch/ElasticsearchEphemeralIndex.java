package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.index.AbstractEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.TextSearch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's chunks in its own Elasticsearch index, deleted by {@link #close()}. Made by
 * {@link ElasticsearchEphemeralIndexFactory}.
 *
 * <p>{@link #add} checks everything first (sizes, dimension, finite and non-zero components, duplicate ids),
 * stores L2-normalised vectors with bulk {@code create} requests of {@code bulkSize} chunks, and leaves
 * the index unrefreshed; the first read after adding refreshes once (so a whole ingest costs one
 * refresh). If a bulk request fails, the chunks of that {@code add} are deleted again (best effort) and
 * the call throws: an {@code add} stores all its chunks or none.
 *
 * <p>{@link #search} runs a kNN query for {@code k + }{@value #TIE_MARGIN} hits with
 * {@code num_candidates = max(numCandidates, that)}, recomputes each hit's cosine exactly from its stored
 * vector and orders by it, ties by chunk id, as the in-memory index does; with {@code num_candidates} at
 * least the number of chunks (or {@link VectorIndexType#FLAT}) both return the same top k.
 * {@link #textSearch} is BM25 ({@code match} on the text); {@link #hybridSearch} fuses kNN and BM25 ranks
 * with reciprocal rank fusion in Java (Cormack, Clarke and Büttcher, SIGIR 2009: score =
 * Σ 1/(rankConstant + rank)), since the {@code rrf} retriever is not in every distribution.
 *
 * <p>A {@link MetadataFilter} becomes one {@code term} (one value) or {@code terms} (several) query per
 * condition on the {@code flattened} field {@code metadata.<key>}: the kNN search's {@code filter} (applied
 * during the approximate search, so the k hits come from the matching chunks, not fewer by post-filtering)
 * and the BM25 query's {@code bool.filter}.
 *
 * <p>{@link #chunks()} pages through the index in insertion order; {@link #vector(String)} is a real-time get.
 * The ids added are kept in memory to check duplicates and to answer {@link #size()}; chunks and vectors
 * live only in Elasticsearch. Thread-safe: searches run in parallel, {@code add} and {@code close}
 * exclusively (the locking and the checks are {@link AbstractEphemeralIndex}'s).
 */
public final class ElasticsearchEphemeralIndex extends AbstractEphemeralIndex implements TextSearch {

    /** Hits fetched beyond {@code k} so that equal scores at the k-th place are broken by chunk id. */
    public static final int TIE_MARGIN = 16;
    /** Chunks per page when {@link #chunks()} reads the index. */
    static final int PAGE = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchEphemeralIndex.class);

    private final ElasticsearchEphemeralIndexFactory factory;
    private final Connection connection;
    private volatile boolean dirty;
    private boolean deleted;

    ElasticsearchEphemeralIndex(ElasticsearchEphemeralIndexFactory factory, Connection connection, String name, int dimension) {
        super(name, dimension);
        this.factory = factory;
        this.connection = connection;
    }

    @Override
    public String kind() {
        return "elasticsearch";
    }

    @Override
    protected void store(List<Chunk> chunks, List<float[]> unitVectors, long first) {
        int bulkSize = factory.bulkSize();
        try {
            for (int from = 0; from < chunks.size(); from += bulkSize) {
                int to = Math.min(chunks.size(), from + bulkSize);
                bulk(chunks.subList(from, to), unitVectors.subList(from, to), first + from);
            }
        } catch (IndexException e) {
            rollback(first, chunks.size(), e);
            throw e;
        }
        dirty = true;
    }

    private void bulk(List<Chunk> chunks, List<float[]> vectors, long firstSeq) {
        BulkRequest.Builder request = new BulkRequest.Builder();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDocument doc = ChunkDocument.of(chunks.get(i), firstSeq + i, vectors.get(i));
            String id = Long.toString(firstSeq + i);
            request.operations(op -> op.create(c -> c.index(name()).id(id).document(doc)));
        }
        BulkRequest built = request.build();
        BulkResponse response = connection.call("adding " + chunks.size() + " chunks to index " + name(), c -> c.bulk(built));
        if (response.errors()) {
            List<BulkResponseItem> items = response.items();
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).error() != null) {
                    throw new IndexException("Elasticsearch rejected chunk " + chunks.get(i).id() + " in index " + name()
                            + ": " + items.get(i).error().type() + ": " + items.get(i).error().reason());
                }
            }
        }
    }

    private void rollback(long firstSeq, int count, IndexException cause) {
        try {
            BulkRequest.Builder request = new BulkRequest.Builder();
            for (long s = firstSeq; s < firstSeq + count; s++) {
                String id = Long.toString(s);
                request.operations(op -> op.delete(d -> d.index(name()).id(id)));
            }
            BulkRequest built = request.build();
            connection.call("removing the chunks of a failed add from index " + name(), c -> c.bulk(built));
        } catch (IndexException e) {
            cause.addSuppressed(e);
        }
    }

    /** As the base class's check, and an all-zero vector is refused too: its cosine similarity is undefined. */
    @Override
    protected float[] unitVector(float[] v, String what) {
        float[] unit = super.unitVector(v, what);
        if (Vectors.norm(unit) == 0) {
            throw new IndexException(what + " is all zeros: its cosine similarity is undefined");
        }
        return unit;
    }

    @Override
    protected List<ScoredChunk> searchUnit(float[] q, int k, MetadataFilter filter) {
        return top(knn(q, fetchSize(k), filter), k);
    }

    /**
     * The {@code k} chunks best matching {@code text} by BM25 (Elasticsearch's {@code match} query on the chunk
     * text) among those {@code filter} matches, best first, ties by chunk id, each with its vector; the score is
     * BM25's.
     */
    @Override
    public List<ScoredChunk> textSearch(String text, int k, MetadataFilter filter) {
        checkK(k);
        return read(() -> top(lexical(text, fetchSize(k), filter), k));
    }

    /**
     * Hybrid search: the kNN list for {@code query} and the BM25 list for {@code text} (each of
     * {@code max(k, hybridWindow)} hits among the chunks {@code filter} matches) fused by reciprocal rank
     * fusion, score = Σ 1/(rankConstant + rank) over the lists holding the chunk (rank from 1). Best first,
     * ties by chunk id, at most {@code k}, each with its vector.
     */
    @Override
    public List<ScoredChunk> hybridSearch(float[] query, String text, int k, MetadataFilter filter) {
        checkK(k);
        float[] q = unitVector(query, "query vector");
        int window = Math.min(ElasticsearchEphemeralIndexFactory.MAX_NUM_CANDIDATES, Math.max(k, factory.hybridWindow()));
        return read(() -> {
            List<ScoredChunk> dense = top(knn(q, fetchSize(window), filter), window);
            List<ScoredChunk> lexical = text == null || text.isBlank() ? List.of() : top(lexical(text, fetchSize(window), filter), window);
            Map<String, ScoredChunk> fused = new LinkedHashMap<>();
            for (List<ScoredChunk> list : List.of(dense, lexical)) {
                for (int rank = 1; rank <= list.size(); rank++) {
                    ScoredChunk s = list.get(rank - 1);
                    double add = 1.0 / (factory.rrfRankConstant() + rank);
                    fused.merge(s.id(), s.withScore(add), (a, b) -> a.withScore(a.score() + b.score()));
                }
            }
            return top(new ArrayList<>(fused.values()), k);
        });
    }

    private int fetchSize(int k) {
        return (int) Math.min(ElasticsearchEphemeralIndexFactory.MAX_NUM_CANDIDATES, (long) k + TIE_MARGIN);
    }

    private static List<ScoredChunk> top(List<ScoredChunk> hits, int k) {
        List<ScoredChunk> sorted = new ArrayList<>(hits);
        sorted.sort(ScoredChunk.BY_SCORE);
        return List.copyOf(sorted.subList(0, Math.min(k, sorted.size())));
    }

    /** One {@code term} or {@code terms} query on {@code metadata.<key>} per condition of {@code filter}. */
    static List<Query> filterQueries(MetadataFilter filter) {
        List<Query> out = new ArrayList<>(filter.conditions().size());
        for (MetadataFilter.Condition c : filter.conditions()) {
            String field = "metadata." + c.key();
            List<FieldValue> values = c.values().stream().map(FieldValue::of).toList();
            out.add(values.size() == 1
                    ? Query.of(q -> q.term(t -> t.field(field).value(values.get(0))))
                    : Query.of(q -> q.terms(t -> t.field(field).terms(f -> f.value(values)))));
        }
        return out;
    }

    /** kNN hits among the chunks {@code filter} matches, scored by their exact cosine to the unit query {@code q}. Caller holds the read lock. */
    private List<ScoredChunk> knn(float[] q, int size, MetadataFilter filter) {
        if (storedCount() == 0) {
            return List.of();
        }
        refreshIfNeeded();
        int candidates = Math.max(size, factory.numCandidates());
        List<Float> vector = new ArrayList<>(q.length);
        for (float x : q) {
            vector.add(x);
        }
        List<Query> filters = filterQueries(filter);
        SearchResponse<ChunkDocument> response = connection.call("searching index " + name(),
                c -> c.search(s -> s.index(name()).size(size)
                        .knn(kn -> kn.field("vector").queryVector(vector).k(size).numCandidates(candidates).filter(filters)),
                        ChunkDocument.class));
        List<ScoredChunk> out = new ArrayList<>();
        for (Hit<ChunkDocument> hit : response.hits().hits()) {
            ChunkDocument doc = hit.source();
            out.add(new ScoredChunk(doc.chunk(), Vectors.dot(q, doc.vector()), doc.vector()));
        }
        return out;
    }

    /** BM25 hits among the chunks {@code filter} matches. Caller holds the read lock. */
    private List<ScoredChunk> lexical(String text, int size, MetadataFilter filter) {
        if (storedCount() == 0 || text == null || text.isBlank()) {
            return List.of();
        }
        refreshIfNeeded();
        Query match = Query.of(q -> q.match(m -> m.field("text").query(text)));
        List<Query> filters = filterQueries(filter);
        Query query = filters.isEmpty() ? match : Query.of(q -> q.bool(b -> b.must(match).filter(filters)));
        SearchResponse<ChunkDocument> response = connection.call("searching index " + name() + " by text",
                c -> c.search(s -> s.index(name()).size(size).query(query), ChunkDocument.class));
        List<ScoredChunk> out = new ArrayList<>();
        for (Hit<ChunkDocument> hit : response.hits().hits()) {
            ChunkDocument doc = hit.source();
            out.add(new ScoredChunk(doc.chunk(), hit.score() == null ? 0 : hit.score(), doc.vector()));
        }
        return out;
    }

    private void refreshIfNeeded() {
        if (dirty) {
            synchronized (this) {
                if (dirty) {
                    connection.call("refreshing index " + name(), c -> c.indices().refresh(r -> r.index(name())));
                    dirty = false;
                }
            }
        }
    }

    @Override
    protected List<Chunk> storedChunks() {
        if (storedCount() == 0) {
            return List.of();
        }
        refreshIfNeeded();
        List<Chunk> out = new ArrayList<>(storedCount());
        long after = -1;
        while (true) {
            long from = after;
            SearchResponse<ChunkDocument> page = connection.call("reading the chunks of index " + name(),
                    c -> c.search(s -> s.index(name()).size(PAGE).sort(so -> so.field(f -> f.field("seq").order(SortOrder.Asc)))
                            .searchAfter(FieldValue.of(from)).source(src -> src.filter(f -> f.excludes("vector"))),
                            ChunkDocument.class));
            List<Hit<ChunkDocument>> hits = page.hits().hits();
            for (Hit<ChunkDocument> hit : hits) {
                out.add(hit.source().chunk());
                after = hit.source().seq();
            }
            if (hits.size() < PAGE) {
                return List.copyOf(out);
            }
        }
    }

    @Override
    protected float[] storedVector(String chunkId, long seq) {
        GetResponse<ChunkDocument> got = connection.call("reading the vector of chunk " + chunkId + " in index " + name(),
                c -> c.get(g -> g.index(name()).id(Long.toString(seq)).sourceIncludes("vector"), ChunkDocument.class));
        if (!got.found() || got.source() == null || got.source().vector() == null) {
            throw new IndexException("chunk " + chunkId + " is missing from Elasticsearch index " + name());
        }
        return got.source().vector();
    }

    /** This index: Elasticsearch searches text by BM25 and fuses it with kNN (see {@link #hybridSearch}). */
    @Override
    public Optional<TextSearch> fullTextSearch() {
        return Optional.of(this);
    }

    /**
     * Deletes the index (every {@link #close()} calls this). If the cluster cannot be reached the index is
     * marked closed anyway and an {@link IndexException} names the index left behind; a later {@code close()}
     * (or the factory's) tries again, and {@link ElasticsearchEphemeralIndexFactory#sweepOrphans} removes it
     * eventually.
     */
    @Override
    protected void release() {
        if (deleted) {
            return;
        }
        try {
            connection.call("deleting index " + name(), c -> c.indices().delete(d -> d.index(name()).ignoreUnavailable(true)));
        } catch (IndexException e) {
            throw new IndexException("index " + name() + " could not be deleted and is left behind (close again, or "
                    + "remove it with sweepOrphans): " + e.getMessage(), e);
        }
        deleted = true;
        factory.forget(this);
        LOG.debug("deleted Elasticsearch index {}", name());
    }
}
