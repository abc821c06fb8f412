package io.github.astrorag.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.cache.InMemoryEmbeddingCache;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Generator;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MicrometerPipelineObserverTest {

    private final TestObservationRegistry observations = TestObservationRegistry.create();
    private final MeterRegistry meters = new SimpleMeterRegistry();
    private MicrometerPipelineObserver observer;

    @BeforeEach
    void timersToo() {
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        observer = MicrometerPipelineObserver.builder(observations).meters(meters).preset("naive").build();
    }

    private static List<Document> sky() {
        return List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos. Its day lasts 24.6 hours."));
    }

    @Test
    void oneAskLeavesStageTimersAndCacheCounters() {
        InMemoryEmbeddingCache cache = new InMemoryEmbeddingCache();
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).embeddingCache(cache)
                .observer(observer).build()) {
            try (RagInstance first = rag.openDocuments(sky())) {
                first.ask("How far is the Andromeda Galaxy?");
            }
            try (RagInstance again = rag.openDocuments(sky())) { // every chunk from the cache now
                again.ask("How far is the Andromeda Galaxy?");
            }
        }

        assertThat(observations)
                .hasObservationWithNameEqualTo(MicrometerPipelineObserver.STAGE).that()
                .hasLowCardinalityKeyValue("preset", "naive")
                .hasLowCardinalityKeyValue("index", "memory")
                .hasBeenStarted().hasBeenStopped();
        assertThat(observations).hasNumberOfObservationsWithNameEqualTo(MicrometerPipelineObserver.STAGE, 2 * (3 + 4));
        assertThat(observations).hasAnObservationWithAKeyValue("stage", "embed");
        assertThat(observations).hasAnObservationWithAKeyValue("cache.misses", "2");
        assertThat(observations).hasAnObservationWithAKeyValue("cache.hits", "2");
        assertThat(observations).hasAnObservationWithAKeyValue("abstained", "false");

        for (String stage : List.of("chunk", "embed", "index", "embed-query", "retrieve", "select", "generate")) {
            assertThat(meters.get(MicrometerPipelineObserver.STAGE).tag("stage", stage).tag("preset", "naive")
                    .tag("index", "memory").timer().count()).as(stage).isEqualTo(2);
        }
        assertThat(meters.get(MicrometerPipelineObserver.STAGE).tag("stage", "generate").tag("phase", "ask")
                .timer().count()).isEqualTo(2);
        assertThat(meters.get(MicrometerPipelineObserver.CACHE).tag("result", "miss").tag("stage", "embed")
                .counter().count()).isEqualTo(2);
        assertThat(meters.get(MicrometerPipelineObserver.CACHE).tag("result", "hit").tag("stage", "embed")
                .counter().count()).isEqualTo(2);
        assertThat(meters.find(MicrometerPipelineObserver.ABSTAINED).counter()).isNull();
        assertThat(observations).doesNotHaveAnyRemainingCurrentObservation(); // every scope closed
    }

    @Test
    void countsAbstentionsAndErrorsByType() {
        Generator declining = (q, c, t) -> Answer.abstention(q.text(), Answer.NOT_ANSWERED, c);
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).generator(declining)
                .reranker((q, c, t) -> {
                    if (q.text().contains("boom")) {
                        throw new RagException("reranker failed");
                    }
                    return c;
                })
                .observer(observer).build();
             RagInstance instance = rag.openDocuments(sky())) {
            assertThat(instance.ask("How hot is the Sun?").abstained()).isTrue();
            assertThatThrownBy(() -> instance.ask("boom")).isInstanceOf(RagException.class);
        }

        assertThat(meters.get(MicrometerPipelineObserver.ABSTAINED).tag("preset", "naive").counter().count())
                .isEqualTo(1);
        String rerank = meters.get(MicrometerPipelineObserver.ERRORS).counter().getId().getTag("stage");
        assertThat(rerank).startsWith("rerank:");
        assertThat(meters.get(MicrometerPipelineObserver.ERRORS).tag("exception", "RagException").counter().count())
                .isEqualTo(1);
        assertThat(meters.get(MicrometerPipelineObserver.STAGE).tag("stage", rerank).tag("error", "RagException")
                .timer().count()).isEqualTo(1);
        assertThat(observations).hasAnObservation(o -> o.hasError());
    }

    @Test
    void stagesAreChildrenOfTheObservationOfTheCaller() {
        Observation request = Observation.start("http.server.requests", observations);
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).observer(observer).build();
             RagInstance instance = rag.openDocuments(sky())) {
            try (Observation.Scope s = request.openScope()) {
                instance.ask("Mars?");
            } finally {
                request.stop();
            }
        }
        assertThat(observations).hasAnObservation(o -> o.hasLowCardinalityKeyValue("stage", "retrieve")
                .hasParentObservationEqualTo(request));
    }

    @Test
    void theBuilderFailsFast() {
        MicrometerPipelineObserver.Builder b = MicrometerPipelineObserver.builder(observations).preset("x");
        assertThatThrownBy(() -> b.preset("y")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> MicrometerPipelineObserver.builder(observations).preset(" "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(MicrometerPipelineObserver.of(observations)).isNotNull();
    }
}
