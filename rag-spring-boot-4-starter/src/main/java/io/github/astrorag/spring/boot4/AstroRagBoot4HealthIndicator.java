package io.github.astrorag.spring.boot4;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.spring.boot.AstroRagHealth;
import io.github.astrorag.spring.boot.AstroRagLoading;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the application's {@link RagInstance} on Spring Boot 4's health API: {@link AstroRagHealth} (up
 * while the instance is open and the embedding cache, if there is one, answers; out of service while its documents
 * load in the background, with the progress; down once the instance is closed, the cache fails or the background
 * load failed, with the details listed there). Cost: the cache's statistics query; no question is asked.
 * Thread-safe.
 */
public class AstroRagBoot4HealthIndicator extends AbstractHealthIndicator {

    private final RagInstance instance;
    private final @Nullable EmbeddingCache cache;
    private final @Nullable AstroRagLoading loading;

    /**
     * An indicator of {@code instance} and {@code cache}.
     *
     * @param instance the instance
     * @param cache    the embedding cache, or {@code null} for none
     */
    public AstroRagBoot4HealthIndicator(RagInstance instance, @Nullable EmbeddingCache cache) {
        this(instance, cache, null);
    }

    /**
     * An indicator of {@code instance}, {@code cache} and the background load of the instance's documents.
     *
     * @param instance the instance
     * @param cache    the embedding cache, or {@code null} for none
     * @param loading  the background load, or {@code null} when the documents were loaded at start-up
     */
    public AstroRagBoot4HealthIndicator(RagInstance instance, @Nullable EmbeddingCache cache, @Nullable AstroRagLoading loading) {
        super("AstroRAG health check failed");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.cache = cache;
        this.loading = loading;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        AstroRagHealth health = AstroRagHealth.of(instance, cache, loading);
        health.status().pick(builder::up, builder::outOfService, builder::down).withDetails(health.details());
    }
}
