package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The stages of one ask, in the order they ran: each timed, with the details its step put into the sink and the
 * chunks it output as {@link Trace.Candidate}s. Before each stage the thread's interrupt flag and the instance's
 * state are checked. Not thread-safe: one per ask.
 */
final class StageLog {

    /** The work of one stage, writing its details to {@code sink}. */
    @FunctionalInterface
    interface Step<T> {
        T run(TraceSink sink);
    }

    private final List<Trace.Stage> stages = new ArrayList<>();
    private final Runnable ensureOpen;

    /** @param ensureOpen throws when the instance asked of is closed, before each stage */
    StageLog(Runnable ensureOpen) {
        this.ensureOpen = ensureOpen;
    }

    /**
     * Runs {@code step} as the stage {@code name} and records it, with {@code outputs} of its result as candidates.
     *
     * @throws RagException if the thread was interrupted before the stage
     */
    <T> T run(String name, Step<T> step, Function<T, List<ScoredChunk>> outputs) {
        if (Thread.currentThread().isInterrupted()) {
            throw new RagException("interrupted before stage " + name);
        }
        ensureOpen.run();
        Map<String, Object> details = new LinkedHashMap<>();
        long t0 = System.nanoTime();
        T result = step.run(details::put);
        double millis = (System.nanoTime() - t0) / 1e6;
        List<Trace.Candidate> out = outputs.apply(result).stream().map(Trace.Candidate::of).toList();
        stages.add(new Trace.Stage(name, millis, out, details));
        return result;
    }

    /** The stages recorded so far (the live list). */
    List<Trace.Stage> stages() {
        return stages;
    }
}
