package io.github.astrorag.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The stages' observations as OpenTelemetry spans, through Micrometer Tracing's OpenTelemetry bridge. */
class OpenTelemetrySpansTest {

    /** Keeps every finished span. */
    static final class Kept implements SpanExporter {
        final List<SpanData> spans = new CopyOnWriteArrayList<>();

        @Override
        public CompletableResultCode export(Collection<SpanData> batch) {
            spans.addAll(batch);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    @Test
    void eachStageOfAnAskIsASpanUnderTheRequestsSpan() {
        Kept kept = new Kept();
        try (SdkTracerProvider provider = SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(kept)).build()) {
            OtelTracer tracer = new OtelTracer(provider.get("test"), new OtelCurrentTraceContext(), event -> { });
            ObservationRegistry registry = ObservationRegistry.create();
            registry.observationConfig().observationHandler(new DefaultTracingObservationHandler(tracer));

            try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder())
                    .observer(MicrometerPipelineObserver.of(registry)).build();
                 RagInstance instance = rag.openDocuments(List.of(Document.of("mars", "Mars has two moons.")))) {
                Observation request = Observation.start("request", registry);
                try (Observation.Scope s = request.openScope()) {
                    instance.ask("How many moons has Mars?");
                } finally {
                    request.stop();
                }
            }
        }

        SpanData request = kept.spans.stream().filter(s -> s.getName().equals("request")).findFirst().orElseThrow();
        List<SpanData> asked = kept.spans.stream()
                .filter(s -> "ask".equals(s.getAttributes().get(AttributeKey.stringKey("phase")))).toList();
        assertThat(asked).extracting(SpanData::getName)
                .containsExactly("astrorag embed-query", "astrorag retrieve", "astrorag select", "astrorag generate");
        assertThat(asked).allSatisfy(s -> {
            assertThat(s.getParentSpanId()).isEqualTo(request.getSpanId());
            assertThat(s.getAttributes().get(AttributeKey.stringKey("preset"))).isEqualTo("custom");
            assertThat(s.getAttributes().get(AttributeKey.stringKey("index"))).isEqualTo("memory");
        });
        SpanData embed = kept.spans.stream().filter(s -> s.getName().equals("astrorag embed")).findFirst().orElseThrow();
        assertThat(embed.getAttributes().get(AttributeKey.stringKey("cache.misses"))).isEqualTo("1");
        assertThat(asked.get(3).getAttributes().get(AttributeKey.stringKey("abstained"))).isEqualTo("false");
    }
}
