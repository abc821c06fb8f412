package io.github.astrorag.micrometer;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.spi.PipelineObserver;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link PipelineObserver} that records each stage of a pipeline as a Micrometer {@link Observation}, and counts
 * what a timer cannot show. Give it to {@code RagPipeline.Builder#observer}.
 *
 * <p><b>Observations.</b> One per stage, named {@value #STAGE}, contextual name {@code astrorag <stage>}, with the
 * low-cardinality key values {@code stage} (the trace's stage name: {@code embed-query}, {@code retrieve},
 * {@code rerank:mmr}, {@code select}, {@code generate}, {@code load}, {@code chunk}, {@code embed}, {@code index},
 * {@code add:embed}, ...), {@code phase} ({@code ingest} or {@code ask}), {@code preset} (as given to the builder;
 * default {@value #CUSTOM}) and {@code index} (the index kind: {@code memory}, {@code elasticsearch},
 * {@code prefilter}). The stage's numbers that vary per call are high-cardinality key values (span attributes
 * only): {@code cache.hits}, {@code cache.misses} (stages {@code embed} and {@code prefilter}) and
 * {@code abstained} ({@code generate}). A stage that throws is {@linkplain Observation#error reported as an error}.
 * The registry's handlers decide what an observation becomes: Micrometer's {@code DefaultMeterObservationHandler}
 * makes a timer {@value #STAGE} with those tags (plus {@code error}), Micrometer Tracing's handler (with
 * {@code micrometer-tracing-bridge-otel}) an OpenTelemetry span. Each observation is opened in scope while its
 * stage runs, so it is a child of the observation current on the asking thread (an HTTP request's, say), and the
 * HTTP calls of an embedder or generator made inside it are its children.
 *
 * <p><b>Counters</b> (only with a {@link Builder#meters MeterRegistry}), each tagged {@code preset} and
 * {@code index}: {@value #CACHE} (tags {@code stage}, {@code result} = {@code hit} or {@code miss}; incremented by
 * the number of texts), {@value #ABSTAINED} (one per answer whose generator declined to answer) and
 * {@value #ERRORS} (tags {@code stage}, {@code exception} = the simple class name of what the stage threw).
 *
 * <p>Every tag has a bounded set of values (stage names come from the pipeline's configuration, never from a
 * question or a document), and a meter name always has the same tag keys. Thread-safe: one observer may serve
 * every pipeline of an application. Cost per stage: one observation, its scope, and a map look-up or two.
 */
public final class MicrometerPipelineObserver implements PipelineObserver {

    /** The observation (and timer) of each stage. */
    public static final String STAGE = "astrorag.stage";
    /** The counter of embedding-cache look-ups, by {@code result}. */
    public static final String CACHE = "astrorag.embedding.cache";
    /** The counter of answers whose generator declined to answer. */
    public static final String ABSTAINED = "astrorag.answers.abstained";
    /** The counter of stages that threw, by {@code exception}. */
    public static final String ERRORS = "astrorag.stage.errors";
    /** The {@code preset} tag's value when none was given. */
    public static final String CUSTOM = "custom";

    private final ObservationRegistry observations;
    private final @Nullable MeterRegistry meters;
    private final String preset;

    private MicrometerPipelineObserver(Builder b) {
        this.observations = b.observations;
        this.meters = b.meters;
        this.preset = b.preset == null ? CUSTOM : b.preset;
    }

    /**
     * An observer recording into {@code observations}, without counters and with the preset {@value #CUSTOM}.
     *
     * @param observations where the stages' observations go
     * @return the observer
     */
    public static MicrometerPipelineObserver of(ObservationRegistry observations) {
        return builder(observations).build();
    }

    /**
     * A builder of an observer recording into {@code observations}.
     *
     * @param observations where the stages' observations go
     * @return a new builder
     */
    public static Builder builder(ObservationRegistry observations) {
        return new Builder(observations);
    }

    @Override
    public Stage stageStarted(String stage, Scope scope) {
        Observation observation = Observation.createNotStarted(STAGE, observations)
                .contextualName("astrorag " + stage)
                .lowCardinalityKeyValue("stage", stage)
                .lowCardinalityKeyValue("phase", scope.phase())
                .lowCardinalityKeyValue("preset", preset)
                .lowCardinalityKeyValue("index", scope.indexKind())
                .start();
        return new Running(stage, scope, observation, observation.openScope());
    }

    /** One stage's observation, open in scope on the stage's thread until the stage ends. */
    private final class Running implements Stage {
        private final String stage;
        private final Scope scope;
        private final Observation observation;
        private final Observation.Scope opened;

        Running(String stage, Scope scope, Observation observation, Observation.Scope opened) {
            this.stage = stage;
            this.scope = scope;
            this.observation = observation;
            this.opened = opened;
        }

        @Override
        public void stopped(double millis, Map<String, Object> details) {
            try {
                Object hits = details.get("cacheHits");
                Object misses = details.get("cacheMisses");
                if (hits instanceof Number h && misses instanceof Number m) {
                    observation.highCardinalityKeyValue("cache.hits", String.valueOf(h.longValue()));
                    observation.highCardinalityKeyValue("cache.misses", String.valueOf(m.longValue()));
                    count(CACHE, h.longValue(), "stage", stage, "result", "hit");
                    count(CACHE, m.longValue(), "stage", stage, "result", "miss");
                }
                if (details.get("abstained") instanceof Boolean abstained) {
                    observation.highCardinalityKeyValue("abstained", abstained.toString());
                    if (abstained) {
                        count(ABSTAINED, 1);
                    }
                }
            } finally {
                end();
            }
        }

        @Override
        public void failed(double millis, Throwable error) {
            try {
                observation.error(error);
                count(ERRORS, 1, "stage", stage, "exception", error.getClass().getSimpleName());
            } finally {
                end();
            }
        }

        private void end() {
            opened.close();
            observation.stop();
        }

        private void count(String name, long amount, String... tags) {
            if (meters != null && amount > 0) {
                Counter.builder(name).tags(tags).tag("preset", preset).tag("index", scope.indexKind())
                        .register(meters).increment(amount);
            }
        }
    }

    /**
     * Fail-fast builder: a setting given twice throws {@link IllegalStateException}, a blank preset
     * {@link IllegalArgumentException}. Not thread-safe.
     */
    public static final class Builder {
        private final ObservationRegistry observations;
        private @Nullable MeterRegistry meters;
        private @Nullable String preset;

        private Builder(ObservationRegistry observations) {
            this.observations = Objects.requireNonNull(observations, "observations");
        }

        /**
         * Where the counters go; default none (no counters, the observations only).
         *
         * @param value the meter registry
         * @return this builder
         * @throws IllegalStateException if it was already set
         */
        public Builder meters(MeterRegistry value) {
            Arguments.checkState(meters == null, "meters was already set");
            meters = Objects.requireNonNull(value, "meters");
            return this;
        }

        /**
         * The value of the {@code preset} tag, such as the preset's name ({@code default}, {@code corag}); default
         * {@value #CUSTOM}. Keep it to a few values per application: it is a low-cardinality tag.
         *
         * @param value the preset's name
         * @return this builder
         * @throws IllegalArgumentException if {@code value} is blank
         * @throws IllegalStateException if it was already set
         */
        public Builder preset(String value) {
            Arguments.checkState(preset == null, "preset was already set");
            Arguments.check(!Objects.requireNonNull(value, "preset").isBlank(), "preset must not be blank, was '%s'", value);
            preset = value;
            return this;
        }

        /**
         * The observer.
         *
         * @return a new observer
         */
        public MicrometerPipelineObserver build() {
            return new MicrometerPipelineObserver(this);
        }
    }
}
