package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * When Spring Boot Actuator is on the class path and a {@link RagInstance} bean exists: the health indicator
 * {@code astroRag} ({@link AstroRagHealthIndicator}), unless the application defines a bean of that name.
 */
@AutoConfiguration(after = AstroRagAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
public class AstroRagHealthAutoConfiguration {

    /** A configuration for Spring: not for direct use. */
    public AstroRagHealthAutoConfiguration() {
    }

    /**
     * The health of the application's instance and embedding cache.
     *
     * @param instance the application-lifetime instance
     * @param cache    the embedding cache, if any
     * @param loading  the background load of its documents, if {@code astrorag.loading.background=true}
     * @return the indicator
     */
    @Bean
    @ConditionalOnMissingBean(name = "astroRagHealthIndicator")
    @ConditionalOnBean(RagInstance.class)
    public AstroRagHealthIndicator astroRagHealthIndicator(RagInstance instance, ObjectProvider<EmbeddingCache> cache,
                                                   ObjectProvider<AstroRagLoading> loading) {
        return new AstroRagHealthIndicator(instance, cache.getIfAvailable(), loading.getIfAvailable());
    }
}
