package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.RagException;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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
    private final Observing observing;

    /**
     * @param ensureOpen throws when the instance asked of is closed, before each stage
     * @param observing  hears each stage
     */
    StageLog(Runnable ensureOpen, Observing observing) {
        this.ensureOpen = ensureOpen;
        this.observing = observing;
    }

    /**
     * Runs {@code step} as the stage {@code name} and records it, with {@code outputs} of its result as candidates.
     *
     * @throws RagException if the thread was interrupted before the stage
     */
    <T> T run(String name, Step<T> step, Function<T, List<ScoredChunk>> outputs) {
        return run(name, step, outputs, null);
    }

    /**
     * As {@link #run(String, Step, Function)}, telling the observer (only) more of the result: {@code observed}
     * adds to a copy of the stage's details what the observer alone is told (made only when it hears).
     */
    <T> T run(String name, Step<T> step, Function<T, List<ScoredChunk>> outputs,
              @Nullable BiConsumer<T, Map<String, Object>> observed) {
        if (Thread.currentThread().isInterrupted()) {
            throw new RagException("interrupted before stage " + name);
        }
        ensureOpen.run();
        Map<String, Object> details = new LinkedHashMap<>();
        Observing.Watch watch = observing.ask(name);
        long t0 = System.nanoTime();
        T result;
        try {
            result = step.run(details::put);
        } catch (RuntimeException | Error e) {
            watch.failed(e);
            throw e;
        }
        double millis = (System.nanoTime() - t0) / 1e6;
        List<Trace.Candidate> out = outputs.apply(result).stream().map(Trace.Candidate::of).toList();
        stages.add(new Trace.Stage(name, millis, out, details));
        if (watch.active()) {
            Map<String, Object> told = details;
            if (observed != null) {
                told = new LinkedHashMap<>(details);
                observed.accept(result, told);
            }
            watch.stopped(millis, told);
        }
        return result;
    }

    /** The stages recorded so far (the live list). */
    List<Trace.Stage> stages() {
        return stages;
    }
}
