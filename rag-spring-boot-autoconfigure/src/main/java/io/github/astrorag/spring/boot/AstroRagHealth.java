package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The health of the application's {@link RagInstance}, independent of the Spring Boot line: each starter's health
 * indicator (Boot 3's {@code org.springframework.boot.actuate.health}, Boot 4's
 * {@code org.springframework.boot.health.contributor}) reports it. Up while the instance (and so its index) is open
 * and the embedding cache, if there is one, answers; down once the instance is closed. Details: {@code index} (the
 * kind), {@code indexName}, {@code documents}, {@code chunks} and {@code cache} (the cache's
 * {@link EmbeddingCache#stats()}, or {@code none}); a closed instance has the one detail {@code index=closed}. While
 * documents load in the background ({@link AstroRagLoading}) the status is {@link Status#LOADING} (the indicators
 * report Spring Boot's {@code OUT_OF_SERVICE}) with a detail {@code loading}: {@code state}, {@code phase},
 * {@code done} and {@code total} (for example {@code embed}, 120 of 400 chunks); a failed load is
 * {@link Status#DOWN} with {@code loading.state=failed} and {@code loading.error}.
 *
 * @param status  whether the instance serves questions
 * @param details the details, in the order above (unmodifiable)
 */
public record AstroRagHealth(Status status, Map<String, Object> details) {

    /** The instance's status, each Boot line's indicator mapping it to its own. */
    public enum Status {
        /** Open, its documents in, the cache answering. */
        UP,
        /** Open, its documents still loading in the background: out of service. */
        LOADING,
        /** Closed, or its background load failed. */
        DOWN;

        /**
         * What a Boot line's health builder makes of this status: each starter's indicator passes its builder's
         * {@code up}, {@code outOfService} and {@code down}.
         *
         * @param up      for {@link #UP}
         * @param loading for {@link #LOADING}
         * @param down    for {@link #DOWN}
         * @param <T>     the builder's type
         * @return the one of the three that is this status's
         */
        public <T> T pick(Supplier<T> up, Supplier<T> loading, Supplier<T> down) {
            return switch (this) {
                case UP -> up.get();
                case LOADING -> loading.get();
                case DOWN -> down.get();
            };
        }
    }

    /**
     * A health.
     *
     * @param status  whether the instance serves questions
     * @param details the details, copied
     */
    public AstroRagHealth {
        Objects.requireNonNull(status, "status");
        details = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(details, "details")));
    }

    /**
     * The health of {@code instance}, {@code cache} and the background {@code loading} of its documents now. Cost:
     * the cache's statistics query; no question is asked.
     *
     * @param instance the instance
     * @param cache    the embedding cache, or {@code null} for none
     * @param loading  the background load, or {@code null} when the documents were loaded at start-up
     * @return the health
     * @throws RuntimeException whatever the cache's {@code stats()} throws when the cache is unusable (the health
     *                          indicators report that as down, with the error)
     */
    public static AstroRagHealth of(RagInstance instance, @Nullable EmbeddingCache cache,
                                    @Nullable AstroRagLoading loading) {
        Objects.requireNonNull(instance, "instance");
        Map<String, Object> details = new LinkedHashMap<>();
        if (instance.isClosed()) {
            details.put("index", "closed");
            return new AstroRagHealth(Status.DOWN, details);
        }
        details.put("index", instance.indexKind());
        details.put("indexName", instance.indexName());
        details.put("documents", instance.documents().size());
        details.put("chunks", instance.chunkCount());
        details.put("cache", cache == null ? "none" : cache.stats());
        if (loading == null) {
            return new AstroRagHealth(Status.UP, details);
        }
        AstroRagLoading.Progress p = loading.progress();
        Map<String, Object> load = new LinkedHashMap<>();
        load.put("state", p.state().toString());
        load.put("phase", p.phase());
        load.put("done", p.done());
        load.put("total", p.total());
        if (p.error() != null) {
            load.put("error", p.error());
        }
        details.put("loading", load);
        return new AstroRagHealth(switch (p.state()) {
            case LOADED -> Status.UP;
            case FAILED -> Status.DOWN;
            case WAITING, LOADING -> Status.LOADING;
        }, details);
    }
}
