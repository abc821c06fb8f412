package io.github.astrorag.examples.cli;

import picocli.CommandLine.Mixin;

/**
 * The options that make the instance a command answers from, shared by {@code ask} and {@code mcp}: the
 * pipeline (with its embedder and generator), where the transient index lives, and the embedding cache.
 */
final class InstanceOptions {

    @Mixin
    PipelineOptions pipeline = new PipelineOptions();

    @Mixin
    IndexOptions index = new IndexOptions();

    @Mixin
    CacheOptions cache = new CacheOptions();
}
