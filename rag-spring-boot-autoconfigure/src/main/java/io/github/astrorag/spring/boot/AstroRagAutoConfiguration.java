package io.github.astrorag.spring.boot;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.micrometer.MicrometerPipelineObserver;
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
 * each starter's health auto-configuration the Actuator health indicator. The pipeline and the instance are
 * thread-safe: one instance serves every request.
 */
@AutoConfiguration(afterName = {
        // Spring Boot 3's observation and meter registries, then Spring Boot 4's (a name absent is ignored)
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
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
     * @throws IllegalArgumentException naming the property when it is given empty or blank (leave it out for no cache)
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "astrorag.embedding-cache", name = "dir")
    public EmbeddingCache astroRagEmbeddingCache(AstroRagProperties properties) {
        java.nio.file.Path dir = properties.embeddingCache().dir();
        if (dir == null || dir.toString().isBlank()) {
            throw new IllegalArgumentException("astrorag.embedding-cache.dir is empty: give the cache's folder, or leave the "
                    + "property out for no cache");
        }
        return SqliteEmbeddingCache.inFolder(dir);
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
        PartRegistry parts = PartRegistry.installed();
        PipelinePreset preset = named("astrorag.preset", () -> parts.create(Role.PRESET, properties.preset(), PartContext.of(parts)));
        Embedder embedder = embedder(parts, properties.embedder(), preset);
        try {
            RagPipeline.Builder b = preset.builder(embedder);
            if (embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            PartContext context = PartContext.of(parts, embedder);
            // every loader registered by name on the class path: add rag-documents for HTML and Office files
            b.loader(FileSystemDocumentLoader.builder().loaders(parts.loaders()).build());
            if (properties.retriever() != null) {
                b.retriever(named("astrorag.retriever", () -> parts.create(Role.RETRIEVER,
                        preset.over(Role.RETRIEVER, PartSpec.parse(properties.retriever())), context)));
            }
            if (!properties.rerankers().isEmpty()) {
                b.rerankers(named("astrorag.rerankers", () -> properties.rerankers().stream()
                        .map(r -> parts.create(Role.RERANKER, preset.over(Role.RERANKER, PartSpec.parse(r)), context)).toList()));
            }
            if (properties.selector() != null) {
                b.selector(named("astrorag.selector", () -> parts.create(Role.SELECTOR,
                        preset.over(Role.SELECTOR, PartSpec.parse(properties.selector())), context)));
            }
            if (properties.budget() != null) {
                b.budget(properties.budget());
            }
            Generator generator = generator(parts, properties.generator(), context);
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

    /** What {@code make} returns; a bad name or setting names the property it came from. */
    private static <T> T named(String property, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            // the message carries the whole story; no cause, so that the failure's root cause names the property
            throw new IllegalArgumentException(property + ": " + e.getMessage());
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

    /** The embedder the properties name, from the registry of parts. */
    static Embedder embedder(PartRegistry parts, AstroRagProperties.Embedder e, PipelinePreset preset) {
        PartContext none = PartContext.of(parts);
        return switch (e.kind()) {
            case ONNX -> {
                Arguments.check(e.baseUrl() == null && e.apiKeyEnv() == null,
                        "astrorag.embedder.base-url and api-key-env are for kind openai or tei, not onnx");
                yield named("astrorag.embedder.model", () -> parts.create(Role.EMBEDDER,
                        e.model() == null ? preset.embedder() : PartSpec.parse(e.model()), none));
            }
            case OPENAI -> {
                Arguments.check(e.baseUrl() != null, "astrorag.embedder.kind=openai needs astrorag.embedder.base-url");
                Arguments.check(e.model() != null, "astrorag.embedder.kind=openai needs astrorag.embedder.model");
                yield parts.create(Role.EMBEDDER, server("openai", e.baseUrl(), e.model(), e.apiKeyEnv()), none);
            }
            case TEI -> {
                Arguments.check(e.baseUrl() != null, "astrorag.embedder.kind=tei needs astrorag.embedder.base-url");
                yield parts.create(Role.EMBEDDER, server("tei", e.baseUrl(), e.model(), e.apiKeyEnv()), none);
            }
        };
    }

    /** The generator the properties name; {@code null} keeps the preset's extractive one. */
    static @Nullable Generator generator(PartRegistry parts, AstroRagProperties.Generator g, PartContext context) {
        if (g.kind().strip().equals("extractive")) {
            Arguments.check(g.baseUrl() == null && g.model() == null && g.apiKeyEnv() == null,
                    "astrorag.generator.base-url, model and api-key-env are for kind openai or tgi, not extractive");
            return null;
        }
        PartSpec spec = PartSpec.parse(g.kind()).with(server(g.kind(), g.baseUrl(), g.model(), g.apiKeyEnv()).settings());
        Part<Generator> part = named("astrorag.generator.kind", () -> parts.part(Role.GENERATOR, spec.name()));
        for (Setting setting : part.settings()) {
            Arguments.check(!setting.required() || spec.settings().containsKey(setting.key()),
                    "astrorag.generator.kind=%s needs astrorag.generator.%s", spec.name(), setting.key());
        }
        return named("astrorag.generator", () -> part.create(spec, context));
    }

    /** A server part's spec: its address, model and key variable as settings, where given. */
    private static PartSpec server(String name, @Nullable String baseUrl, @Nullable String model, @Nullable String apiKeyEnv) {
        java.util.Map<String, String> s = new java.util.LinkedHashMap<>();
        if (baseUrl != null) {
            s.put("base-url", baseUrl);
        }
        if (model != null) {
            s.put("model", model);
        }
        if (apiKeyEnv != null) {
            s.put("api-key-env", apiKeyEnv);
        }
        return new PartSpec(PartSpec.parse(name).name(), s);
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
                    .preset(PartSpec.parse(properties.preset()).name());
            meters.ifAvailable(b::meters);
            return b.build();
        }
    }
}
