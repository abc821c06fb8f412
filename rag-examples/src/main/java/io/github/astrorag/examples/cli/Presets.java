package io.github.astrorag.examples.cli;

import io.github.astrorag.core.InvalidConfigurationException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import java.util.Locale;

/** Builds the command line's pipelines from {@link PipelineOptions}. */
public final class Presets {

    /** The presets. */
    public enum Name {
        DEFAULT, NAIVE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private Presets() {
    }

    /** The pipeline the options describe. */
    public static RagPipeline build(PipelineOptions o) {
        Embedder embedder = embedder(o.model == null ? "hashing" : o.model);
        RagPipeline.Builder b = RagPipeline.builder().embedder(embedder);
        if (o.budget != null) {
            b.budget(o.budget);
        }
        if (o.candidates != null) {
            b.candidates(o.candidates);
        }
        return b.build();
    }

    /** The embedder of a model id. */
    public static Embedder embedder(String id) {
        if ("hashing".equals(id)) {
            return new HashingEmbedder();
        }
        throw new InvalidConfigurationException("unknown model '" + id + "': use hashing");
    }
}
