package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Load benchmark of the two {@link IndexMode}s (not a test): on a cluster of each size given, started with
 * es-cluster.sh and destroyed afterwards, it runs for each concurrency {@code c} and each mode {@code c} threads
 * that repeat one instance's life: open, add {@value #CHUNKS} chunks (vectors from {@link HashingEmbedder}, so
 * that Elasticsearch is measured, not embedding), ask (hybrid search: kNN and BM25 fused, k = 5) and close. Each
 * run lasts the given seconds (no new instance starts afterwards; those running finish and count), after a warm-up
 * of both modes. It prints, per cluster size, concurrency and mode: instances per second, p50 and p95 of one
 * instance's whole life, the failures, and the ratio shared / index-per-instance of the throughput (the modes run
 * one after the other, alternating which goes first, so the ratio is fair on a shared machine).
 *
 * <p>Run (see the module's README): {@code mvn -B -ntp -pl rag-elasticsearch -am verify -Pbench
 * -Dmaven.test.skip.exec=true [-Dbench.args="--nodes 1,3 --concurrency 1,8,32,128 --seconds 20"]}. On a
 * cluster of several nodes every index has one replica.
 */
public final class ElasticsearchModeBenchmark {

    /** Chunks per instance. */
    static final int CHUNKS = 20;
    private static final HashingEmbedder EMBEDDER = new HashingEmbedder();

    private ElasticsearchModeBenchmark() {
    }

    /** One run's result. */
    record Result(int nodes, int concurrency, IndexMode mode, int instances, int failures, double seconds, long p50, long p95) {
        double perSecond() {
            return instances / seconds;
        }
    }

    public static void main(String[] args) throws Exception {
        List<Integer> nodes = List.of(1, 3);
        List<Integer> concurrency = List.of(1, 8, 32, 128);
        int seconds = 20;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--nodes" -> nodes = ints(args[i + 1]);
                case "--concurrency" -> concurrency = ints(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (expected --nodes 1,3 --concurrency 1,8,32,128 --seconds 20)");
            }
        }
        List<Result> results = new ArrayList<>();
        for (int n : nodes) {
            try (EsTestCluster cluster = EsTestCluster.start("bench-" + n, n)) {
                ElasticsearchSettings settings = ElasticsearchSettings.builder().urls(cluster.urls()).build();
                for (IndexMode mode : IndexMode.values()) {
                    run(settings, n, 8, mode, 5); // warm-up
                }
                for (int c : concurrency) {
                    List<IndexMode> order = new ArrayList<>(List.of(IndexMode.values()));
                    if (results.size() / 2 % 2 == 1) {
                        Collections.reverse(order);
                    }
                    for (IndexMode mode : order) {
                        Result r = run(settings, n, c, mode, seconds);
                        results.add(r);
                        System.out.printf(Locale.ROOT, "nodes=%d c=%d %s: %.1f instances/s, p50 %d ms, p95 %d ms, %d failures%n",
                                n, c, mode, r.perSecond(), r.p50(), r.p95(), r.failures());
                    }
                }
            }
        }
        System.out.println();
        System.out.println("| nodes | concurrency | index-per-instance inst/s | p50 ms | p95 ms | shared inst/s | p50 ms | p95 ms | shared / per-instance |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int n : nodes) {
            for (int c : concurrency) {
                Result per = find(results, n, c, IndexMode.INDEX_PER_INSTANCE);
                Result shared = find(results, n, c, IndexMode.SHARED);
                System.out.printf(Locale.ROOT, "| %d | %d | %.1f | %d | %d | %.1f | %d | %d | %.2f |%n", n, c, per.perSecond(), per.p50(),
                        per.p95(), shared.perSecond(), shared.p50(), shared.p95(), shared.perSecond() / per.perSecond());
            }
        }
        int failures = results.stream().mapToInt(Result::failures).sum();
        System.out.println("failures in all runs: " + failures);
    }

    private static Result find(List<Result> results, int nodes, int c, IndexMode mode) {
        return results.stream().filter(r -> r.nodes() == nodes && r.concurrency() == c && r.mode() == mode).findFirst().orElseThrow();
    }

    private static List<Integer> ints(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    private static Result run(ElasticsearchSettings settings, int nodes, int c, IndexMode mode, int seconds) throws Exception {
        try (ElasticsearchEphemeralIndexFactory factory = ElasticsearchEphemeralIndexFactory.builder(settings)
                .indexPrefix("astrorag-bench-").mode(mode).replicas(nodes > 1 ? 1 : 0).build()) {
            ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
            AtomicInteger failures = new AtomicInteger();
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(c);
            long start = System.nanoTime();
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < c; t++) {
                int thread = t;
                workers.add(pool.submit(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        long t0 = System.nanoTime();
                        try {
                            life(factory, thread * 1_000_000 + i);
                            latencies.add((System.nanoTime() - t0) / 1_000_000);
                        } catch (RuntimeException e) {
                            if (failures.incrementAndGet() <= 3) {
                                System.err.println(mode + " c=" + c + ": " + e.getMessage());
                            }
                        }
                    }
                }));
            }
            Thread.sleep(Duration.ofSeconds(seconds).toMillis());
            stop.set(true);
            for (Future<?> f : workers) {
                f.get(10, TimeUnit.MINUTES);
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            pool.shutdown();
            List<Long> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            return new Result(nodes, c, mode, sorted.size(), failures.get(), elapsed, percentile(sorted, 50), percentile(sorted, 95));
        }
    }

    private static long percentile(List<Long> sorted, int p) {
        return sorted.isEmpty() ? -1 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    /** One instance: open, add {@value #CHUNKS} chunks, one hybrid search, close. */
    private static void life(ElasticsearchEphemeralIndexFactory factory, int id) {
        List<Chunk> chunks = new ArrayList<>(CHUNKS);
        List<String> texts = new ArrayList<>(CHUNKS);
        for (int j = 0; j < CHUNKS; j++) {
            String text = "Observatory " + id + " logged night " + j + " with seeing of " + (j % 7 + 1)
                    + " arcseconds while surveying galaxy cluster " + (id % 97) + " at " + (100 + j) + " megaparsecs.";
            texts.add(text);
            chunks.add(new Chunk("c" + j, "doc" + id, "Log " + id, "log-" + id + ".txt", null, j, text, 20, 0, text.length()));
        }
        List<float[]> vectors = EMBEDDER.embedDocuments(texts);
        try (ElasticsearchEphemeralIndex index = factory.createIndex(EMBEDDER.dimension())) {
            index.add(chunks, vectors);
            String question = "How far away is galaxy cluster " + (id % 97) + "?";
            List<ScoredChunk> hits = index.hybridSearch(EMBEDDER.embedQuery(question), question, 5, MetadataFilter.NONE);
            if (hits.size() != 5) {
                throw new IllegalStateException("expected 5 hits, got " + hits.size());
            }
        }
    }
}
