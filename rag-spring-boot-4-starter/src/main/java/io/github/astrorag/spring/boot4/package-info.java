/**
 * The Spring Boot 4 starter's own classes: the health component on Boot 4's health API
 * ({@link io.github.astrorag.spring.boot4.AstroRagBoot4HealthAutoConfiguration}) and the guard that stops it on
 * Spring Boot 3 ({@link io.github.astrorag.spring.boot4.AstroRagSpringBoot4Guard}). The properties, the pipeline,
 * the instance, the observations and the Spring AI retriever are rag-spring-boot-autoconfigure's, shared with the
 * Boot 3 starter. Which starter to pick: docs/integrations.md.
 */
package io.github.astrorag.spring.boot4;
