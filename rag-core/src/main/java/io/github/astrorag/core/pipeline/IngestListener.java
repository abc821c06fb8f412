package io.github.astrorag.core.pipeline;

/**
 * Hears how far {@link RagPipeline#open} (or {@link RagInstance#add}) has come, for progress bars. Called on the
 * opening (or adding) thread; must be quick and must not throw.
 */
@FunctionalInterface
public interface IngestListener {

    /** Ignores everything. */
    IngestListener NONE = (phase, done, total) -> { };

    /**
     * {@code done} of {@code total} units of {@code phase} are finished. Phases, in order: {@code load}
     * (files), {@code chunk} (documents), {@code embed} (chunks).
     *
     * @param phase {@code load}, {@code chunk} or {@code embed}
     * @param done the units finished so far
     * @param total the units of the phase
     */
    void progress(String phase, long done, long total);
}
