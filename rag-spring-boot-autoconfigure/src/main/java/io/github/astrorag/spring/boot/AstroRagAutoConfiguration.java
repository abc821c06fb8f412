package io.github.astrorag.spring.boot;

import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
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
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory;
import io.github.astrorag.elasticsearch.ElasticsearchSettings;
import io.github.astrorag.elasticsearch.IndexMode;
import io.github.astrorag.elasticsearch.TextAnalysis;
import io.github.astrorag.micrometer.MicrometerPipelineObserver;
import io.github.astrorag.onnx.SentenceModel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.io.support.ResourcePatternUtils;
import org.springframework.core.type.AnnotatedTypeMetadata;

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
 *       embedder, with the properties given (budget, candidates, chunking, loading policies, generator), the cache,
 *       observer and index factory beans, then every {@link AstroRagPipelineCustomizer} bean in order; it owns the
 *       embedder it loaded and is closed with the context. With no model configured and bge-small-zh-v1.5's artifact
 *       on the class path, Chinese documents are read by the same pipeline over that model
 *       ({@code bge-small-zh-q}, loaded when first needed; {@code SentenceModel.readersBeyond}).</li>
 *   <li>{@link RagInstance} {@code astroRagInstance}: one instance for the application's lifetime over
 *       {@code astrorag.docs} (only when documents are configured; paths, or Spring resource locations and
 *       patterns such as {@code classpath:docs/**}{@code /*.md}), opened at start-up, closed (its index deleted) with the context;
 *       with {@code astrorag.loading.background=true} opened empty and filled by {@link AstroRagLoading}
 *       {@code astroRagLoading} in the background, readiness refusing traffic until it is done; with
 *       {@code astrorag.loading.watch=true} kept in step with its files by {@link AstroRagDocumentWatch}
 *       {@code astroRagDocumentWatch}.</li>
 *   <li>{@code ElasticsearchEphemeralIndexFactory} {@code astroRagIndexFactory}: each instance's index in the
 *       cluster of {@code astrorag.elasticsearch.*}, when rag-elasticsearch is on the class path and
 *       {@code astrorag.elasticsearch.urls} is set; closed with the context.</li>
 * </ul>
 *
 * <p>A property whose value cannot make a pipeline throws an {@link AstroRagPropertyException} naming it, its value
 * and the fix, which {@link AstroRagFailureAnalyzer} turns into Spring Boot's start-up failure report.
 *
 * <p>{@link AstroRagSpringAiAutoConfiguration} adds the Spring AI {@code DocumentRetriever},
 * {@link AstroRagLangChain4jAutoConfiguration} the LangChain4j {@code ContentRetriever} and {@code ContentAggregator},
 * each starter's health auto-configuration the Actuator health indicator. The pipeline and the instance are
 * thread-safe: one instance serves every request.
 */
@AutoConfiguration(afterName = {
        // Spring Boot 3's observation and meter registries, then Spring Boot 4's (a name absent is ignored)
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        // the availability bean hears readiness events before AstroRagLoading (background loading) answers them
        "org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration"})
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
     * @throws AstroRagPropertyException naming the property when it is given empty or blank (leave it out for no cache)
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "astrorag.embedding-cache", name = "dir")
    public EmbeddingCache astroRagEmbeddingCache(AstroRagProperties properties) {
        String dir = properties.embeddingCache().dir();
        if (dir == null || dir.isBlank()) {
            throw new AstroRagPropertyException("astrorag.embedding-cache.dir", dir == null ? "" : dir,
                    "the cache's folder is empty", "Give the cache's folder, or leave the property out for no cache.");
        }
        return named("astrorag.embedding-cache.dir", dir, "Give a folder the application may write.",
                () -> SqliteEmbeddingCache.inFolder(Path.of(dir.strip())));
    }

    /**
     * The pipeline of the properties: the preset's builder over the configured embedder, then the properties that
     * are set, the embedding cache and observer beans, then every {@link AstroRagPipelineCustomizer} bean in order.
     *
     * @param properties  the properties
     * @param cache       the embedding cache, if any
     * @param observer    the observer of its stages, if any
     * @param index       where the instances' indexes live, if not in memory (Elasticsearch)
     * @param customizers the customizers of the builder
     * @return the pipeline, closed with the context
     * @throws AstroRagPropertyException naming the property whose value is wrong or missing, with the fix
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public RagPipeline astroRagPipeline(AstroRagProperties properties, ObjectProvider<EmbeddingCache> cache,
                                        ObjectProvider<PipelineObserver> observer,
                                        ObjectProvider<EphemeralIndexFactory> index,
                                        ObjectProvider<AstroRagPipelineCustomizer> customizers) {
        return pipeline(properties, null, cache, observer, index, customizers);
    }

    /**
     * The pipeline of the properties over the in-process model {@code model} instead of the configured one when not
     * {@code null}. When no model is configured ({@code astrorag.embedder.kind} onnx, {@code astrorag.embedder.model}
     * unset) and the preset's is the default (bge-small-en-v1.5), the documents of a language another installed bundled model reads ({@link SentenceModel#readersBeyond}: Chinese,
     * bge-small-zh-v1.5) are opened by the same pipeline over that model
     * ({@link RagPipeline.Builder#pipelineFor}; made, customizers included, when first needed).
     */
    private static RagPipeline pipeline(AstroRagProperties properties, @Nullable String model,
                                        ObjectProvider<EmbeddingCache> cache, ObjectProvider<PipelineObserver> observer,
                                        ObjectProvider<EphemeralIndexFactory> index,
                                        ObjectProvider<AstroRagPipelineCustomizer> customizers) {
        PartRegistry parts = PartRegistry.installed();
        TermAnalyzer analyzer = analyzer(properties, parts);
        PipelinePreset preset = named("astrorag.preset", properties.preset(), "Set astrorag.preset to one of: "
                + String.join(", ", parts.names(Role.PRESET)) + " (settings as name:key=value,...).",
                () -> parts.create(Role.PRESET, properties.preset(), PartContext.of(parts).with(analyzer)));
        Embedder embedder = model != null ? parts.create(Role.EMBEDDER, model, PartContext.of(parts))
                : embedder(parts, properties.embedder(), preset);
        try {
            RagPipeline.Builder b = preset.builder(embedder);
            if (embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            PartContext context = PartContext.of(parts, embedder).with(analyzer);
            // every loader registered by name on the class path: add rag-documents for HTML and Office files
            b.loader(loader(parts, properties));
            b.onUnreadable(properties.onUnreadable());
            chunker(properties.chunking(), b);
            Replacing replacing = new Replacing(parts, preset, context);
            if (properties.retriever() != null) {
                b.retriever(replacing.part("astrorag.retriever", Role.RETRIEVER, properties.retriever()));
            }
            if (properties.candidates() != null) {
                named("astrorag.candidates", String.valueOf(properties.candidates()), "Set astrorag.candidates to 1 or "
                        + "more, or leave it out for the preset's.", () -> b.candidates(properties.candidates()));
            }
            if (!properties.rerankers().isEmpty()) {
                b.rerankers(properties.rerankers().stream()
                        .map(r -> replacing.part("astrorag.rerankers", Role.RERANKER, r)).toList());
            }
            if (properties.selector() != null) {
                b.selector(replacing.part("astrorag.selector", Role.SELECTOR, properties.selector()));
            }
            if (properties.languageDetector() != null) {
                b.languageDetector(named("astrorag.language-detector", properties.languageDetector(),
                        "Set astrorag.language-detector to one of: " + String.join(", ", parts.names(Role.LANGUAGE_DETECTOR))
                                + " (settings as name:key=value,...), or leave it out for script.",
                        () -> parts.create(Role.LANGUAGE_DETECTOR, properties.languageDetector(), context)));
            }
            if (properties.budget() != null) {
                named("astrorag.budget", String.valueOf(properties.budget()), "Set astrorag.budget to a number of "
                        + "tokens of at least 1, or leave it out for the preset's budget.", () -> b.budget(properties.budget()));
            }
            Generator generator = generator(parts, properties.generator(), context);
            if (generator != null) {
                b.generator(generator);
            }
            cache.ifAvailable(b::embeddingCache);
            observer.ifAvailable(b::observer);
            index.ifAvailable(b::index);
            if (model == null && properties.embedder().kind() == AstroRagProperties.EmbedderKind.ONNX
                    && properties.embedder().model() == null
                    && preset.embedder().name().equals(SentenceModel.BGE_SMALL_EN_V15_Q.id())) {
                SentenceModel.readersBeyond(SentenceModel.BGE_SMALL_EN_V15_Q).forEach((language, reader) -> b.pipelineFor(
                        language, () -> pipeline(properties, reader.id(), cache, observer, index, customizers)));
            }
            customizers.orderedStream().forEach(c -> c.customize(b));
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

    /** The documents' loader: every loader registered by name on the class path (rag-documents: HTML, Office). */
    private static FileSystemDocumentLoader loader(PartRegistry parts, AstroRagProperties properties) {
        return FileSystemDocumentLoader.builder().loaders(parts.loaders()).onUnsupported(properties.onUnsupported()).build();
    }

    /** Makes a part named by a property that replaces the preset's part of its role. */
    private record Replacing(PartRegistry parts, PipelinePreset preset, PartContext context) {
        <T> T part(String property, Role<T> role, String spec) {
            return named(property, spec, "Name a " + role + " of: " + String.join(", ", parts.names(role))
                            + ", or leave the property out for the preset's.",
                    () -> parts.create(role, preset.over(role, PartSpec.parse(spec)), context));
        }
    }

    /** {@code astrorag.chunking.*}: a chunker when either is set. */
    private static void chunker(AstroRagProperties.Chunking c, RagPipeline.Builder b) {
        if (c.size() == null && c.overlap() == null) {
            return;
        }
        RecursiveTokenChunker.Builder chunker = RecursiveTokenChunker.builder();
        if (c.size() != null) {
            named("astrorag.chunking.size", String.valueOf(c.size()), "Set astrorag.chunking.size to 8 tokens or more.",
                    () -> chunker.maxTokens(c.size()));
        }
        if (c.overlap() != null) {
            named("astrorag.chunking.overlap", String.valueOf(c.overlap()), "Set astrorag.chunking.overlap to 0 or "
                    + "more, below half of astrorag.chunking.size.", () -> chunker.overlap(c.overlap()));
        }
        b.chunker(named(c.overlap() != null ? "astrorag.chunking.overlap" : "astrorag.chunking.size",
                String.valueOf(c.overlap() != null ? c.overlap() : c.size()), "Give an overlap below half of the chunk "
                        + "size (astrorag.chunking.size, default 300).", chunker::build));
    }

    /**
     * What {@code make} returns; a bad value ({@link IllegalArgumentException}) becomes an
     * {@link AstroRagPropertyException} naming the property, its value, the library's reason and {@code action}.
     */
    /** The analyzer of {@code astrorag.analyzer}, else the registry's default (with rag-analysis auto:spaceless=english, else english). */
    static TermAnalyzer analyzer(AstroRagProperties properties, PartRegistry parts) {
        return properties.analyzer() == null ? parts.defaultAnalyzer()
                : named("astrorag.analyzer", properties.analyzer(), "Set astrorag.analyzer to one of: "
                        + String.join(", ", parts.names(Role.ANALYZER)) + " (settings as name:key=value,...), or leave it out.",
                () -> parts.create(Role.ANALYZER, properties.analyzer(), PartContext.of(parts)));
    }

    static <T> T named(String property, String value, String action, Supplier<T> make) {
        try {
            return make.get();
        } catch (AstroRagPropertyException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new AstroRagPropertyException(property, value, String.valueOf(e.getMessage()), action);
        }
    }

    /**
     * The application-lifetime instance over {@code astrorag.docs}: loaded, chunked and embedded at start-up.
     *
     * @param pipeline   the pipeline
     * @param properties the properties
     * @param resources  the application's resource loader, which reads {@code classpath:} and pattern locations
     * @return the open instance, closed (its index deleted) with the context
     * @throws AstroRagPropertyException when an entry of {@code astrorag.docs} names nothing
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @Conditional(OnDocuments.class)
    public RagInstance astroRagInstance(RagPipeline pipeline, AstroRagProperties properties, ResourceLoader resources) {
        if (properties.loading().background()) {
            return pipeline.openEmpty();
        }
        try (DocumentResources.Resolved docs = resolve(properties, resources)) {
            return pipeline.open(docs.paths());
        }
    }

    /**
     * With {@code astrorag.loading.background=true}: the load of {@code astrorag.docs} into the instance on a
     * background thread, started with the context, readiness refusing traffic until it is done. The locations are
     * resolved here, so that one that names nothing still fails the start naming {@code astrorag.docs}.
     *
     * @param instance   the application-lifetime instance (empty until loaded)
     * @param properties the properties
     * @param resources  the application's resource loader
     * @param events     where readiness changes are published
     * @return the load
     * @throws AstroRagPropertyException when an entry of {@code astrorag.docs} names nothing
     */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(OnDocuments.class)
    @ConditionalOnProperty(prefix = "astrorag.loading", name = "background", havingValue = "true")
    public AstroRagLoading astroRagLoading(RagInstance instance, AstroRagProperties properties,
                                           ResourceLoader resources, ApplicationEventPublisher events) {
        return new AstroRagLoading(instance, resolve(properties, resources), events);
    }

    /**
     * With {@code astrorag.loading.watch=true}: the watch that adds, replaces and removes documents on the instance
     * when the files of {@code astrorag.docs} change, started with the context.
     *
     * @param instance   the application-lifetime instance
     * @param properties the properties
     * @param resources  the application's resource loader
     * @param loading    the background load, if any (the watch waits for it)
     * @return the watch
     * @throws AstroRagPropertyException when {@code astrorag.docs} names classpath documents, which never change, or
     *                                   the interval is shorter than 100 ms
     */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(OnDocuments.class)
    @ConditionalOnProperty(prefix = "astrorag.loading", name = "watch", havingValue = "true")
    public AstroRagDocumentWatch astroRagDocumentWatch(RagInstance instance, AstroRagProperties properties,
                                                       ResourceLoader resources, ObjectProvider<AstroRagLoading> loading) {
        Duration interval = properties.loading().watchInterval();
        if (interval == null || interval.toMillis() < 100) {
            throw new AstroRagPropertyException("astrorag.loading.watch-interval", interval == null ? "" : interval.toMillis() + "ms",
                    "the files would be walked too often", "Give a duration of at least 100ms, such as 2s.");
        }
        List<Path> paths;
        try (DocumentResources.Resolved docs = resolve(properties, resources)) {
            if (docs.copies() != null) {
                throw new AstroRagPropertyException("astrorag.docs", String.join(",", properties.docs()),
                        "astrorag.loading.watch=true watches files, and classpath documents are packaged with the "
                                + "application: they never change", "Name file-system locations in astrorag.docs, or "
                                + "set astrorag.loading.watch=false.");
            }
            paths = docs.paths();
        }
        PartRegistry parts = PartRegistry.installed();
        return new AstroRagDocumentWatch(instance, paths, loader(parts, properties), properties.onUnreadable(), interval,
                loading.getIfAvailable());
    }

    private static DocumentResources.Resolved resolve(AstroRagProperties properties, ResourceLoader resources) {
        return new DocumentResources(ResourcePatternUtils.getResourcePatternResolver(resources)).resolve(properties.docs());
    }

    /** The embedder the properties name, from the registry of parts. */
    static Embedder embedder(PartRegistry parts, AstroRagProperties.Embedder e, PipelinePreset preset) {
        PartContext none = PartContext.of(parts);
        String kind = e.kind().name().toLowerCase(Locale.ROOT);
        Map<String, @Nullable Object> server = new LinkedHashMap<>();
        server.put("base-url", e.baseUrl());
        server.put("model", e.kind() == AstroRagProperties.EmbedderKind.ONNX ? null : e.model());
        server.put("api-key-env", e.apiKeyEnv());
        server.put("timeout", seconds(e.timeout()));
        server.put("retries", e.retries());
        server.put("batch-size", e.batchSize());
        server.put("query-prefix", e.queryPrefix());
        server.put("passage-prefix", e.passagePrefix());
        server.put("languages", e.languages() == null ? null : String.join("+", e.languages()));
        if (e.kind() == AstroRagProperties.EmbedderKind.ONNX) {
            server.forEach((key, value) -> {
                if (value != null) {
                    throw new AstroRagPropertyException("astrorag.embedder." + key, String.valueOf(value),
                            "it is a setting of an embedding server, and astrorag.embedder.kind is onnx",
                            "Remove it, or set astrorag.embedder.kind to openai or tei.");
                }
            });
            String model = e.model() == null ? preset.embedder().toString() : e.model();
            return named("astrorag.embedder.model", model, "Set astrorag.embedder.model to one of: "
                    + String.join(", ", parts.names(Role.EMBEDDER).stream().filter(n -> !n.equals("openai") && !n.equals("tei"))
                    .toList()) + " (or leave it out for the preset's model).",
                    () -> parts.create(Role.EMBEDDER, e.model() == null ? preset.embedder() : PartSpec.parse(e.model()), none));
        }
        Part<Embedder> part = parts.part(Role.EMBEDDER, kind);
        PartSpec spec = new PartSpec(kind, settings(part, "astrorag.embedder.", "astrorag.embedder.kind", kind, server));
        return named("astrorag.embedder", kind, "Correct the astrorag.embedder.* properties.", () -> part.create(spec, none));
    }

    /** The generator the properties name; {@code null} keeps the preset's extractive one. */
    static @Nullable Generator generator(PartRegistry parts, AstroRagProperties.Generator g, PartContext context) {
        Map<String, @Nullable Object> given = new LinkedHashMap<>();
        given.put("base-url", g.baseUrl());
        given.put("model", g.model());
        given.put("api-key-env", g.apiKeyEnv());
        given.put("min-support", g.minSupport());
        given.put("timeout", seconds(g.timeout()));
        given.put("retries", g.retries());
        given.put("max-tokens", g.maxTokens());
        PartSpec named = named("astrorag.generator.kind", g.kind(), "Set astrorag.generator.kind to one of: "
                + String.join(", ", parts.names(Role.GENERATOR)) + ".", () -> parts.parse(Role.GENERATOR, g.kind()));
        if (named.name().equals("extractive") && named.settings().isEmpty() && given.values().stream().allMatch(Objects::isNull)) {
            return null;
        }
        Part<Generator> part = parts.part(Role.GENERATOR, named.name());
        PartSpec spec = named.with(settings(part, "astrorag.generator.", "astrorag.generator.kind", g.kind(), given));
        return named("astrorag.generator", g.kind(), "Correct the astrorag.generator.* properties.",
                () -> part.create(spec, context));
    }

    /**
     * The settings of a part from properties ({@code prefix + key}): each checked against the part's declared
     * setting, so that a property the part does not take, a bad value and a missing required one fail naming the
     * property.
     */
    private static Map<String, String> settings(Part<?> part, String prefix, String kindProperty, String kind,
                                                Map<String, @Nullable Object> given) {
        Map<String, String> out = new LinkedHashMap<>();
        given.forEach((key, value) -> {
            if (value == null) {
                return;
            }
            String text = String.valueOf(value);
            Setting setting = part.settings().stream().filter(s -> s.key().equals(key)).findFirst()
                    .orElseThrow(() -> new AstroRagPropertyException(prefix + key, text, kindProperty + "=" + kind
                            + " takes no such setting (its settings: " + String.join(", ", part.settings().stream()
                            .map(Setting::key).toList()) + ")", "Remove " + prefix + key + ", or change " + kindProperty + "."));
            named(prefix + key, text, "Correct " + prefix + key + ": " + setting.description() + ".",
                    () -> setting.parse(part.role() + " " + part.name(), text));
            out.put(key, text);
        });
        for (Setting setting : part.settings()) {
            if (setting.required() && !out.containsKey(setting.key())) {
                throw new AstroRagPropertyException(prefix + setting.key(), AstroRagPropertyException.NOT_SET,
                        kindProperty + "=" + kind + " needs it (" + setting.description() + ")",
                        "Set " + prefix + setting.key() + (setting.key().equals("base-url") ? ", e.g. "
                                + (kind.strip().startsWith("openai") ? "http://127.0.0.1:8000/v1" : "http://127.0.0.1:3000")
                                : "") + ", or choose another " + kindProperty + ".");
            }
        }
        return out;
    }

    /** A duration as the parts' {@code timeout} setting writes it: seconds. */
    private static @Nullable String seconds(@Nullable Duration d) {
        return d == null ? null : BigDecimal.valueOf(d.toMillis()).movePointLeft(3).stripTrailingZeros().toPlainString();
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

    /**
     * The Elasticsearch index factory of {@code astrorag.elasticsearch.*}, when rag-elasticsearch is on the class path
     * and {@code astrorag.elasticsearch.urls} is set: each instance's index then lives in that cluster.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory")
    @Conditional(OnElasticsearchUrls.class)
    public static class Elasticsearch {

        /** A configuration for Spring: not for direct use. */
        public Elasticsearch() {
        }

        /**
         * The factory of each instance's index in the cluster; closed with the context. Connecting happens at the
         * first instance, not here.
         *
         * @param properties the properties
         * @return the factory
         * @throws AstroRagPropertyException naming the property whose value is wrong
         */
        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean(EphemeralIndexFactory.class)
        public ElasticsearchEphemeralIndexFactory astroRagIndexFactory(AstroRagProperties properties) {
            AstroRagProperties.Elasticsearch es = properties.elasticsearch();
            String p = "astrorag.elasticsearch.";
            ElasticsearchSettings.Builder s = ElasticsearchSettings.builder();
            named(p + "urls", String.join(",", es.urls()), "Give the cluster's node URLs, such as "
                    + "http://127.0.0.1:9200.", () -> s.urls(es.urls()));
            if (es.apiKeyEnv() != null) {
                if (es.username() != null || es.passwordEnv() != null) {
                    throw new AstroRagPropertyException(p + "api-key-env", es.apiKeyEnv(), "an API key and a user are "
                            + "both given", "Give either " + p + "api-key-env or " + p + "username with " + p
                            + "password-env.");
                }
                named(p + "api-key-env", es.apiKeyEnv(), "Name the environment variable that holds the API key.",
                        () -> s.apiKeyFromEnvironment(es.apiKeyEnv()));
            } else if (es.username() != null || es.passwordEnv() != null) {
                if (es.username() == null || es.passwordEnv() == null) {
                    String missing = es.username() == null ? "username" : "password-env";
                    throw new AstroRagPropertyException(p + missing, AstroRagPropertyException.NOT_SET, p + "username and "
                            + p + "password-env go together", "Set " + p + missing + ".");
                }
                named(p + "password-env", es.passwordEnv(), "Name the environment variable that holds the password.",
                        () -> s.basicAuthFromEnvironment(es.username(), es.passwordEnv()));
            }
            if (es.caCertificate() != null) {
                named(p + "ca-certificate", es.caCertificate(), "Give a readable PEM file.",
                        () -> s.caCertificate(Path.of(es.caCertificate())));
            }
            if (es.caFingerprint() != null) {
                named(p + "ca-fingerprint", es.caFingerprint(), "Give the SHA-256 fingerprint, 64 hex digits.",
                        () -> s.caFingerprint(es.caFingerprint()));
            }
            if (es.timeout() != null) {
                named(p + "timeout", String.valueOf(es.timeout()), "Give a positive duration, such as 30s.",
                        () -> s.timeout(es.timeout()));
            }
            ElasticsearchEphemeralIndexFactory.Builder f = ElasticsearchEphemeralIndexFactory.builder(s.build());
            if (es.indexPrefix() != null) {
                named(p + "index-prefix", es.indexPrefix(), "Use a-z, 0-9, '_', '.' and '-' only.",
                        () -> f.indexPrefix(es.indexPrefix()));
            }
            if (es.mode() != null) {
                named(p + "mode", es.mode(), "Set index-per-instance or shared.", () -> f.mode(IndexMode.parse(es.mode())));
            }
            String analysis = es.textAnalysis() == null ? "terms" : es.textAnalysis();
            named(p + "text-analysis", analysis, "Set terms, standard or language.", () -> f.textAnalysis(
                    TextAnalysis.parse(analysis, () -> analyzer(properties, PartRegistry.installed()))));
            return f.build();
        }
    }

    /** Matches when {@code astrorag.elasticsearch.urls} names at least one URL (as a list or comma-separated). */
    static final class OnElasticsearchUrls extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return OnDocuments.listGiven(context, "astrorag.elasticsearch.urls") ? ConditionOutcome.match("astrorag.elasticsearch.urls is set")
                    : ConditionOutcome.noMatch("astrorag.elasticsearch.urls is not set: indexes in memory");
        }
    }
}
