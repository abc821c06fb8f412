package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch._types.HealthStatus;
import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.io.StringReader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the ephemeral index of each instance ({@link ElasticsearchEphemeralIndex}), identified by
 * {@code <prefix><yyyyMMdd't'HHmmss>-<random 12 hex>} (prefix default {@value #DEFAULT_PREFIX}). In the default
 * {@link IndexMode#INDEX_PER_INSTANCE} that is the name of a fresh index of its own; in {@link IndexMode#SHARED}
 * it is the instance id inside the shared index {@code <prefix>shared-<dimension>}, created on first use. Every
 * index has one shard, no replica (default; {@link Builder#replicas}), refresh only on demand, and a
 * mapping of the chunk text (BM25, analysed as the {@link TextAnalysis} says; default Elasticsearch's
 * {@code standard} analyzer), the provenance as keywords and integers, the chunk's metadata as one
 * {@code flattened} field {@code metadata} (every key a keyword, {@code metadata.<key>}, for exact
 * {@code term}/{@code terms} filters, with no mapping per key), the instance id as the keyword {@code instance},
 * the instance's opening time as the long {@code opened} (epoch milliseconds), and a {@code dense_vector} of the
 * embedder's dimension with cosine similarity.
 *
 * <p>The factory owns one client (connection pool and I/O threads, every URL of the settings: requests go round
 * the nodes and fail over to the next when one cannot be reached) shared by its indices; {@link #close()}
 * deletes the indices (or shared-index documents) of its instances that are still open, then closes the client.
 * {@link #sweepOrphans} removes, in both modes, what instances older than an age left behind when their process
 * was killed. Thread-safe.
 *
 * <pre>{@code
 * ElasticsearchSettings settings = ElasticsearchSettings.builder().url("https://es:9200")
 *         .apiKeyFromEnvironment("ES_API_KEY").caFingerprint(fp).build();
 * try (ElasticsearchEphemeralIndexFactory factory = ElasticsearchEphemeralIndexFactory.builder(settings).build()) {
 *     RagPipeline rag = RagPipeline.builder().embedder(embedder).index(factory).build();
 *     try (RagInstance instance = rag.open(paths)) { ... }     // index created, then deleted
 * }
 * }</pre>
 */
public final class ElasticsearchEphemeralIndexFactory implements EphemeralIndexFactory, AutoCloseable {

    /** Default index name prefix. */
    public static final String DEFAULT_PREFIX = "astrorag-";
    /** Default {@code num_candidates} of a kNN search (raised to {@code k} when smaller). */
    public static final int DEFAULT_NUM_CANDIDATES = 100;
    /** Elasticsearch's upper limit of {@code num_candidates} and of {@code k}. */
    public static final int MAX_NUM_CANDIDATES = 10_000;
    /** Default number of chunks per bulk request. */
    public static final int DEFAULT_BULK_SIZE = 500;
    /** Default rank constant of reciprocal rank fusion in hybrid search (Cormack et al., 2009). */
    public static final int DEFAULT_RRF_RANK_CONSTANT = 60;
    /** Default number of hits taken from each of the kNN and BM25 lists before fusion (raised to {@code k}). */
    public static final int DEFAULT_HYBRID_WINDOW = 50;
    /** Largest vector dimension Elasticsearch 8.19 indexes. */
    public static final int MAX_DIMENSION = 4096;

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchEphemeralIndexFactory.class);

    private final Connection connection;
    private final IndexNames names;
    private final IndexMode mode;
    private final int replicas;
    private final Set<String> sharedReady = ConcurrentHashMap.newKeySet();
    private final int numCandidates;
    private final VectorIndexType vectorIndexType;
    private final int bulkSize;
    private final int rrfRankConstant;
    private final int hybridWindow;
    private final TextAnalysis textAnalysis;
    private final Clock clock;
    private final Set<ElasticsearchEphemeralIndex> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private ElasticsearchEphemeralIndexFactory(Builder b) {
        this.names = new IndexNames(b.prefix == null ? DEFAULT_PREFIX : b.prefix);
        this.numCandidates = b.numCandidates == null ? DEFAULT_NUM_CANDIDATES : b.numCandidates;
        this.vectorIndexType = b.vectorIndexType == null ? VectorIndexType.HNSW : b.vectorIndexType;
        this.bulkSize = b.bulkSize == null ? DEFAULT_BULK_SIZE : b.bulkSize;
        this.rrfRankConstant = b.rrfRankConstant == null ? DEFAULT_RRF_RANK_CONSTANT : b.rrfRankConstant;
        this.hybridWindow = b.hybridWindow == null ? DEFAULT_HYBRID_WINDOW : b.hybridWindow;
        this.textAnalysis = b.textAnalysis == null ? TextAnalysis.standard() : b.textAnalysis;
        this.clock = b.clock == null ? Clock.systemUTC() : b.clock;
        this.mode = b.mode == null ? IndexMode.INDEX_PER_INSTANCE : b.mode;
        this.replicas = b.replicas == null ? 0 : b.replicas;
        this.connection = new Connection(b.settings);
    }

    /**
     * A builder for a cluster reached with {@code settings}.
     *
     * @param settings how to reach the cluster; not {@code null}
     * @return a new builder with every other setting at its default
     */
    public static Builder builder(ElasticsearchSettings settings) {
        return new Builder(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Checks that the cluster answers and accepts the credentials (cluster health; {@code GET /} is not used
     * because some distributions refuse it).
     *
     * @return the cluster's health: {@code green}, {@code yellow} or {@code red}
     * @throws ElasticsearchAuthenticationException on refused credentials
     * @throws IndexException when the factory is closed or the cluster cannot be reached
     */
    public String health() {
        ensureOpen();
        HealthStatus status = connection.call("checking cluster health", c -> c.cluster().health().status());
        return status.jsonValue();
    }

    /**
     * Creates a fresh empty index for vectors of {@code dimension} components (1 to {@value #MAX_DIMENSION}): a
     * new Elasticsearch index, or in {@link IndexMode#SHARED} a new instance id in the shared index (created
     * first if missing).
     *
     * @throws IllegalArgumentException if {@code dimension} is out of range
     * @throws ElasticsearchAuthenticationException on refused credentials
     * @throws IndexException when the factory is closed, or the cluster cannot be reached or refuses the index
     */
    @Override
    public EphemeralIndex create(int dimension) {
        return createIndex(dimension);
    }

    /**
     * As {@link #create(int)}, typed, for hybrid and lexical search.
     *
     * @param dimension the vector dimension of the chunks, 1 to {@value #MAX_DIMENSION}
     * @return a new, open instance; the caller closes it
     * @throws IllegalArgumentException if {@code dimension} is out of range
     * @throws ElasticsearchAuthenticationException on refused credentials
     * @throws IndexException when the factory is closed, or the cluster cannot be reached or refuses the index
     */
    public ElasticsearchEphemeralIndex createIndex(int dimension) {
        Arguments.check(dimension >= 1 && dimension <= MAX_DIMENSION,
                "vector dimension must be 1..%d for Elasticsearch, was %d", MAX_DIMENSION, dimension);
        ensureOpen();
        String body = IndexMapping.createBody(dimension, vectorIndexType, replicas, textAnalysis);
        if (mode == IndexMode.SHARED) {
            String shared = names.shared(dimension);
            ensureShared(shared, body);
            Instant now = clock.instant();
            ElasticsearchEphemeralIndex index = new ElasticsearchEphemeralIndex(this, connection, names.next(now), shared,
                    now.toEpochMilli(), dimension);
            open.add(index);
            return index;
        }
        for (int attempt = 0; ; attempt++) {
            String name = names.next(clock.instant());
            try {
                connection.call("creating index " + name,
                        c -> c.indices().create(r -> r.index(name).withJson(new StringReader(body))));
            } catch (IndexException e) {
                if (attempt == 0 && e.getMessage().contains("resource_already_exists_exception")) {
                    continue; // a random-id collision: take another name
                }
                throw missingAnalyzer(e);
            }
            ElasticsearchEphemeralIndex index = new ElasticsearchEphemeralIndex(this, connection, name, name,
                    clock.instant().toEpochMilli(), dimension);
            open.add(index);
            LOG.debug("created Elasticsearch index {}", name);
            return index;
        }
    }

    /** Creates the shared index {@code name} unless this factory saw it already or another process made it. */
    private void ensureShared(String name, String body) {
        if (sharedReady.contains(name)) {
            return;
        }
        try {
            connection.call("creating shared index " + name,
                    c -> c.indices().create(r -> r.index(name).withJson(new StringReader(body))));
            LOG.debug("created shared Elasticsearch index {}", name);
        } catch (IndexException e) {
            if (!e.getMessage().contains("resource_already_exists_exception")) {
                throw missingAnalyzer(e);
            }
        }
        sharedReady.add(name);
    }

    /** {@code e}, or when the cluster lacks an analyzer of the text analysis, an exception that says what to do. */
    private IndexException missingAnalyzer(IndexException e) {
        String message = String.valueOf(e.getMessage());
        if (!message.contains("analyzer [") || textAnalysis instanceof TextAnalysis.Standard) {
            return e;
        }
        return new IndexException("the cluster lacks an analyzer the text analysis '" + textAnalysis.name()
                + "' names (" + message + "): Elasticsearch's language analyzers are in its module analysis-common, which "
                + "every distribution but the integration-test one ships; use a full distribution, name analyzers the "
                + "cluster has (TextAnalysis.byLanguage(Map)), or choose TextAnalysis.terms(analyzer), which runs on every node", e);
    }

    /**
     * Removes what instances opened more than {@code maxAge} ago left behind when their process was killed, in
     * both modes whatever this factory's: the indices whose names have this factory's prefix and instance shape
     * created before the cut-off (by the cluster's {@code creation_date}), and in every shared index of the prefix
     * ({@code <prefix>shared-<dimension>}, itself kept) the documents whose {@code opened} is before it (refresh,
     * search for their ids, routed bulk deletes, repeated until none is found). Instances younger than {@code maxAge} are kept;
     * {@code Duration.ZERO} removes every instance of the prefix, live ones of other processes included. Indices
     * with the prefix but another shape are never touched.
     *
     * @param maxAge the minimum age of what is removed; not negative
     * @return the index names and shared-index instance ids removed, sorted
     * @throws IllegalArgumentException if {@code maxAge} is negative
     * @throws IndexException when the factory is closed, or the cluster cannot be reached or refuses a request
     */
    public List<String> sweepOrphans(Duration maxAge) {
        Objects.requireNonNull(maxAge, "maxAge");
        Arguments.check(!maxAge.isNegative(), "maxAge must not be negative, was %s", maxAge);
        ensureOpen();
        List<String> deleted = new OrphanSweeper(connection, names, bulkSize, clock).sweep(maxAge);
        if (!deleted.isEmpty()) {
            LOG.info("deleted {} orphan Elasticsearch instances older than {}: {}", deleted.size(), maxAge, deleted);
        }
        return deleted.stream().sorted().toList();
    }

    /**
     * How instances are laid out on the cluster.
     *
     * @return the mode; default {@link IndexMode#INDEX_PER_INSTANCE}
     */
    public IndexMode mode() {
        return mode;
    }

    /**
     * The index name prefix.
     *
     * @return the prefix of every index name this factory creates
     */
    public String prefix() {
        return names.prefix();
    }

    /**
     * The settings, without secrets.
     *
     * @return the settings this factory was built with
     */
    public ElasticsearchSettings settings() {
        return connection.settings();
    }

    /** The factory's configuration without secrets, for the trace. */
    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "elasticsearch");
        m.putAll(connection.settings().describe());
        m.put("prefix", names.prefix());
        m.put("mode", mode.cliName());
        m.put("replicas", replicas);
        m.put("vectorIndex", vectorIndexType.esName());
        m.put("numCandidates", numCandidates);
        m.put("bulkSize", bulkSize);
        m.put("rrfRankConstant", rrfRankConstant);
        m.put("hybridWindow", hybridWindow);
        m.put("textAnalysis", textAnalysis.describe());
        return m;
    }

    int numCandidates() {
        return numCandidates;
    }

    int bulkSize() {
        return bulkSize;
    }

    int rrfRankConstant() {
        return rrfRankConstant;
    }

    int hybridWindow() {
        return hybridWindow;
    }

    /**
     * How chunk text is analysed for BM25.
     *
     * @return the text analysis; default {@link TextAnalysis#standard()}
     */
    public TextAnalysis textAnalysis() {
        return textAnalysis;
    }

    void forget(ElasticsearchEphemeralIndex index) {
        open.remove(index);
    }

    private void ensureOpen() {
        if (closed) {
            throw new IndexException("this Elasticsearch index factory is closed");
        }
    }

    /**
     * Deletes the indices this factory created that are still open, then closes the client; idempotent.
     *
     * @throws IndexException naming the indices that could not be deleted (the client is closed anyway)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<String> failed = new ArrayList<>();
        IndexException first = null;
        for (ElasticsearchEphemeralIndex index : List.copyOf(open)) {
            try {
                index.close();
            } catch (IndexException e) {
                failed.add(index.name());
                first = first == null ? e : first;
            }
        }
        connection.close();
        if (first != null) {
            throw new IndexException("could not delete " + failed.size() + " Elasticsearch indices " + failed
                    + " (remove them later with sweepOrphans): " + first.getMessage(), first);
        }
    }

    @Override
    public String toString() {
        return "ElasticsearchEphemeralIndexFactory" + describe();
    }

    /**
     * Fail-fast builder: a bad value fails at once with {@link IllegalArgumentException} naming the
     * value and the limit, a setting given twice with {@link IllegalStateException}.
     */
    public static final class Builder {
        private final ElasticsearchSettings settings;
        private String prefix;
        private Integer numCandidates;
        private VectorIndexType vectorIndexType;
        private Integer bulkSize;
        private Integer rrfRankConstant;
        private Integer hybridWindow;
        private TextAnalysis textAnalysis;
        private Clock clock;
        private IndexMode mode;
        private Integer replicas;

        private Builder(ElasticsearchSettings settings) {
            this.settings = settings;
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * The index name prefix; default {@value #DEFAULT_PREFIX}; a-z, 0-9, '_', '.', '-', up to 100 characters.
         *
         * @param value the prefix, e.g. {@code astrorag-}
         * @return this builder
         * @throws IllegalArgumentException if the prefix is empty, too long or holds other characters
         * @throws IllegalStateException if the prefix was already set
         */
        public Builder indexPrefix(String value) {
            once(prefix, "indexPrefix");
            prefix = new IndexNames(value).prefix();
            return this;
        }

        /**
         * {@code num_candidates} of kNN search (per shard, before the top k); default
         * {@value #DEFAULT_NUM_CANDIDATES}; 1 to {@value #MAX_NUM_CANDIDATES}. A search for more than this
         * many raises it to {@code k}. At least the number of chunks makes HNSW search exact in practice.
         *
         * @param value the number of candidates per shard
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the number of candidates was already set
         */
        public Builder numCandidates(int value) {
            once(numCandidates, "numCandidates");
            Arguments.check(value >= 1 && value <= MAX_NUM_CANDIDATES,
                    "numCandidates must be 1..%d, was %d", MAX_NUM_CANDIDATES, value);
            numCandidates = value;
            return this;
        }

        /**
         * Index per instance or one shared index; default {@link IndexMode#INDEX_PER_INSTANCE}.
         *
         * @param value the mode; not {@code null}
         * @return this builder
         * @throws IllegalStateException if the mode was already set
         */
        public Builder mode(IndexMode value) {
            once(mode, "mode");
            mode = Objects.requireNonNull(value, "mode");
            return this;
        }

        /**
         * Replicas of every index created (instance indices and the shared index); default 0; 0 to 10. With 1 on a
         * cluster of several nodes, instances survive the loss of one node.
         *
         * @param value the number of replicas
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the number of replicas was already set
         */
        public Builder replicas(int value) {
            once(replicas, "replicas");
            Arguments.check(value >= 0 && value <= 10, "replicas must be 0..10, was %d", value);
            replicas = value;
            return this;
        }

        /**
         * How the vectors are indexed; default {@link VectorIndexType#HNSW}.
         *
         * @param value the vector index type; not {@code null}
         * @return this builder
         * @throws IllegalStateException if the vector index type was already set
         */
        public Builder vectorIndexType(VectorIndexType value) {
            once(vectorIndexType, "vectorIndexType");
            vectorIndexType = Objects.requireNonNull(value, "vectorIndexType");
            return this;
        }

        /**
         * Chunks per bulk request; default {@value #DEFAULT_BULK_SIZE}; 1 to 10,000.
         *
         * @param value the chunks per bulk request
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the bulk size was already set
         */
        public Builder bulkSize(int value) {
            once(bulkSize, "bulkSize");
            Arguments.check(value >= 1 && value <= 10_000, "bulkSize must be 1..10000, was %d", value);
            bulkSize = value;
            return this;
        }

        /**
         * The rank constant {@code k} of reciprocal rank fusion; default {@value #DEFAULT_RRF_RANK_CONSTANT}; 1 to
         * 10,000.
         *
         * @param value the rank constant; larger values flatten the fused ranking
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the rank constant was already set
         */
        public Builder rrfRankConstant(int value) {
            once(rrfRankConstant, "rrfRankConstant");
            Arguments.check(value >= 1 && value <= 10_000, "rrfRankConstant must be 1..10000, was %d", value);
            rrfRankConstant = value;
            return this;
        }

        /**
         * Hits taken from each list before fusion; default {@value #DEFAULT_HYBRID_WINDOW}; 1 to {@value
         * #MAX_NUM_CANDIDATES}.
         *
         * @param value the window of each list
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws IllegalStateException if the window was already set
         */
        public Builder hybridWindow(int value) {
            once(hybridWindow, "hybridWindow");
            Arguments.check(value >= 1 && value <= MAX_NUM_CANDIDATES,
                    "hybridWindow must be 1..%d, was %d", MAX_NUM_CANDIDATES, value);
            hybridWindow = value;
            return this;
        }

        /**
         * How chunk text is analysed for BM25 ({@link TextAnalysis}); default {@link TextAnalysis#standard()}
         * (Elasticsearch's {@code standard} analyzer, as before this setting). For documents in several languages,
         * {@link TextAnalysis#terms(TermAnalyzer) terms} of the pipeline's analyzer (every node) or
         * {@link TextAnalysis#byLanguage() byLanguage} (Elasticsearch's language analyzers, on a full distribution).
         *
         * @param value the analysis; not {@code null}
         * @return this builder
         * @throws IllegalStateException if the text analysis was already set
         */
        public Builder textAnalysis(TextAnalysis value) {
            once(textAnalysis, "textAnalysis");
            textAnalysis = Objects.requireNonNull(value, "textAnalysis");
            return this;
        }

        /** The clock for index names and {@link #sweepOrphans} ages; default UTC system clock (for tests). */
        Builder clock(Clock value) {
            once(clock, "clock");
            clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /**
         * The factory; no request is made until {@link #health()} or {@link #create(int)}.
         *
         * @return the factory; it owns a client until {@code close()}
         */
        public ElasticsearchEphemeralIndexFactory build() {
            return new ElasticsearchEphemeralIndexFactory(this);
        }
    }
}
