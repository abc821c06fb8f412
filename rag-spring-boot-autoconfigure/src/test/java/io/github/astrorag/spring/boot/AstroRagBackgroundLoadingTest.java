package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Issue 33, row 6: {@code astrorag.loading.background=true} starts the application at once with an empty instance,
 * fills it on a background thread, keeps readiness refusing traffic (even after Spring Boot's own "accepting", which
 * it publishes once the application has started) and the health out of service with the progress until the documents
 * are in. The model-free embedder; the embedding phase waits at a {@link GatedEmbeddingCache} so that the test sees
 * the load under way. Run by both starters, on both Spring Boot lines.
 */
class AstroRagBackgroundLoadingTest {

    static final String QUESTION = "What resolving power does the spectrograph reach?";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ApplicationAvailabilityAutoConfiguration.class,
                    AstroRagAutoConfiguration.class))
            .withUserConfiguration(Gate.class)
            .withPropertyValues("astrorag.embedder.model=hashing", "astrorag.docs=../rag-examples/samples",
                    "astrorag.loading.background=true");

    @Configuration(proxyBeanMethods = false)
    static class Gate {
        @Bean
        GatedEmbeddingCache gate() {
            return new GatedEmbeddingCache();
        }
    }

    private static ReadinessState readiness(ApplicationContext context) {
        return context.getBean(ApplicationAvailability.class).getReadinessState();
    }

    /** What Spring Boot publishes once the application has started (SpringApplication.run's last step). */
    private static void bootSaysItIsReady(ApplicationContext context) {
        AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
    }

    @Test
    void theApplicationStartsEmptyRefusesTrafficWhileLoadingThenAnswers() throws Exception {
        runner.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(AstroRagLoading.class);
            GatedEmbeddingCache gate = context.getBean(GatedEmbeddingCache.class);
            gate.awaitReached();
            RagInstance instance = context.getBean(RagInstance.class);
            AstroRagLoading loading = context.getBean(AstroRagLoading.class);

            // loading: the three files read and chunked, the embedding waiting at the gate
            assertThat(loading.progress()).isEqualTo(new AstroRagLoading.Progress(AstroRagLoading.State.LOADING,
                    "chunk", 3, 3, null));
            assertThat(instance.documents()).isEmpty();
            assertThat(readiness(context)).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
            bootSaysItIsReady(context);
            assertThat(readiness(context)).as("still refusing after Boot's own ACCEPTING_TRAFFIC")
                    .isEqualTo(ReadinessState.REFUSING_TRAFFIC);
            AstroRagHealth health = AstroRagHealth.of(instance, context.getBean(EmbeddingCache.class), loading);
            assertThat(health.status()).isEqualTo(AstroRagHealth.Status.LOADING);
            assertThat(health.details()).containsEntry("documents", 0).containsEntry("chunks", 0)
                    .containsEntry("loading", Map.of("state", "loading", "phase", "chunk", "done", 3L, "total", 3L));
            assertThat(instance.ask(QUESTION).abstained()).as("nothing is in the instance yet").isTrue();

            gate.open();
            AstroRagLoading.Progress done = loading.await(Duration.ofSeconds(60));
            assertThat(done.state()).isEqualTo(AstroRagLoading.State.LOADED);
            assertThat(done.phase()).isEqualTo("embed");
            assertThat(done.done()).isEqualTo(done.total()).isEqualTo(instance.chunkCount());
            assertThat(readiness(context)).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
            assertThat(instance.documents()).hasSize(3);
            Answer answer = instance.ask(QUESTION);
            assertThat(answer.abstained()).isFalse();
            assertThat(answer.citations()).first().satisfies(c -> assertThat(c.source()).endsWith("spectrograph-guide.pdf"));
            assertThat(AstroRagHealth.of(instance, null, loading).status()).isEqualTo(AstroRagHealth.Status.UP);
        });
    }

    @Test
    void aFailedLoadKeepsReadinessRefusingAndTurnsTheHealthDownWithTheError() {
        runner.run(context -> {
            GatedEmbeddingCache gate = context.getBean(GatedEmbeddingCache.class);
            gate.awaitReached();
            gate.fail();
            AstroRagLoading loading = context.getBean(AstroRagLoading.class);
            AstroRagLoading.Progress failed = loading.await(Duration.ofSeconds(60));
            assertThat(failed.state()).isEqualTo(AstroRagLoading.State.FAILED);
            assertThat(failed.error()).contains("the cache's disk is full");
            bootSaysItIsReady(context);
            assertThat(readiness(context)).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
            AstroRagHealth health = AstroRagHealth.of(context.getBean(RagInstance.class), null, loading);
            assertThat(health.status()).isEqualTo(AstroRagHealth.Status.DOWN);
            assertThat(health.details().get("loading").toString()).contains("state=failed")
                    .contains("error=").contains("the cache's disk is full");
        });
    }

    @Test
    void closingTheContextWhileLoadingStopsTheLoad() throws Exception {
        AstroRagLoading[] loading = new AstroRagLoading[1];
        runner.run(context -> {
            context.getBean(GatedEmbeddingCache.class).awaitReached();
            loading[0] = context.getBean(AstroRagLoading.class);
        });
        // the context's stop interrupted the thread waiting at the gate and waited for it
        assertThat(loading[0].await(Duration.ZERO).state()).isEqualTo(AstroRagLoading.State.FAILED);
        assertThat(loading[0].isRunning()).isFalse();
    }

    @Test
    void aLocationThatNamesNothingStillFailsTheStartNamingTheProperty() {
        runner.withPropertyValues("astrorag.docs=no-such-folder").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context).getFailure().rootCause().isInstanceOf(AstroRagPropertyException.class)
                    .hasMessageContaining("astrorag.docs").hasMessageContaining("no-such-folder");
        });
    }

    @Test
    void byDefaultTheDocumentsAreLoadedAtStartUpWithNoBackgroundLoad() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.embedder.model=hashing", "astrorag.docs=../rag-examples/samples")
                .run(context -> {
                    assertThat(context).hasNotFailed().doesNotHaveBean(AstroRagLoading.class);
                    assertThat(context.getBean(RagInstance.class).documents()).hasSize(3);
                });
    }
}
