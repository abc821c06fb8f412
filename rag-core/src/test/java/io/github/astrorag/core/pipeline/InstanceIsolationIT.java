package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Many instances at once, failures in every stage, interruption: isolation and clean-up hold. */
class InstanceIsolationIT {

    private static List<Document> docsOf(int n) {
        return List.of(
                Document.of("own-" + n, "Station " + n + " logged the code word kappa" + n + " at dawn. It rained."),
                Document.of("noise-" + n, "A different note about weather balloons and wind " + n + "."));
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void thousandInstancesOnEightThreadsStayIsolatedAndLeaveNothingBehind() throws Exception {
        RagPipelineTest.RecordingFactory factory = new RagPipelineTest.RecordingFactory();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory).build();
        // warm up, then take the baseline
        try (RagInstance warm = rag.openDocuments(docsOf(-1))) {
            warm.ask("code word");
        }
        factory.made.clear();
        long baseline = usedHeapAfterGc();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Answer>> answers = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                int n = i;
                answers.add(pool.submit(() -> {
                    try (RagInstance instance = rag.openDocuments(docsOf(n))) {
                        return instance.ask("Which code word did station " + n + " log?");
                    }
                }));
            }
            for (int n = 0; n < answers.size(); n++) {
                int i = n;
                Answer a = answers.get(i).get(5, TimeUnit.MINUTES); // a hang guard
                for (ScoredChunk c : a.context().chunks()) {
                    assertThat(c.chunk().documentId()).endsWith("-" + i);
                }
                assertThat(a.citations()).isNotEmpty().extracting(Citation::chunkId).allMatch(id -> id.endsWith("-" + i + "#0"));
                assertThat(a.text()).contains("kappa" + i);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(factory.made).hasSize(1000).allMatch(EphemeralIndex::isClosed);
        factory.made.clear();
        long after = usedHeapAfterGc();
        assertThat(after - baseline).as("heap growth in bytes after 1000 instances").isLessThan(32L * 1024 * 1024);
    }

    private static RagPipeline failingAt(String stage, RagPipelineTest.RecordingFactory factory) {
        RuntimeException boom = new IllegalStateException("boom in " + stage);
        RagPipeline.Builder b = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory);
        switch (stage) {
            case "retriever" -> b.retriever((q, index, k, trace) -> {
                throw boom;
            });
            case "reranker" -> b.reranker((Reranker) (q, c, trace) -> {
                throw boom;
            });
            case "selector" -> b.selector((ContextSelector) (q, c, budget, trace) -> {
                throw boom;
            });
            case "generator" -> b.generator((Generator) (q, c, trace) -> {
                throw boom;
            });
            default -> throw new IllegalArgumentException(stage);
        }
        return b.build();
    }

    @Test
    void anExceptionInAnyStageStillDeletesTheIndex() {
        for (String stage : List.of("retriever", "reranker", "selector", "generator")) {
            RagPipelineTest.RecordingFactory factory = new RagPipelineTest.RecordingFactory();
            RagPipeline rag = failingAt(stage, factory);
            assertThatThrownBy(() -> {
                try (RagInstance instance = rag.openDocuments(docsOf(1))) {
                    instance.ask("code word");
                }
            }).hasMessage("boom in " + stage);
            assertThat(factory.made).as(stage).singleElement().matches(EphemeralIndex::isClosed);
        }
    }

    @Test
    void interruptingAnAskStopsPromptlyAndCleansUp() throws Exception {
        RagPipelineTest.RecordingFactory factory = new RagPipelineTest.RecordingFactory();
        CountDownLatch entered = new CountDownLatch(1);
        ContextSelector slow = new ContextSelector() {
            @Override
            public Context select(Query q, List<ScoredChunk> c, int budget, TraceSink trace) {
                entered.countDown();
                try {
                    Thread.sleep(600_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RagException("selection interrupted");
                }
                return new TokenBudgetSelector().select(q, c, budget);
            }
        };
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory).selector(slow).build();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread asker = new Thread(() -> {
            try (RagInstance instance = rag.openDocuments(docsOf(2))) {
                instance.ask("code word");
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        asker.start();
        assertThat(entered.await(2, TimeUnit.MINUTES)).isTrue();
        long t0 = System.nanoTime();
        asker.interrupt();
        // the selector would sleep 10 minutes: the interrupt ends the ask long before (milliseconds on a quiet machine)
        asker.join(60_000);
        assertThat(asker.isAlive()).isFalse();
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(60.0);
        assertThat(failure.get()).isInstanceOf(RagException.class).hasMessageContaining("interrupted");
        assertThat(factory.made).singleElement().matches(EphemeralIndex::isClosed);
    }

    @Test
    void interruptingWhileOpeningStopsBeforeTheNextBatchAndDeletesTheIndex() {
        RagPipelineTest.RecordingFactory factory = new RagPipelineTest.RecordingFactory();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory).build();
        List<Document> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add(Document.of("d" + i, "text " + i));
        }
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> rag.openDocuments(many)).isInstanceOf(RagException.class).hasMessageContaining("interrupted");
        } finally {
            Thread.interrupted();
        }
        assertThat(factory.made).singleElement().matches(EphemeralIndex::isClosed);
    }
}
