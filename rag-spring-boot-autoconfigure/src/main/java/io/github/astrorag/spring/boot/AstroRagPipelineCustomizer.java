package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.RagPipeline;

/**
 * Changes the starter's pipeline before it is built, as Spring Boot's {@code RestClientCustomizer} does for a
 * client: every bean of this type gets the {@link RagPipeline.Builder} of the {@code astroRagPipeline} bean after
 * the {@code astrorag.*} properties (and the embedding cache and observer beans) were applied, in the order of
 * {@link org.springframework.core.annotation.Order @Order} or {@link org.springframework.core.Ordered} (lowest
 * first; unordered last), then the pipeline is built.
 *
 * <p>Contract: a customizer sets only what the properties leave out: the builder refuses a setting given twice
 * ({@link IllegalStateException}), so a property and a customizer cannot both set the budget, say; a setting of the
 * preset may be replaced. It must not keep the builder. Not used when the application defines its own
 * {@link RagPipeline} bean.
 */
@FunctionalInterface
public interface AstroRagPipelineCustomizer {

    /**
     * Changes the builder.
     *
     * @param builder the pipeline's builder, with the properties applied
     */
    void customize(RagPipeline.Builder builder);
}
