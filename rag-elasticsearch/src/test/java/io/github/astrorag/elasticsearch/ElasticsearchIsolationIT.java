package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Isolation, in both {@link IndexMode}s: 32 pipeline instances open at once on one cluster, each with its own
 * small documents that share most words with the others' and one document identical in name and text in all;
 * every answer cites only its own documents, each instance holds exactly its 3 chunks, and afterwards no
 * instance index and no document in a shared index is left.
 */
class ElasticsearchIsolationIT {

    private static final int INSTANCES = 32;
    private static final String PREFIX = "astrorag-isolation-";

    private static List<Document> documentsOf(int i) {
        return List.of(
                Document.of("inst" + i + "-survey.txt", "Observatory " + i + " surveyed the galaxy cluster number " + i
                        + ". The survey found that the cluster lies " + (100 + i) + " megaparsecs away and holds about "
                        + (i + 3) + " hundred galaxies."),
                Document.of("inst" + i + "-instrument.txt", "The spectrograph of observatory " + i + " splits light into "
                        + (1000 + i) + " channels. Its mirror is " + (2 + i % 5) + " metres wide."),
                Document.of("common-logbook.txt", "Every observatory keeps the same logbook of calibration nights."));
    }

    private record Outcome(int instance, String indexName, Set<String> sources, Set<String> cited, Set<String> contextSources,
                           int size, List<String> indexedDocuments) {
    }

    @ParameterizedTest
    @EnumSource(IndexMode.class)
    void parallelInstancesSeeOnlyTheirOwnDocuments(IndexMode mode) throws Exception {
        EsTestNode node = EsTestNode.main();
        try (ElasticsearchEphemeralIndexFactory factory = ElasticsearchEphemeralIndexFactory
                .builder(EsTestNode.patient(node.url())).indexPrefix(PREFIX).mode(mode).build()) {
            RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory).candidates(10).build();
            CyclicBarrier allOpen = new CyclicBarrier(INSTANCES);
            ExecutorService pool = Executors.newFixedThreadPool(INSTANCES);
            List<Future<Outcome>> futures = new ArrayList<>();
            try {
                for (int i = 0; i < INSTANCES; i++) {
                    int n = i;
                    futures.add(pool.submit(() -> {
                        List<Document> docs = documentsOf(n);
                        try (RagInstance instance = rag.openDocuments(docs)) {
                            allOpen.await(10, TimeUnit.MINUTES); // all 32 indices exist at the same time
                            Query question = Query.of("How far away is the galaxy cluster surveyed by observatory " + n + "?");
                            Answer answer = instance.ask(question);
                            Context context = instance.selectContext(question);
                            Set<String> own = new HashSet<>();
                            docs.forEach(d -> own.add(d.source()));
                            List<String> indexed = new ArrayList<>();
                            instance.index().chunks().forEach(c -> indexed.add(c.source()));
                            Set<String> commonHits = new HashSet<>();
                            instance.selectContext(Query.of("Which logbook of calibration nights does every observatory keep?"))
                                    .chunks().forEach(s -> commonHits.add(s.chunk().source()));
                            assertThat(commonHits).as("instance %d", n).isSubsetOf(own).contains("common-logbook.txt");
                            Set<String> contextSources = new HashSet<>();
                            context.chunks().stream().map(ScoredChunk::chunk).map(Chunk::source).forEach(contextSources::add);
                            Set<String> cited = new HashSet<>();
                            answer.citations().stream().map(Citation::source).forEach(cited::add);
                            assertThat(instance.indexKind()).isEqualTo("elasticsearch");
                            return new Outcome(n, instance.indexName(), own, cited, contextSources, instance.index().size(), indexed);
                        }
                    }));
                }
                Set<String> names = new HashSet<>();
                for (Future<Outcome> f : futures) {
                    Outcome o = f.get(15, TimeUnit.MINUTES); // a hang guard
                    assertThat(o.cited()).as("citations of instance %d", o.instance()).isNotEmpty().isSubsetOf(o.sources());
                    assertThat(o.cited()).as("instance %d cites the survey", o.instance()).contains("inst" + o.instance() + "-survey.txt");
                    assertThat(o.contextSources()).as("context of instance %d", o.instance()).isSubsetOf(o.sources());
                    assertThat(o.indexedDocuments()).as("documents in index of instance %d", o.instance())
                            .containsExactlyInAnyOrderElementsOf(o.sources());
                    assertThat(o.size()).isEqualTo(3);
                    names.add(o.indexName());
                }
                assertThat(names).hasSize(INSTANCES).allMatch(n -> n.startsWith(PREFIX));
            } finally {
                pool.shutdownNow();
            }
            assertThat(EsHttp.of(node.url()).leftovers(PREFIX)).isEmpty();
        }
    }
}
