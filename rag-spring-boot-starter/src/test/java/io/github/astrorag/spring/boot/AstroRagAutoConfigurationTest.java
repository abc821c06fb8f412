package io.github.astrorag.spring.boot;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.micrometer.MicrometerPipelineObserver;
import io.github.astrorag.springai.AstroRagDocumentRetriever;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The starter in application contexts; the model-free embedder ({@code hashing}) everywhere. */
class AstroRagAutoConfigurationTest {

    /** The README's sample question, over the README's sample documents. */
    static final String QUESTION = "What resolving power does the spectrograph reach?";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class,
                    AstroRagSpringAiAutoConfiguration.class, AstroRagHealthAutoConfiguration.class))
            .withPropertyValues("astrorag.embedder.model=hashing");

    private final ApplicationContextRunner withDocs = runner.withPropertyValues("astrorag.docs=../rag-examples/samples");

    @Configuration(proxyBeanMethods = false)
    static class Observed {
        @Bean
        TestObservationRegistry observationRegistry() {
            return TestObservationRegistry.create();
        }
    }

    /** Row 6 on Boot 3's health API: out of service with the progress while loading in the background, then up. */
    @Test
    void whileTheDocumentsLoadInTheBackgroundTheHealthIsOutOfServiceWithTheProgress() {
        withDocs.withPropertyValues("astrorag.loading.background=true").withBean(GatedEmbeddingCache.class).run(context -> {
            GatedEmbeddingCache gate = context.getBean(GatedEmbeddingCache.class);
            gate.awaitReached();
            AstroRagHealthIndicator indicator = context.getBean(AstroRagHealthIndicator.class);
            Health loading = indicator.health();
            assertThat(loading.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
            assertThat(loading.getDetails()).containsEntry("documents", 0).containsEntry("loading",
                    java.util.Map.of("state", "loading", "phase", "chunk", "done", 3L, "total", 3L));
            gate.open();
            assertThat(context.getBean(AstroRagLoading.class).await(java.time.Duration.ofSeconds(60)).state())
                    .isEqualTo(AstroRagLoading.State.LOADED);
            assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
            assertThat(indicator.health().getDetails()).containsEntry("documents", 3);
        });
    }

    /** One shared context: retriever, health and observations; then closing it deletes the index. */
    @Test
    void propertiesGiveARetrieverThatAnswersTheReadmeQuestionAHealthyInstanceAndObservationsAndCloseDeletesTheIndex() {
        AtomicReference<RagInstance> instance = new AtomicReference<>();
        AtomicReference<EphemeralIndex> index = new AtomicReference<>();
        withDocs.withUserConfiguration(Observed.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RagPipeline.class).hasSingleBean(RagInstance.class)
                    .hasSingleBean(DocumentRetriever.class).hasSingleBean(AstroRagHealthIndicator.class);
            instance.set(context.getBean(RagInstance.class));
            index.set(instance.get().index());

            List<Document> documents = context.getBean(DocumentRetriever.class).retrieve(new Query(QUESTION));
            assertThat(documents).isNotEmpty();
            assertThat(String.valueOf(documents.get(0).getMetadata().get("source"))).endsWith("spectrograph-guide.pdf");
            assertThat(documents.get(0).getText()).containsIgnoringCase("resolving power").contains("5000");

            Health health = context.getBean(AstroRagHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("index", "memory").containsEntry("documents", 3)
                    .containsEntry("cache", "none");

            assertThat(context.getBean(PipelineObserver.class)).isInstanceOf(MicrometerPipelineObserver.class);
            TestObservationRegistry observations = context.getBean(TestObservationRegistry.class);
            assertThat(observations).hasAnObservation(o -> o.hasNameEqualTo(MicrometerPipelineObserver.STAGE)
                    .hasLowCardinalityKeyValue("stage", "retrieve").hasLowCardinalityKeyValue("preset", "default"));
            assertThat(observations).hasAnObservation(o -> o.hasLowCardinalityKeyValue("stage", "embed"));
        });
        assertThat(instance.get().isClosed()).isTrue();
        assertThat(index.get().isClosed()).isTrue();
    }

    @Configuration(proxyBeanMethods = false)
    static class Own {
        static final DocumentRetriever RETRIEVER = q -> List.of();

        @Bean
        RagPipeline myPipeline() {
            return RagPipeline.builder().embedder(new HashingEmbedder()).budget(100).build();
        }

        @Bean
        DocumentRetriever myRetriever() {
            return RETRIEVER;
        }

        @Bean
        PipelineObserver myObserver() {
            return PipelineObserver.NONE;
        }
    }

    @Test
    void noBeanOfOursWhenTheApplicationDefinesItsOwn() {
        withDocs.withUserConfiguration(Own.class, Observed.class).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RagPipeline.class).hasSingleBean(DocumentRetriever.class)
                    .hasSingleBean(PipelineObserver.class).doesNotHaveBean(AstroRagDocumentRetriever.class)
                    .doesNotHaveBean(MicrometerPipelineObserver.class);
            assertThat(context.getBean(RagPipeline.class).budget()).isEqualTo(100);
            assertThat(context.getBean(DocumentRetriever.class)).isSameAs(Own.RETRIEVER);
            assertThat(context.getBean(RagInstance.class).documents()).hasSize(3); // opened by the user's pipeline
        });
    }

    @Test
    void withoutDocumentsOnlyThePipelineAndWithoutARegistryNoObserver() {
        runner.withPropertyValues("astrorag.preset=naive", "astrorag.budget=300").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RagPipeline.class).doesNotHaveBean(RagInstance.class)
                    .doesNotHaveBean(DocumentRetriever.class).doesNotHaveBean(AstroRagHealthIndicator.class)
                    .doesNotHaveBean(PipelineObserver.class).doesNotHaveBean(EmbeddingCache.class);
            assertThat(context.getBean(RagPipeline.class).budget()).isEqualTo(300);
        });
    }

    @Test
    void observationsCanBeTurnedOff() {
        runner.withUserConfiguration(Observed.class).withPropertyValues("astrorag.observations.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(ObservationRegistry.class)
                        .doesNotHaveBean(PipelineObserver.class));
    }

    @Test
    void theEmbeddingCacheIsABeanAndTheHealthShowsIt(@TempDir Path dir) {
        withDocs.withPropertyValues("astrorag.embedding-cache.dir=" + dir).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(EmbeddingCache.class);
            Health health = context.getBean(AstroRagHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails().get("cache")).isInstanceOf(java.util.Map.class);
        });
    }

    /** Hostile input, third round, row 16: an empty or blank cache folder fails the context naming the property. */
    @Test
    void anEmptyEmbeddingCacheDirFailsTheContextNamingTheProperty() {
        for (String value : new String[] {"", " "}) {
            withDocs.withPropertyValues("astrorag.embedding-cache.dir=" + value).run(context ->
                    assertThat(context).hasFailed().getFailure().rootCause().isInstanceOf(AstroRagPropertyException.class)
                            .hasMessage("Invalid value '' for property 'astrorag.embedding-cache.dir': the cache's folder is "
                                    + "empty"));
        }
    }

    @Test
    void aWrongPropertyFailsTheContextNamingIt() {
        runner.withPropertyValues("astrorag.preset=nonsense").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("unknown preset 'nonsense'"));
        runner.withPropertyValues("astrorag.generator.kind=openai").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("astrorag.generator.base-url"));
    }
}
