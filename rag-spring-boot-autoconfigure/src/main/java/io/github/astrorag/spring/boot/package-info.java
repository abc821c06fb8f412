/**
 * The Spring Boot auto-configuration both starters share: {@link io.github.astrorag.spring.boot.AstroRagAutoConfiguration}
 * builds a pipeline and one application-lifetime instance from the {@code astrorag.*} properties
 * ({@link io.github.astrorag.spring.boot.AstroRagProperties}), with a Spring AI {@code DocumentRetriever} and
 * Micrometer observations of each stage when those are present. The health indicator lives in each starter, on its
 * Boot line's health API. Properties, beans and health: docs/integrations.md.
 */
package io.github.astrorag.spring.boot;
