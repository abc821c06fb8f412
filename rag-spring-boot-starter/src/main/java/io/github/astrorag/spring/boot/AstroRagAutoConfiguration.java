package io.github.astrorag.spring.boot;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.embed.OpenAiCompatibleEmbedder;
import io.github.astrorag.core.embed.TeiEmbedder;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.generate.TgiGenerator;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.micrometer.MicrometerPipelineObserver;
import io.github.astrorag.presets.EmbeddingModels;
import io.github.astrorag.presets.Preset;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Builds this library's pipeline from the {@code astrorag.*} properties ({@link AstroRagProperties}). Beans, each
 * only when the application defines none of its type ({@code @ConditionalOnMissingBean}):
 *
 * <ul>
 *   <li>{@link EmbeddingCache} {@code astroRagEmbeddingCache}: a {@link SqliteEmbeddingCache} in
 *       {@code astrorag.embedding-cache.dir}, when that is set; closed with the context.</li>
 *   <li>{@link PipelineObserver} {@code astroRagPipelineObserver}: a {@link MicrometerPipelineObserver} over the
 *       application's {@link ObservationRegistry} (and {@link MeterRegistry}, when there is one, for its counters),
 *       tagged with the preset's name; when an {@code ObservationRegistry} bean exists and
 *       {@code astrorag.observations.enabled} is not {@code false}.</li>
 *   <li>{@link RagPipeline} {@code astroRagPipeline}: the preset {@code astrorag.preset} over the configured
 *       embedder, with the budget, generator, cache and observer given; it owns the embedder it loaded and is closed
 *       with the context.</li>
 *   <li>{@link RagInstance} {@code astroRagInstance}: one instance for the application's lifetime over
 *       {@code astrorag.docs} (only when documents are configured), opened at start-up, closed (its index deleted)
 *       with the context.</li>
 * </ul>
 *
 * <p>{@link AstroRagSpringAiAutoConfiguration} adds the Spring AI {@code DocumentRetriever},
 * {@link AstroRagHealthAutoConfiguration} the Actuator health indicator. The pipeline and the instance are
 * thread-safe: one instance serves every request.
 */
@AutoConfiguration(afterName = {
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass(RagPipeline.class)
@EnableConfigurationProperties(AstroRagProperties.class)
public class AstroRagAutoConfiguration {

    /** A configuration for Spring: not for direct use. */
    public AstroRagAutoConfiguration() {
    }

    /**
     * The embedding cache in {@code astrorag.embedding-cache.dir}.
     *
     * @param properties the properties
     * @return the cache, closed with the context
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "astrorag.embedding-cache", name = "dir")
    public EmbeddingCache astroRagEmbeddingCache(AstroRagProperties properties) {
        return SqliteEmbeddingCache.inFolder(java.util.Objects.requireNonNull(properties.embeddingCache().dir()));
    }

    /**
     * The pipeline of the properties.
     *
     * @param properties the properties
     * @param cache      the embedding cache, if any
     * @param observer   the observer of its stages, if any
     * @return the pipeline, closed with the context
     * @throws IllegalArgumentException naming the property whose value is wrong or missing
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public RagPipeline astroRagPipeline(AstroRagProperties properties, ObjectProvider<EmbeddingCache> cache,
                                        ObjectProvider<PipelineObserver> observer) {
        Preset preset = Preset.of(properties.preset());
        Embedder embedder = embedder(properties.embedder(), preset);
        try {
            RagPipeline.Builder b = preset.builder(embedder);
            if (embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            if (properties.budget() != null) {
                b.budget(properties.budget());
            }
            Generator generator = generator(properties.generator());
            if (generator != null) {
                b.generator(generator);
            }
            cache.ifAvailable(b::embeddingCache);
            observer.ifAvailable(b::observer);
            return b.build();
        } catch (RuntimeException | Error e) {
            if (embedder instanceof AutoCloseable owned) {
                try {
                    owned.close();
                } catch (Exception closing) {
                    e.addSuppressed(closing);
                }
            }
            throw e;
        }
    }

    /**
     * The application-lifetime instance over {@code astrorag.docs}: loaded, chunked and embedded at start-up.
     *
     * @param pipeline   the pipeline
     * @param properties the properties
     * @return the open instance, closed (its index deleted) with the context
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @Conditional(OnDocuments.class)
    public RagInstance astroRagInstance(RagPipeline pipeline, AstroRagProperties properties) {
        return pipeline.open(properties.docs());
    }

    /** The embedder the properties name. */
    static Embedder embedder(AstroRagProperties.Embedder e, Preset preset) {
        return switch (e.kind()) {
            case ONNX -> {
                Arguments.check(e.baseUrl() == null && e.apiKeyEnv() == null,
                        "astrorag.embedder.base-url and api-key-env are for kind openai or tei, not onnx");
                yield EmbeddingModels.open(e.model() == null ? preset.model().id() : e.model());
            }
            case OPENAI -> {
                Arguments.check(e.baseUrl() != null, "astrorag.embedder.kind=openai needs astrorag.embedder.base-url");
                Arguments.check(e.model() != null, "astrorag.embedder.kind=openai needs astrorag.embedder.model");
                yield key(OpenAiCompatibleEmbedder.builder().baseUrl(e.baseUrl()).model(e.model()), e.apiKeyEnv()).build();
            }
            case TEI -> {
                Arguments.check(e.baseUrl() != null, "astrorag.embedder.kind=tei needs astrorag.embedder.base-url");
                TeiEmbedder.Builder b = key(TeiEmbedder.builder().baseUrl(e.baseUrl()), e.apiKeyEnv());
                yield (e.model() == null ? b : b.model(e.model())).build();
            }
        };
    }

    /** The generator the properties name; {@code null} keeps the preset's extractive one. */
    static @Nullable Generator generator(AstroRagProperties.Generator g) {
        return switch (g.kind()) {
            case EXTRACTIVE -> {
                Arguments.check(g.baseUrl() == null && g.model() == null && g.apiKeyEnv() == null,
                        "astrorag.generator.base-url, model and api-key-env are for kind openai or tgi, not extractive");
                yield null;
            }
            case OPENAI -> {
                Arguments.check(g.baseUrl() != null, "astrorag.generator.kind=openai needs astrorag.generator.base-url");
                Arguments.check(g.model() != null, "astrorag.generator.kind=openai needs astrorag.generator.model");
                yield key(OpenAiCompatibleGenerator.builder().baseUrl(g.baseUrl()).model(g.model()), g.apiKeyEnv()).build();
            }
            case TGI -> {
                Arguments.check(g.baseUrl() != null, "astrorag.generator.kind=tgi needs astrorag.generator.base-url");
                yield key(TgiGenerator.builder().baseUrl(g.baseUrl()), g.apiKeyEnv()).build();
            }
        };
    }

    /** {@code b} reading its API key from the environment variable {@code variable}, if one is named. */
    private static <B extends HttpEndpoint.Builder<B>> B key(B b, @Nullable String variable) {
        return variable == null ? b : b.apiKeyEnv(variable);
    }

    /** The Micrometer observer, when the application has an {@link ObservationRegistry}. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({ObservationRegistry.class, MeterRegistry.class, MicrometerPipelineObserver.class})
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnProperty(prefix = "astrorag.observations", name = "enabled", havingValue = "true", matchIfMissing = true)
    public static class Observations {

        /** A configuration for Spring: not for direct use. */
        public Observations() {
        }

        /**
         * Records each stage as an observation, counters in the meter registry if there is one.
         *
         * @param observations the application's observation registry
         * @param meters       the application's meter registry, if any
         * @param properties   the properties (the preset's name tags every metric)
         * @return the observer
         */
        @Bean
        @ConditionalOnMissingBean
        public PipelineObserver astroRagPipelineObserver(ObservationRegistry observations,
                                                         ObjectProvider<MeterRegistry> meters,
                                                         AstroRagProperties properties) {
            MicrometerPipelineObserver.Builder b = MicrometerPipelineObserver.builder(observations)
                    .preset(Preset.of(properties.preset()).id());
            meters.ifAvailable(b::meters);
            return b.build();
        }
    }
}
