package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The health of the application's {@link RagInstance}, independent of the Spring Boot line: each starter's health
 * indicator (Boot 3's {@code org.springframework.boot.actuate.health}, Boot 4's
 * {@code org.springframework.boot.health.contributor}) reports it. Up while the instance (and so its index) is open
 * and the embedding cache, if there is one, answers; down once the instance is closed. Details: {@code index} (the
 * kind), {@code indexName}, {@code documents}, {@code chunks} and {@code cache} (the cache's
 * {@link EmbeddingCache#stats()}, or {@code none}); a closed instance has the one detail {@code index=closed}.
 *
 * @param up      whether the instance serves questions
 * @param details the details, in the order above (unmodifiable)
 */
public record AstroRagHealth(boolean up, Map<String, Object> details) {

    /**
     * A health.
     *
     * @param up      whether the instance serves questions
     * @param details the details, copied
     */
    public AstroRagHealth {
        details = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(details, "details")));
    }

    /**
     * The health of {@code instance} and {@code cache} now. Cost: the cache's statistics query; no question is asked.
     *
     * @param instance the instance
     * @param cache    the embedding cache, or {@code null} for none
     * @return the health
     * @throws RuntimeException whatever the cache's {@code stats()} throws when the cache is unusable (the health
     *                          indicators report that as down, with the error)
     */
    public static AstroRagHealth of(RagInstance instance, @Nullable EmbeddingCache cache) {
        Objects.requireNonNull(instance, "instance");
        Map<String, Object> details = new LinkedHashMap<>();
        if (instance.isClosed()) {
            details.put("index", "closed");
            return new AstroRagHealth(false, details);
        }
        details.put("index", instance.indexKind());
        details.put("indexName", instance.indexName());
        details.put("documents", instance.documents().size());
        details.put("chunks", instance.chunkCount());
        details.put("cache", cache == null ? "none" : cache.stats());
        return new AstroRagHealth(true, details);
    }
}
