package io.github.astrorag.retrieval.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.testing.Concurrently;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An instance with a prefilter while other threads remove, add and close: the same guarantee as without one (an
 * ask sees the documents before or after a change, a closed instance says it is closed).
 */
class Bm25PrefilterChangesTest {

    private static final Document JUPITER = Document.of("jupiter", "Jupiter has four large moons. Io is volcanic."
            + " Europa has an ocean under ice. Ganymede is the largest moon of all. Callisto is old and cratered.");

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("comets", "Comets are icy bodies. Halley's Comet returns every 76 years."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."),
                JUPITER);
    }

    private static RagPipeline pipeline() {
        return RagPipeline.builder().embedder(new HashingEmbedder()).prefilter(new Bm25Prefilter(), 5).build();
    }

    /** Was: {@code IndexException: vector of chunk jupiter#0 has dimension 0} now and then (issue 34, row 4). */
    @Test
    void asksWhileADocumentIsRemovedAndAddedAgainNeverSeeATornState() throws Exception {
        try (RagInstance instance = pipeline().openDocuments(sky())) {
            AtomicInteger calls = new AtomicInteger();
            List<Integer> cited = Concurrently.run(4, 4_000, () -> {
                if (calls.getAndIncrement() % 2 == 0) {
                    synchronized (instance) { // one writer at a time: remove when present, add when absent
                        if (!instance.remove("jupiter")) {
                            instance.addDocuments(List.of(JUPITER));
                        }
                    }
                    return -1;
                }
                Answer answer = instance.ask("Which moons does Jupiter have?");
                return answer.citations().size();
            });
            assertThat(cited).hasSize(4_000);
        }
    }

    /** An ask that overlaps {@code close} answers, or says the instance is closed; nothing else. */
    @Test
    void asksWhileTheInstanceClosesAnswerOrSayItIsClosed() throws Exception {
        RagPipeline rag = pipeline();
        for (int round = 0; round < 200; round++) {
            RagInstance instance = rag.openDocuments(sky());
            AtomicInteger calls = new AtomicInteger();
            List<String> outcomes = Concurrently.run(4, 12, () -> {
                if (calls.getAndIncrement() == 6) {
                    instance.close();
                    return "closed";
                }
                try {
                    instance.ask("Which moons does Jupiter have?");
                    return "answered";
                } catch (IndexException e) {
                    assertThat(e).hasMessageContaining("closed");
                    return "refused";
                }
            });
            assertThat(outcomes).contains("closed");
            assertThat(instance.isClosed()).isTrue();
        }
    }

    @Test
    void aClosedInstanceSaysItIsClosed() {
        RagInstance instance = pipeline().openDocuments(sky());
        instance.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> instance.ask("Which moons does Jupiter have?"))
                .isInstanceOf(IndexException.class).hasMessageContaining("closed");
    }
}
