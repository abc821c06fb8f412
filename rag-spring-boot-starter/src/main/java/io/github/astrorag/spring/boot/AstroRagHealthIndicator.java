package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The health of the application's {@link RagInstance} on Spring Boot 3's health API: {@link AstroRagHealth} (up
 * while the instance is open and the embedding cache, if there is one, answers; down once the instance is closed or
 * the cache fails, with the details listed there). Cost: the cache's statistics query; no question is asked.
 * Thread-safe.
 */
public class AstroRagHealthIndicator extends AbstractHealthIndicator {

    private final RagInstance instance;
    private final @Nullable EmbeddingCache cache;

    /**
     * An indicator of {@code instance} and {@code cache}.
     *
     * @param instance the instance
     * @param cache    the embedding cache, or {@code null} for none
     */
    public AstroRagHealthIndicator(RagInstance instance, @Nullable EmbeddingCache cache) {
        super("AstroRAG health check failed");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.cache = cache;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        AstroRagHealth health = AstroRagHealth.of(instance, cache);
        (health.up() ? builder.up() : builder.down()).withDetails(health.details());
    }
}
