/**
 * The pipeline itself: {@link RagPipeline} is the immutable configuration of the roles, built by a fail-fast
 * builder whose unset roles fall back to a minimal pipeline; {@link RagPipeline#open} loads, chunks and embeds
 * documents into a {@link RagInstance}, which answers questions until closed. {@link IngestListener} reports
 * progress.
 */
package io.github.astrorag.core.pipeline;
