package io.github.astrorag.spring.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.micrometer.MicrometerPipelineObserver;
import io.github.astrorag.spring.boot.AstroRagAutoConfiguration;
import io.github.astrorag.spring.boot.AstroRagLoading;
import io.github.astrorag.spring.boot.GatedEmbeddingCache;
import io.github.astrorag.spring.boot.AstroRagSpringAiAutoConfiguration;
import io.github.astrorag.spring.boot.AstroRagSpringBoot3Guard;
import io.github.astrorag.spring.boot.SpringBootLine;
import io.github.astrorag.spring.boot.WrongSpringBootLineException;
import io.github.astrorag.spring.boot.WrongSpringBootLineFailureAnalyzer;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The Boot 4 starter in application contexts of Spring Boot 4's own auto-configurations; the model-free embedder. */
class AstroRagBoot4AutoConfigurationTest {

    static final String QUESTION = "What resolving power does the spectrograph reach?";

    /** This starter's auto-configurations, as its AutoConfiguration.imports lists them, after Boot 4's metrics. */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
                    CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                    AstroRagSpringBoot4Guard.class, AstroRagAutoConfiguration.class,
                    AstroRagSpringAiAutoConfiguration.class, AstroRagBoot4HealthAutoConfiguration.class))
            .withPropertyValues("astrorag.embedder.model=hashing", "astrorag.docs=../rag-examples/samples");

    @Test
    void onBoot4TheHealthComponentAndTheAstroragMetricsAreThere() {
        runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RagInstance.class).hasSingleBean(DocumentRetriever.class)
                    .hasBean("astroRagHealthIndicator");
            assertThat(context.getBean("astroRagHealthIndicator")).isInstanceOf(HealthIndicator.class);

            List<Document> documents = context.getBean(DocumentRetriever.class).retrieve(new Query(QUESTION));
            assertThat(String.valueOf(documents.get(0).getMetadata().get("source"))).endsWith("spectrograph-guide.pdf");

            Health health = context.getBean(AstroRagBoot4HealthIndicator.class).health(true);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("index", "memory").containsEntry("documents", 3)
                    .containsEntry("cache", "none");

            // Boot 4's ObservationAutoConfiguration ran first, so the observer exists and its timers reach the registry
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.find(MicrometerPipelineObserver.STAGE).tag("stage", "retrieve").timers()).isNotEmpty();
            assertThat(meters.find(MicrometerPipelineObserver.STAGE).tag("stage", "embed").timers()).isNotEmpty();
        });
    }

    /** Row 6 on Boot 4's health API: out of service with the progress while loading in the background, then up. */
    @Test
    void whileTheDocumentsLoadInTheBackgroundTheHealthIsOutOfServiceWithTheProgress() {
        runner.withPropertyValues("astrorag.loading.background=true").withBean(GatedEmbeddingCache.class).run(context -> {
            GatedEmbeddingCache gate = context.getBean(GatedEmbeddingCache.class);
            gate.awaitReached();
            AstroRagBoot4HealthIndicator indicator = context.getBean(AstroRagBoot4HealthIndicator.class);
            Health loading = indicator.health(true);
            assertThat(loading.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
            assertThat(loading.getDetails()).containsEntry("documents", 0).containsEntry("loading",
                    java.util.Map.of("state", "loading", "phase", "chunk", "done", 3L, "total", 3L));
            gate.open();
            assertThat(context.getBean(AstroRagLoading.class).await(java.time.Duration.ofSeconds(60)).state())
                    .isEqualTo(AstroRagLoading.State.LOADED);
            assertThat(indicator.health(true).getStatus()).isEqualTo(Status.UP);
            assertThat(indicator.health(true).getDetails()).containsEntry("documents", 3);
        });
    }

    @Test
    void closingTheContextTurnsTheHealthDown() {
        java.util.concurrent.atomic.AtomicReference<AstroRagBoot4HealthIndicator> indicator = new java.util.concurrent.atomic.AtomicReference<>();
        runner.run(context -> indicator.set(context.getBean(AstroRagBoot4HealthIndicator.class)));
        Health health = indicator.get().health(true);
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(health.getDetails()).containsExactly(java.util.Map.entry("index", "closed"));
    }

    @Test
    void withoutBoot4sHealthApiNoHealthComponent() {
        runner.withClassLoader(new FilteredClassLoader(HealthIndicator.class)).run(context ->
                assertThat(context).hasNotFailed().hasSingleBean(RagInstance.class)
                        .doesNotHaveBean(AstroRagBoot4HealthIndicator.class));
    }

    /** The Boot 3 starter's guard, here on Boot 4's class path: the start fails naming the Boot 4 starter. */
    @Test
    void theBoot3StarterOnBoot4FailsAtStartNamingTheBoot4Starter() {
        runner.withConfiguration(AutoConfigurations.of(AstroRagSpringBoot3Guard.class)).run(context -> {
            assertThat(context).hasFailed();
            Throwable root = context.getStartupFailure();
            WrongSpringBootLineException e = find(root);
            assertThat(e.getMessage()).isEqualTo("rag-spring-boot-starter is built for Spring Boot 3 but the "
                    + "application runs Spring Boot 4: use io.github.astrorag:rag-spring-boot-4-starter instead")
                    .doesNotContain("\n");
            FailureAnalysis analysis = new WrongSpringBootLineFailureAnalyzer().analyze(root);
            assertThat(analysis.getDescription()).isEqualTo(e.getMessage());
            assertThat(analysis.getAction()).isEqualTo("Replace io.github.astrorag:rag-spring-boot-starter with "
                    + "io.github.astrorag:rag-spring-boot-4-starter (same version, same astrorag.* properties).");
        });
    }

    /** This starter on Boot 3, simulated by hiding the class Boot 3 lacks: the start fails naming the Boot 3 starter. */
    @Test
    void theBoot4StarterOnBoot3FailsAtStartNamingTheBoot3Starter() {
        runner.withClassLoader(new FilteredClassLoader(SpringBootLine.BOOT_4_ONLY_CLASS)).run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new WrongSpringBootLineFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).isEqualTo("rag-spring-boot-4-starter is built for Spring Boot 4 but "
                    + "the application runs Spring Boot 3: use io.github.astrorag:rag-spring-boot-starter instead");
            assertThat(analysis.getAction()).contains("with io.github.astrorag:rag-spring-boot-starter ");
            assertThat(context).getFailure().rootCause().isInstanceOf(WrongSpringBootLineException.class);
        });
    }

    private static WrongSpringBootLineException find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof WrongSpringBootLineException e) {
                return e;
            }
        }
        throw new AssertionError("no WrongSpringBootLineException in " + t);
    }
}
