/**
 * The Spring Boot starter: {@link io.github.astrorag.spring.boot.AstroRagAutoConfiguration} builds a pipeline and
 * one application-lifetime instance from the {@code astrorag.*} properties
 * ({@link io.github.astrorag.spring.boot.AstroRagProperties}), with a Spring AI {@code DocumentRetriever}, Micrometer
 * observations of each stage and an Actuator health indicator when those are present. Properties, beans and
 * health: docs/integrations.md.
 */
package io.github.astrorag.spring.boot;
