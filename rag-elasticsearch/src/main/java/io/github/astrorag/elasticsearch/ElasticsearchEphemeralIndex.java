package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.TextSearch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
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
 * <p>{@link #chunks()} pages through the index in insertion order; {@link #vector(String)} is a real-time get.
 * The ids added are kept in memory to check duplicates and to answer {@link #size()}; chunks and vectors
 * live only in Elasticsearch. Thread-safe: searches run in parallel, {@code add} and {@code close}
 * exclusively.
 */
public final class ElasticsearchEphemeralIndex implements EphemeralIndex, TextSearch {

    /** Hits fetched beyond {@code k} so that equal scores at the k-th place are broken by chunk id. */
    public static final int TIE_MARGIN = 16;
    /** Chunks per page when {@link #chunks()} reads the index. */
    static final int PAGE = 1_000;

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchEphemeralIndex.class);

    private final ElasticsearchEphemeralIndexFactory factory;
    private final Connection connection;
    private final String name;
    private final int dimension;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Long> seqs = new HashMap<>();
    private long nextSeq;
    private volatile boolean dirty;
    private volatile boolean closed;
    private boolean deleted;

    ElasticsearchEphemeralIndex(ElasticsearchEphemeralIndexFactory factory, Connection connection, String name, int dimension) {
        this.factory = factory;
        this.connection = connection;
        this.name = name;
        this.dimension = dimension;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return "elasticsearch";
    }

    /** The vector dimension. */
    public int dimension() {
        return dimension;
    }

    @Override
    public void add(List<Chunk> chunks, List<float[]> vectors) {
        if (chunks.size() != vectors.size()) {
            throw new IndexException("add: " + chunks.size() + " chunks but " + vectors.size() + " vectors");
        }
        List<float[]> normalized = new ArrayList<>(vectors.size());
        Set<String> fresh = new HashSet<>();
        for (int i = 0; i < vectors.size(); i++) {
            String id = chunks.get(i).id();
            normalized.add(checkedUnit(vectors.get(i), "vector of chunk " + id));
            if (!fresh.add(id)) {
                throw new IndexException("duplicate chunk id " + id + " in index " + name);
            }
        }
        lock.writeLock().lock();
        try {
            ensureOpen();
            if (chunks.isEmpty()) {
                return;
            }
            for (String id : fresh) {
                if (seqs.containsKey(id)) {
                    throw new IndexException("duplicate chunk id " + id + " in index " + name);
                }
            }
            long first = nextSeq;
            int bulkSize = factory.bulkSize();
            try {
                for (int from = 0; from < chunks.size(); from += bulkSize) {
                    int to = Math.min(chunks.size(), from + bulkSize);
                    bulk(chunks.subList(from, to), normalized.subList(from, to), first + from);
                }
            } catch (IndexException e) {
                rollback(first, chunks.size(), e);
                throw e;
            }
            for (int i = 0; i < chunks.size(); i++) {
                seqs.put(chunks.get(i).id(), first + i);
            }
            nextSeq = first + chunks.size();
            dirty = true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void bulk(List<Chunk> chunks, List<float[]> vectors, long firstSeq) {
        BulkRequest.Builder request = new BulkRequest.Builder();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDocument doc = ChunkDocument.of(chunks.get(i), firstSeq + i, vectors.get(i));
            String id = Long.toString(firstSeq + i);
            request.operations(op -> op.create(c -> c.index(name).id(id).document(doc)));
        }
        BulkRequest built = request.build();
        BulkResponse response = connection.call("adding " + chunks.size() + " chunks to index " + name, c -> c.bulk(built));
        if (response.errors()) {
            List<BulkResponseItem> items = response.items();
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).error() != null) {
                    throw new IndexException("Elasticsearch rejected chunk " + chunks.get(i).id() + " in index " + name
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
                request.operations(op -> op.delete(d -> d.index(name).id(id)));
            }
            BulkRequest built = request.build();
            connection.call("removing the chunks of a failed add from index " + name, c -> c.bulk(built));
        } catch (IndexException e) {
            cause.addSuppressed(e);
        }
    }

    private float[] checkedUnit(float[] v, String what) {
        if (v == null || v.length != dimension) {
            throw new IndexException(what + " has dimension " + (v == null ? 0 : v.length) + ", the index expects " + dimension);
        }
        for (float x : v) {
            if (!Float.isFinite(x)) {
                throw new IndexException(what + " has a non-finite component");
            }
        }
        if (Vectors.norm(v) == 0) {
            throw new IndexException(what + " is all zeros: its cosine similarity is undefined");
        }
        return Vectors.normalizeInPlace(v.clone());
    }

    @Override
    public List<ScoredChunk> search(float[] query, int k) {
        checkK(k);
        float[] q = checkedUnit(query, "query vector");
        lock.readLock().lock();
        try {
            ensureOpen();
            return top(knn(q, fetchSize(k)), k);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The {@code k} chunks best matching {@code text} by BM25 (Elasticsearch's {@code match} query on the chunk
     * text), best first, ties by chunk id, each with its vector; the score is BM25's.
     */
    @Override
    public List<ScoredChunk> textSearch(String text, int k) {
        checkK(k);
        lock.readLock().lock();
        try {
            ensureOpen();
            return top(lexical(text, fetchSize(k)), k);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Hybrid search: the kNN list for {@code query} and the BM25 list for {@code text} (each of
     * {@code max(k, hybridWindow)} hits) fused by reciprocal rank fusion, score = Σ 1/(rankConstant + rank)
     * over the lists holding the chunk (rank from 1). Best first, ties by chunk id, at most {@code k}, each
     * with its vector.
     */
    @Override
    public List<ScoredChunk> hybridSearch(float[] query, String text, int k) {
        checkK(k);
        float[] q = checkedUnit(query, "query vector");
        int window = Math.min(ElasticsearchEphemeralIndexFactory.MAX_NUM_CANDIDATES, Math.max(k, factory.hybridWindow()));
        lock.readLock().lock();
        try {
            ensureOpen();
            List<ScoredChunk> dense = top(knn(q, fetchSize(window)), window);
            List<ScoredChunk> lexical = text == null || text.isBlank() ? List.of() : top(lexical(text, fetchSize(window)), window);
            Map<String, ScoredChunk> fused = new LinkedHashMap<>();
            for (List<ScoredChunk> list : List.of(dense, lexical)) {
                for (int rank = 1; rank <= list.size(); rank++) {
                    ScoredChunk s = list.get(rank - 1);
                    double add = 1.0 / (factory.rrfRankConstant() + rank);
                    fused.merge(s.id(), s.withScore(add), (a, b) -> a.withScore(a.score() + b.score()));
                }
            }
            return top(new ArrayList<>(fused.values()), k);
        } finally {
            lock.readLock().unlock();
        }
    }

    private void checkK(int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be positive, was " + k);
        }
    }

    private int fetchSize(int k) {
        return (int) Math.min(ElasticsearchEphemeralIndexFactory.MAX_NUM_CANDIDATES, (long) k + TIE_MARGIN);
    }

    private static List<ScoredChunk> top(List<ScoredChunk> hits, int k) {
        List<ScoredChunk> sorted = new ArrayList<>(hits);
        sorted.sort(ScoredChunk.BY_SCORE);
        return List.copyOf(sorted.subList(0, Math.min(k, sorted.size())));
    }

    /** kNN hits scored by their exact cosine to the unit query {@code q}. Caller holds the read lock. */
    private List<ScoredChunk> knn(float[] q, int size) {
        if (seqs.isEmpty()) {
            return List.of();
        }
        refreshIfNeeded();
        int candidates = Math.max(size, factory.numCandidates());
        List<Float> vector = new ArrayList<>(q.length);
        for (float x : q) {
            vector.add(x);
        }
        SearchResponse<ChunkDocument> response = connection.call("searching index " + name,
                c -> c.search(s -> s.index(name).size(size)
                        .knn(kn -> kn.field("vector").queryVector(vector).k(size).numCandidates(candidates)), ChunkDocument.class));
        List<ScoredChunk> out = new ArrayList<>();
        for (Hit<ChunkDocument> hit : response.hits().hits()) {
            ChunkDocument doc = hit.source();
            out.add(new ScoredChunk(doc.chunk(), Vectors.dot(q, doc.vector()), doc.vector()));
        }
        return out;
    }

    /** BM25 hits. Caller holds the read lock. */
    private List<ScoredChunk> lexical(String text, int size) {
        if (seqs.isEmpty() || text == null || text.isBlank()) {
            return List.of();
        }
        refreshIfNeeded();
        SearchResponse<ChunkDocument> response = connection.call("searching index " + name + " by text",
                c -> c.search(s -> s.index(name).size(size).query(qu -> qu.match(m -> m.field("text").query(text))),
                        ChunkDocument.class));
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
                    connection.call("refreshing index " + name, c -> c.indices().refresh(r -> r.index(name)));
                    dirty = false;
                }
            }
        }
    }

    @Override
    public List<Chunk> chunks() {
        lock.readLock().lock();
        try {
            ensureOpen();
            List<Chunk> out = new ArrayList<>(seqs.size());
            if (seqs.isEmpty()) {
                return List.of();
            }
            refreshIfNeeded();
            long after = -1;
            while (true) {
                long from = after;
                SearchResponse<ChunkDocument> page = connection.call("reading the chunks of index " + name,
                        c -> c.search(s -> s.index(name).size(PAGE).sort(so -> so.field(f -> f.field("seq").order(SortOrder.Asc)))
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
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public float[] vector(String chunkId) {
        lock.readLock().lock();
        try {
            ensureOpen();
            Long seq = seqs.get(chunkId);
            if (seq == null) {
                throw new IndexException("no chunk " + chunkId + " in index " + name);
            }
            GetResponse<ChunkDocument> got = connection.call("reading the vector of chunk " + chunkId + " in index " + name,
                    c -> c.get(g -> g.index(name).id(Long.toString(seq)).sourceIncludes("vector"), ChunkDocument.class));
            if (!got.found() || got.source() == null || got.source().vector() == null) {
                throw new IndexException("chunk " + chunkId + " is missing from Elasticsearch index " + name);
            }
            return got.source().vector();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public int size() {
        lock.readLock().lock();
        try {
            ensureOpen();
            return seqs.size();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** This index: Elasticsearch searches text by BM25 and fuses it with kNN (see {@link #hybridSearch}). */
    @Override
    public Optional<TextSearch> fullTextSearch() {
        return Optional.of(this);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /**
     * Deletes the index; idempotent. If the cluster cannot be reached the index is marked closed anyway and
     * an {@link IndexException} names the index left behind; a later {@code close()} (or the factory's) tries
     * again, and {@link ElasticsearchEphemeralIndexFactory#sweepOrphans} removes it eventually.
     */
    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            closed = true;
            seqs.clear();
            if (deleted) {
                return;
            }
            try {
                connection.call("deleting index " + name, c -> c.indices().delete(d -> d.index(name).ignoreUnavailable(true)));
            } catch (IndexException e) {
                throw new IndexException("index " + name + " could not be deleted and is left behind (close again, or "
                        + "remove it with sweepOrphans): " + e.getMessage(), e);
            }
            deleted = true;
            factory.forget(this);
            LOG.debug("deleted Elasticsearch index {}", name);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IndexException("index " + name + " is closed: open a new instance");
        }
    }

    @Override
    public String toString() {
        return "ElasticsearchEphemeralIndex[" + name + "]";
    }
}
