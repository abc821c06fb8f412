/**
 * Micrometer metrics and traces of a pipeline: {@link io.github.astrorag.micrometer.MicrometerPipelineObserver},
 * the {@link io.github.astrorag.core.spi.PipelineObserver} that records each stage as a Micrometer
 * {@code Observation}. Metric names and tags, and how to get OpenTelemetry spans: docs/integrations.md.
 */
package io.github.astrorag.micrometer;
