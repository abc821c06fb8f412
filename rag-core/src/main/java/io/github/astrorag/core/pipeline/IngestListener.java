package io.github.astrorag.core.pipeline;

/**
 * Hears how far {@link RagPipeline#open} has come, for progress bars. Called on the opening thread;
 * must be quick and must not throw.
 */
@FunctionalInterface
public interface IngestListener {

    /** Ignores everything. */
    IngestListener NONE = (phase, done, total) -> { };

    /**
     * {@code done} of {@code total} units of {@code phase} are finished. Phases, in order: {@code load}
     * (files), {@code chunk} (documents), {@code embed} (chunks).
     */
    void progress(String phase, long done, long total);
}
