/**
 * The Spring Boot auto-configuration both starters share: {@link io.github.astrorag.spring.boot.AstroRagAutoConfiguration}
 * builds a pipeline and one application-lifetime instance from the {@code astrorag.*} properties
 * ({@link io.github.astrorag.spring.boot.AstroRagProperties}), with a Spring AI {@code DocumentRetriever}, a
 * LangChain4j {@code ContentRetriever} and {@code ContentAggregator} and Micrometer observations of each stage when
 * those are present; {@link io.github.astrorag.spring.boot.AstroRagPipelineCustomizer} beans change the pipeline's
 * builder, and a bad property fails the start with Spring Boot's report
 * ({@link io.github.astrorag.spring.boot.AstroRagFailureAnalyzer}). The health indicator lives in each starter, on
 * its Boot line's health API. Properties, beans and health: docs/integrations.md.
 */
package io.github.astrorag.spring.boot;
