package io.github.astrorag.spring.boot4;

import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.spring.boot.AstroRagLoading;
import io.github.astrorag.spring.boot.AstroRagAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * When Spring Boot 4's health API ({@code spring-boot-health}, brought by Actuator) is on the class path and a
 * {@link RagInstance} bean exists: the health component {@code astroRag} ({@link AstroRagBoot4HealthIndicator}),
 * unless the application defines a bean of that name.
 */
@AutoConfiguration(after = AstroRagAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
public class AstroRagBoot4HealthAutoConfiguration {

    /** A configuration for Spring: not for direct use. */
    public AstroRagBoot4HealthAutoConfiguration() {
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
    public AstroRagBoot4HealthIndicator astroRagHealthIndicator(RagInstance instance, ObjectProvider<EmbeddingCache> cache,
                                                   ObjectProvider<AstroRagLoading> loading) {
        return new AstroRagBoot4HealthIndicator(instance, cache.getIfAvailable(), loading.getIfAvailable());
    }
}
