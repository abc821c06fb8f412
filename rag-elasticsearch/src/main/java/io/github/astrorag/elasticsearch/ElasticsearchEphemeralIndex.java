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
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance's chunks in Elasticsearch, removed by {@link #close()}. Made by
 * {@link ElasticsearchEphemeralIndexFactory}: in {@link IndexMode#INDEX_PER_INSTANCE} the chunks fill an index of
 * their own (named {@link #name()}), deleted by {@code close}; in {@link IndexMode#SHARED} they go to the shared
 * index of their dimension with the instance id ({@link #name()}) in the field {@code instance} and as
 * {@code routing}, every read is limited to them (routing and a {@code term} filter on {@code instance}), and
 * {@code close} removes them with routed bulk deletes of their ids (every id it ever tried to write is known:
 * {@code <instance>-<sequence number>}), then refreshes, so that counts are exact at once. Bulk deletes are used
 * rather than {@code delete_by_query} because they need no search and no {@code reindex} module, which minimal
 * distributions (the integ-test zip the build runs) lack.
 *
 * <p>{@link #add} checks everything first (sizes, dimension, finite and non-zero components, duplicate ids),
 * stores L2-normalised vectors with bulk {@code create} requests of {@code bulkSize} chunks, and leaves
 * the index unrefreshed; the first read after adding refreshes once (so a whole ingest costs one
 * refresh). If a bulk request fails, the chunks of that {@code add} are deleted again (best effort) and
 * the call throws: an {@code add} stores all its chunks or none. {@link #remove} deletes a document's chunks
 * with routed bulk deletes of their ids and, like {@code add}, leaves the refresh to the next read. Neither is
 * seen half done: they hold the write lock, reads the read lock.
 *
 * <p>{@link #search} runs a kNN query for {@code k + }{@value #TIE_MARGIN} hits with
 * {@code num_candidates = max(numCandidates, that)}, recomputes each hit's cosine exactly from its stored
 * vector and orders by it, ties by chunk id, as the in-memory index does; with {@code num_candidates} at
 * least the number of chunks (or {@link VectorIndexType#FLAT}) both return the same top k.
 * {@link #textSearch} is BM25 on the text as the factory's {@link TextAnalysis} analyses it; {@link #hybridSearch} fuses kNN and BM25 ranks
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
    /** The Elasticsearch index holding the chunks: {@link #name()}, or the shared index. */
    private final String target;
    /** The routing of every request: null, or the instance id in the shared index. */
    private final String routing;
    private final long opened;
    private volatile boolean dirty;
    private boolean deleted;
    /** One more than the highest sequence number ever sent to the cluster (under the write lock). */
    private long attempted;

    /** An instance named {@code name} whose chunks live in {@code target} (its own index when equal to {@code name}). */
    ElasticsearchEphemeralIndex(ElasticsearchEphemeralIndexFactory factory, Connection connection, String name, String target,
                                long openedMillis, int dimension) {
        super(name, dimension);
        this.factory = factory;
        this.connection = connection;
        this.target = target;
        this.routing = name.equals(target) ? null : name;
        this.opened = openedMillis;
    }

    /**
     * The Elasticsearch index holding this instance's chunks: its own ({@link #name()}) or the shared one.
     *
     * @return the index name
     */
    public String target() {
        return target;
    }

    private boolean shared() {
        return routing != null;
    }

    /** The document id of the chunk with sequence number {@code seq}: unique in the shared index too. */
    private String docId(long seq) {
        return shared() ? name() + "-" + seq : Long.toString(seq);
    }

    /** The {@code term} on {@code instance} (shared index) and the metadata filter's queries. */
    private List<Query> filters(MetadataFilter filter) {
        List<Query> out = new ArrayList<>();
        if (shared()) {
            out.add(Query.of(q -> q.term(t -> t.field("instance").value(name()))));
        }
        out.addAll(filterQueries(filter));
        return out;
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
    }

    private void bulk(List<Chunk> chunks, List<float[]> vectors, long firstSeq) {
        BulkRequest.Builder request = new BulkRequest.Builder();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDocument doc = ChunkDocument.of(chunks.get(i), firstSeq + i, name(), opened, vectors.get(i), factory.textAnalysis());
            String id = docId(firstSeq + i);
            request.operations(op -> op.create(c -> c.index(target).id(id).routing(routing).document(doc)));
        }
        BulkRequest built = request.build();
        dirty = true; // from now on a refresh precedes reads
        attempted = Math.max(attempted, firstSeq + chunks.size());
        BulkResponse response = connection.call("adding " + chunks.size() + " chunks to " + where(), c -> c.bulk(built));
        if (response.errors()) {
            List<BulkResponseItem> items = response.items();
            for (int i = 0; i < items.size(); i++) {
                if (items.get(i).error() != null) {
                    String type = items.get(i).error().type();
                    throw new IndexException("Elasticsearch rejected chunk " + chunks.get(i).id() + " in " + where()
                            + ": " + type + ": " + items.get(i).error().reason()
                            + (shared() && "strict_dynamic_mapping_exception".equals(type)
                            ? " (the shared index was created with another text analysis or by an earlier version: give "
                            + "this factory another index prefix, or delete the shared index when no instance uses it)" : ""));
                }
            }
        }
    }

    private void rollback(long firstSeq, int count, IndexException cause) {
        try {
            delete(firstSeq, firstSeq + count, "removing the chunks of a failed add from " + where());
        } catch (IndexException e) {
            cause.addSuppressed(e);
        }
    }

    /** Deletes the documents with sequence numbers {@code from} (inclusive) to {@code to} by id, {@code bulkSize} per request. */
    private void delete(long from, long to, String action) {
        delete(LongStream.range(from, to).iterator(), action);
    }

    /** Deletes the documents with the sequence numbers {@code seqs} by id (routed), {@code bulkSize} per bulk request. */
    private void delete(PrimitiveIterator.OfLong seqs, String action) {
        while (seqs.hasNext()) {
            BulkRequest.Builder request = new BulkRequest.Builder();
            for (int n = 0; n < factory.bulkSize() && seqs.hasNext(); n++) {
                String id = docId(seqs.nextLong());
                request.operations(op -> op.delete(d -> d.index(target).id(id).routing(routing)));
            }
            BulkRequest built = request.build();
            BulkResponse response = connection.call(action, c -> c.bulk(built));
            for (BulkResponseItem item : response.items()) {
                if (item.error() != null) {
                    throw new IndexException("Elasticsearch refused " + action + ": " + item.error().type() + ": " + item.error().reason());
                }
            }
        }
    }

    /**
     * Routed bulk deletes of the chunks' documents by id ({@code bulkSize} per request), as {@link #close()} does in
     * shared mode; the next read refreshes first, so it sees the removal (one refresh however many removals and adds
     * came before it).
     */
    @Override
    protected void discard(List<String> chunkIds, List<Long> seqs) {
        dirty = true;
        delete(seqs.stream().mapToLong(Long::longValue).iterator(), "removing " + chunkIds.size() + " chunks from " + where());
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
     * The {@code k} chunks best matching {@code text} by BM25 (Elasticsearch's {@code match} query, on the field
     * the factory's {@link TextAnalysis} names) among those {@code filter} matches, best first, ties by chunk id, each with its vector; the score is
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

    /**
     * One query per clause of {@code filter}, on the {@code flattened} keys {@code metadata.<key>}: a condition is a
     * {@code term} or {@code terms} query, an exclusion a {@code bool} {@code must_not} of one (so a chunk without the
     * key matches, as {@link MetadataFilter.Excluded} says), a range a {@code range} query on the value's number
     * ({@link ChunkDocument#numberField}; a {@code range} on the keyword would compare text: "999" &gt; "2024"; a value
     * that is no decimal number has none and matches no range; compared as doubles: exact for integers up to 2^53 and
     * decimals of up to 15 significant digits), an OR a {@code bool}
     * {@code should} of each alternative's clauses, a NOT a {@code bool} {@code must_not} of them.
     */
    static List<Query> filterQueries(MetadataFilter filter) {
        List<Query> out = new ArrayList<>(filter.conditions().size());
        for (MetadataFilter.Clause clause : filter.conditions()) {
            out.add(clauseQuery(clause));
        }
        return out;
    }

    private static Query clauseQuery(MetadataFilter.Clause clause) {
        if (clause instanceof MetadataFilter.Condition c) {
            return termsQuery("metadata." + c.key(), c.values());
        }
        if (clause instanceof MetadataFilter.Excluded e) {
            Query terms = termsQuery("metadata." + e.key(), e.values());
            return Query.of(q -> q.bool(b -> b.mustNot(terms)));
        }
        if (clause instanceof MetadataFilter.Range r) {
            String field = ChunkDocument.numberField(r.key());
            double bound = r.bound().doubleValue();
            return Query.of(q -> q.range(g -> g.number(n -> switch (r.comparison()) {
                case GREATER -> n.field(field).gt(bound);
                case AT_LEAST -> n.field(field).gte(bound);
                case LESS -> n.field(field).lt(bound);
                case AT_MOST -> n.field(field).lte(bound);
            })));
        }
        if (clause instanceof MetadataFilter.AnyOf any) {
            List<Query> alternatives = any.alternatives().stream()
                    .map(f -> Query.of(q -> q.bool(b -> b.filter(filterQueries(f))))).toList();
            return Query.of(q -> q.bool(b -> b.should(alternatives).minimumShouldMatch("1")));
        }
        MetadataFilter.Not not = (MetadataFilter.Not) clause;
        List<Query> negated = filterQueries(not.negated());
        return Query.of(q -> q.bool(b -> b.mustNot(Query.of(n -> n.bool(nb -> nb.filter(negated))))));
    }

    private static Query termsQuery(String field, java.util.Set<String> values) {
        List<FieldValue> v = values.stream().map(FieldValue::of).toList();
        return v.size() == 1
                ? Query.of(q -> q.term(t -> t.field(field).value(v.get(0))))
                : Query.of(q -> q.terms(t -> t.field(field).terms(f -> f.value(v))));
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
        List<Query> filters = filters(filter);
        SearchResponse<ChunkDocument> response = connection.call("searching " + where(),
                c -> c.search(s -> s.index(target).routing(routing).size(size)
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
        Query match = factory.textAnalysis().query(text);
        if (match == null) {
            return List.of();
        }
        List<Query> filters = filters(filter);
        Query query = filters.isEmpty() ? match : Query.of(q -> q.bool(b -> b.must(match).filter(filters)));
        SearchResponse<ChunkDocument> response = connection.call("searching " + where() + " by text",
                c -> c.search(s -> s.index(target).routing(routing).size(size).query(query), ChunkDocument.class));
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
                    connection.call("refreshing " + where(), c -> c.indices().refresh(r -> r.index(target)));
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
        List<Query> filters = filters(MetadataFilter.NONE);
        Query all = Query.of(q -> q.bool(b -> b.filter(filters)));
        while (true) {
            long from = after;
            SearchResponse<ChunkDocument> page = connection.call("reading the chunks of " + where(),
                    c -> c.search(s -> s.index(target).routing(routing).query(all).size(PAGE).sort(so -> so.field(f -> f.field("seq").order(SortOrder.Asc)))
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
        GetResponse<ChunkDocument> got = connection.call("reading the vector of chunk " + chunkId + " in " + where(),
                c -> c.get(g -> g.index(target).id(docId(seq)).routing(routing).sourceIncludes("vector"), ChunkDocument.class));
        if (!got.found() || got.source() == null || got.source().vector() == null) {
            throw new IndexException("chunk " + chunkId + " is missing from Elasticsearch " + where());
        }
        return got.source().vector();
    }

    /** This index: Elasticsearch searches text by BM25 and fuses it with kNN (see {@link #hybridSearch}). */
    @Override
    public Optional<TextSearch> fullTextSearch() {
        return Optional.of(this);
    }

    /** "index NAME" or "instance ID in shared index NAME", for messages. */
    private String where() {
        return shared() ? "instance " + name() + " in shared index " + target : "index " + name();
    }

    /**
     * Deletes the index, or this instance's documents in the shared index (routed bulk deletes of every id it
     * tried to write, then a refresh); every {@link #close()} calls this.
     * If the cluster cannot be reached the instance is marked closed anyway and an {@link IndexException} names
     * what is left behind; a later {@code close()} (or the factory's) tries again, and
     * {@link ElasticsearchEphemeralIndexFactory#sweepOrphans} removes it eventually.
     */
    @Override
    protected void release() {
        if (deleted) {
            return;
        }
        try {
            if (!shared()) {
                connection.call("deleting index " + name(), c -> c.indices().delete(d -> d.index(name()).ignoreUnavailable(true)));
            } else if (attempted > 0) {
                delete(0, attempted, "deleting the documents of " + where());
                connection.call("refreshing " + where(), c -> c.indices().refresh(r -> r.index(target)));
            }
        } catch (IndexException e) {
            throw new IndexException(where() + " could not be deleted and is left behind (close again, or "
                    + "remove it with sweepOrphans): " + e.getMessage(), e);
        }
        deleted = true;
        factory.forget(this);
        LOG.debug("deleted Elasticsearch {}", where());
    }
}
