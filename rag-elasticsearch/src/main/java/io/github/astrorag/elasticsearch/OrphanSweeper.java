package io.github.astrorag.elasticsearch;

import co.elastic.clients.elasticsearch._types.ExpandWildcard;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import co.elastic.clients.elasticsearch.indices.IndexState;
import io.github.astrorag.core.IndexException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Removes what instances opened at or before a cut-off (now less a maximum age, now read once the indices are
 * listed) left behind, as {@link ElasticsearchEphemeralIndexFactory#sweepOrphans} states: the instance indices
 * of the prefix created at or before it (by the cluster's {@code creation_date}), and in every shared index of the prefix the
 * documents whose {@code opened} is at or before it. One request lists the indices; each shared index costs
 * a refresh, a search and a bulk delete per {@code bulkSize} documents, repeated until none is left; each old
 * index one delete. Stateless apart from the connection; thread-safe.
 */
final class OrphanSweeper {

    private final Connection connection;
    private final IndexNames names;
    private final int bulkSize;
    private final Clock clock;

    OrphanSweeper(Connection connection, IndexNames names, int bulkSize, Clock clock) {
        this.connection = connection;
        this.names = names;
        this.bulkSize = bulkSize;
        this.clock = clock;
    }

    /** Deletes what is {@code maxAge} old or older; returns the index names and instance ids removed, unsorted. */
    List<String> sweep(Duration maxAge) {
        Map<String, IndexState> found = connection.call("listing indices " + names.wildcard(),
                c -> c.indices().get(g -> g.index(names.wildcard()).expandWildcards(ExpandWildcard.Open, ExpandWildcard.Closed)
                        .ignoreUnavailable(true).allowNoIndices(true)).result());
        Instant cutoff = clock.instant().minus(maxAge);
        List<String> old = new ArrayList<>();
        for (Map.Entry<String, IndexState> e : new TreeMap<>(found).entrySet()) {
            Long created = creationDate(e.getValue());
            if (names.isOurs(e.getKey()) && created != null && !Instant.ofEpochMilli(created).isAfter(cutoff)) {
                old.add(e.getKey());
            }
        }
        List<String> deleted = new ArrayList<>();
        for (String name : found.keySet()) {
            if (names.isShared(name)) {
                deleted.addAll(sweepShared(name, cutoff));
            }
        }
        for (String name : old) {
            boolean existed = connection.call("deleting orphan index " + name,
                    c -> c.indices().delete(d -> d.index(name).ignoreUnavailable(true)).acknowledged());
            if (existed) {
                deleted.add(name);
            }
        }
        return deleted;
    }

    /** Deletes the documents of the instances in shared index {@code name} opened at or before {@code cutoff}; returns their ids. */
    private List<String> sweepShared(String name, Instant cutoff) {
        Query old = Query.of(q -> q.range(r -> r.number(n -> n.field("opened").lte((double) cutoff.toEpochMilli()))));
        Set<String> instances = new TreeSet<>();
        while (true) {
            connection.call("refreshing shared index " + name, c -> c.indices().refresh(r -> r.index(name)));
            List<Hit<Void>> hits = connection.call("listing old instances in shared index " + name,
                    c -> c.search(s -> s.index(name).size(bulkSize).query(old).source(src -> src.fetch(false)), Void.class))
                    .hits().hits();
            if (hits.isEmpty()) {
                return List.copyOf(instances);
            }
            BulkRequest.Builder request = new BulkRequest.Builder();
            for (Hit<Void> hit : hits) {
                instances.add(hit.routing());
                request.operations(op -> op.delete(d -> d.index(name).id(hit.id()).routing(hit.routing())));
            }
            BulkRequest built = request.build();
            if (connection.call("deleting old instances from shared index " + name, c -> c.bulk(built)).errors()) {
                throw new IndexException("Elasticsearch refused to delete documents of old instances from shared index " + name);
            }
        }
    }

    private static Long creationDate(IndexState state) {
        IndexSettings s = state.settings();
        if (s == null) {
            return null;
        }
        if (s.index() != null && s.index().creationDate() != null) {
            return s.index().creationDate();
        }
        return s.creationDate();
    }
}
