package io.github.astrorag.examples.cli;

import picocli.CommandLine.Mixin;

/**
 * The options that make the instance a command answers from, shared by {@code ask} and {@code mcp}: the
 * pipeline (with its embedder and generator), where the ephemeral index lives, and the embedding cache.
 */
final class InstanceOptions {

    /** The preset and its tuning, the embedder, the generator. */
    @Mixin
    PipelineOptions pipeline = new PipelineOptions();

    /** Where the ephemeral index lives. */
    @Mixin
    IndexOptions index = new IndexOptions();

    /** The embedding cache. */
    @Mixin
    CacheOptions cache = new CacheOptions();
}
