package io.github.astrorag.presets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The presets as library calls, with their real models, and their lifecycle. */
class AstroRagPresetsIT {

    private static final List<Document> DOCS = List.of(
            Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
            Document.of("comets", "Comets are icy bodies that grow tails near the Sun."),
            Document.of("mars", "Mars has two small moons, Phobos and Deimos."),
            Document.of("venus", "Venus is the hottest planet because of its thick carbon dioxide atmosphere."));
    private static final int WARM_UP = 10;
    private static final int MEASURED = 60;
    private static final int MAX_NATIVE_MIB_PER_PIPELINE = 4;
    private static final int MAX_RESIDENT_MIB_PER_PIPELINE = 15;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> part(Answer answer, String role) {
        return (Map<String, Object>) answer.trace().config().get(role);
    }

    @Test
    void recommendedAnswersWithBgeAndCoverageSelection() {
        try (RagPipeline rag = AstroRag.recommended(); RagInstance instance = rag.openDocuments(DOCS)) {
            Answer answer = instance.ask("How far away is the Andromeda Galaxy?");
            assertThat(answer.citations().get(0).chunkId()).isEqualTo("andromeda#0");
            assertThat(part(answer, "embedder")).containsEntry("name", "bge-small-q");
            assertThat(part(answer, "selector")).containsEntry("name", "bridging-coverage");
            assertThat(answer.trace().config()).containsEntry("candidates", 20).containsEntry("budget", 1800);
        }
    }

    @Test
    void paperAnswersWithMiniLmMmrAndPageRank() {
        try (RagPipeline rag = AstroRag.paper(); RagInstance instance = rag.openDocuments(DOCS)) {
            Answer answer = instance.ask("How far away is the Andromeda Galaxy?");
            assertThat(answer.citations().get(0).chunkId()).isEqualTo("andromeda#0");
            assertThat(answer.trace().stages()).extracting(Trace.Stage::name)
                    .containsExactly("embed-query", "retrieve", "rerank:pagerank", "select", "generate");
            assertThat(answer.context().chunks()).hasSizeLessThanOrEqualTo(3);
            assertThat(answer.trace().budget()).isEqualTo(1800);
            assertThat(part(answer, "embedder")).containsEntry("name", "minilm-q").containsEntry("maxLength", 256);
        }
    }

    @Test
    void naiveFillsTheBudgetInSimilarityOrder() {
        try (RagPipeline rag = AstroRag.naive(); RagInstance instance = rag.openDocuments(DOCS)) {
            Answer answer = instance.ask("How far away is the Andromeda Galaxy?");
            assertThat(answer.context().chunks()).hasSize(4);
            assertThat(answer.context().chunks().get(0).id()).isEqualTo("andromeda#0");
            assertThat(part(answer, "selector")).containsEntry("name", "token-budget");
        }
    }

    /**
     * Each preset call loads an ONNX session (native memory) and helper threads, and the pipeline owns them:
     * pipelines opened, used and closed one after another leave the thread count where it was and do not grow the
     * native memory in use. After a warm-up of {@value #WARM_UP} pipelines the test samples, after each of
     * {@value #MEASURED} more (and a GC), the bytes glibc's malloc has handed out and not taken back (mallinfo2:
     * in use, not the freed memory the allocator keeps cached, whose amount depends on how many arenas the threads'
     * contention made, and so on the machine's load) and bounds their trend, the median slope over all pairs of
     * samples (Theil-Sen, which one-off steps barely move), at {@value #MAX_NATIVE_MIB_PER_PIPELINE} MiB per
     * pipeline. One leaked session of the naive preset adds about 45 MiB per pipeline (measured with the session's
     * close left out); a closed one, under 1 MiB. Without glibc the trend of the resident size stands in, bounded at
     * {@value #MAX_RESIDENT_MIB_PER_PIPELINE} MiB per pipeline. Neither figure is a time, so a slow or busy machine
     * changes neither.
     */
    @Test
    void pipelinesOpenAndCloseWithoutGrowingThreadsOrNativeMemory() throws Exception {
        for (int i = 0; i < WARM_UP; i++) {
            useAndClose();
        }
        System.gc();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        boolean glibc = NativeMemory.mallocInUse().isPresent();
        long[] samples = new long[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            useAndClose();
            System.gc();
            samples[i] = glibc ? NativeMemory.mallocInUse().getAsLong() : NativeMemory.resident();
        }
        assertThat(settledThreadCount(threads + 1)).isLessThanOrEqualTo(threads + 1);
        double mibPerPipeline = NativeMemory.trend(samples) / (1024.0 * 1024.0);
        String what = (glibc ? "native memory in use (malloc)" : "resident memory") + " growth in MiB per pipeline over "
                + MEASURED + " pipelines; samples in MiB: " + NativeMemory.inMiB(samples);
        System.out.printf("%s: %.2f%n", what, mibPerPipeline);
        assertThat(mibPerPipeline).as(what)
                .isLessThan(glibc ? MAX_NATIVE_MIB_PER_PIPELINE : MAX_RESIDENT_MIB_PER_PIPELINE);
    }

    private static void useAndClose() {
        RagPipeline rag = AstroRag.naive();
        try (RagInstance instance = rag.openDocuments(DOCS.subList(0, 2))) {
            assertThat(instance.ask("Which bodies grow tails?").citations()).isNotEmpty();
        }
        rag.close();
        assertThat(rag.isClosed()).isTrue();
        assertThatThrownBy(() -> rag.openDocuments(DOCS)).isInstanceOf(IndexException.class).hasMessageContaining("closed");
    }

    /**
     * The thread count once it is at most {@code target}, or after two minutes (threads a closed pipeline stopped
     * may take a moment to end; the wait ends as soon as they have, so only a leak waits it out).
     */
    private static int settledThreadCount(int target) throws InterruptedException {
        int count = ManagementFactory.getThreadMXBean().getThreadCount();
        for (int i = 0; i < 1200 && count > target; i++) {
            Thread.sleep(100);
            count = ManagementFactory.getThreadMXBean().getThreadCount();
        }
        return count;
    }
}
