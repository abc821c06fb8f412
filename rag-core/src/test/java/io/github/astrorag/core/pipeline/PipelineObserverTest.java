package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.core.spi.Reranker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineObserverTest {

    /** Writes each event as a line: {@code start phase/index stage}, {@code stop stage}, {@code fail stage Type}. */
    static final class Recording implements PipelineObserver {
        final List<String> events = new ArrayList<>();
        final Map<String, Map<String, Object>> details = new LinkedHashMap<>();

        @Override
        public synchronized Stage stageStarted(String stage, Scope scope) {
            events.add("start " + scope.phase() + "/" + scope.indexKind() + " " + stage);
            return new Stage() {
                @Override
                public void stopped(double millis, Map<String, Object> d) {
                    synchronized (Recording.this) {
                        events.add("stop " + stage);
                        details.put(stage, Map.copyOf(d));
                    }
                }

                @Override
                public void failed(double millis, Throwable error) {
                    synchronized (Recording.this) {
                        events.add("fail " + stage + " " + error.getClass().getSimpleName());
                    }
                }
            };
        }
    }

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."));
    }

    @Test
    void hearsEveryStageOfIngestAndAskInOrderWithTheTracesDetails() {
        Recording seen = new Recording();
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).observer(seen).build();
             RagInstance instance = rag.openDocuments(sky())) {
            Answer answer = instance.ask("How far is the Andromeda Galaxy?");

            assertThat(seen.events).containsExactly(
                    "start ingest/memory chunk", "stop chunk",
                    "start ingest/memory embed", "stop embed",
                    "start ingest/memory index", "stop index",
                    "start ask/memory embed-query", "stop embed-query",
                    "start ask/memory retrieve", "stop retrieve",
                    "start ask/memory select", "stop select",
                    "start ask/memory generate", "stop generate");
            assertThat(seen.details.get("embed")).containsEntry("cacheHits", 0).containsEntry("cacheMisses", 2);
            assertThat(seen.details.get("generate")).containsEntry("abstained", answer.abstained());
            // the observer hears what the trace says of the answer
            Trace.Stage generate = answer.trace().stages().get(answer.trace().stages().size() - 1);
            assertThat(generate.details()).containsEntry("abstained", answer.abstained());
        }
    }

    @Test
    void hearsAFailedStageAndTheErrorStillLeavesTheAsk() {
        Recording seen = new Recording();
        Reranker broken = (q, c, t) -> {
            throw new RagException("broken reranker");
        };
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).reranker(broken)
                .observer(seen).build();
             RagInstance instance = rag.openDocuments(sky())) {
            assertThatThrownBy(() -> instance.ask("Mars?")).hasMessage("broken reranker");
        }
        assertThat(seen.events).last().asString().startsWith("fail rerank:").endsWith(" RagException");
    }

    @Test
    void anObserverThatThrowsNeverFailsAnAsk() {
        PipelineObserver throwing = new PipelineObserver() {
            @Override
            public Stage stageStarted(String stage, Scope scope) {
                if (stage.equals("retrieve")) {
                    throw new IllegalStateException("observer bug");
                }
                return new Stage() {
                    @Override
                    public void stopped(double millis, Map<String, Object> details) {
                        throw new IllegalStateException("observer bug");
                    }
                };
            }
        };
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).observer(throwing).build();
             RagPipeline plain = RagPipeline.builder().embedder(new HashingEmbedder()).build();
             RagInstance observed = rag.openDocuments(sky());
             RagInstance unobserved = plain.openDocuments(sky())) {
            String q = "How many moons has Mars?";
            assertThat(observed.ask(q).text()).isEqualTo(unobserved.ask(q).text());
        }
    }

    @Test
    void hearsAddsAndRemovals() {
        Recording seen = new Recording();
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).observer(seen).build();
             RagInstance instance = rag.openDocuments(sky().subList(0, 1))) {
            seen.events.clear();
            instance.addDocuments(sky().subList(1, 2));
            instance.remove("mars");
        }
        assertThat(seen.events).containsExactly("start ingest/memory add:chunk", "stop add:chunk",
                "start ingest/memory add:embed", "stop add:embed", "start ingest/memory add:index", "stop add:index",
                "start ingest/memory remove", "stop remove");
    }

    @Test
    void anObserverIsGivenOnce() {
        RagPipeline.Builder b = RagPipeline.builder().observer(PipelineObserver.NONE);
        assertThatThrownBy(() -> b.observer(PipelineObserver.NONE)).isInstanceOf(IllegalStateException.class);
    }
}
