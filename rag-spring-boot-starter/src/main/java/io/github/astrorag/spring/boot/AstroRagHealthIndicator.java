package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * The health of the application's {@link RagInstance}: up while the instance (and so its index) is open and the
 * embedding cache, if there is one, answers; down once the instance is closed or the cache fails. Details:
 * {@code index} (the kind), {@code indexName}, {@code documents}, {@code chunks} and {@code cache} (the cache's
 * {@link EmbeddingCache#stats()}, or {@code none}). Cost: the cache's statistics query; no question is asked.
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
        if (instance.isClosed()) {
            builder.down().withDetail("index", "closed");
            return;
        }
        builder.withDetail("index", instance.indexKind())
                .withDetail("indexName", instance.indexName())
                .withDetail("documents", instance.documents().size())
                .withDetail("chunks", instance.chunkCount());
        if (cache == null) {
            builder.up().withDetail("cache", "none");
            return;
        }
        Map<String, Object> stats = cache.stats(); // throws when the cache is unusable: then down, with the error
        builder.up().withDetail("cache", stats);
    }
}
