package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.PipelineObserver;
import java.util.Collections;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline's {@link PipelineObserver} made safe to call: an exception it throws is caught, the first one
 * logged (warning), so it never fails an ask or an ingest. Without an observer ({@link #NONE}) {@link #start}
 * returns the constant {@link Watch#NONE} and nothing is allocated or copied. Thread-safe as the observer is.
 */
final class Observing {

    private static final Logger LOG = LoggerFactory.getLogger(Observing.class);

    /** No observer. */
    static final Observing NONE = new Observing(PipelineObserver.NONE, "none");

    private final PipelineObserver observer;
    private final PipelineObserver.Scope ingest;
    private final PipelineObserver.Scope ask;
    private final AtomicBoolean warned = new AtomicBoolean();

    private Observing(PipelineObserver observer, String indexKind) {
        this.observer = observer;
        this.ingest = new PipelineObserver.Scope(PipelineObserver.Scope.INGEST, indexKind);
        this.ask = new PipelineObserver.Scope(PipelineObserver.Scope.ASK, indexKind);
    }

    /** {@code observer} for a pipeline whose index is of kind {@code indexKind}; {@link #NONE} for no observer. */
    static Observing of(PipelineObserver observer, String indexKind) {
        return observer == PipelineObserver.NONE ? NONE : new Observing(observer, indexKind);
    }

    /** The stage {@code stage} of ingest starts. */
    Watch ingest(String stage) {
        return start(stage, ingest);
    }

    /** The stage {@code stage} of a question starts. */
    Watch ask(String stage) {
        return start(stage, ask);
    }

    private Watch start(String stage, PipelineObserver.Scope scope) {
        if (this == NONE) {
            return Watch.NONE;
        }
        try {
            return new Watch(this, observer.stageStarted(stage, scope), System.nanoTime());
        } catch (RuntimeException e) {
            warn(e);
            return new Watch(this, PipelineObserver.Stage.NONE, System.nanoTime());
        }
    }

    private void warn(RuntimeException e) {
        if (warned.compareAndSet(false, true)) {
            LOG.warn("the pipeline observer failed (further failures are not logged); the pipeline goes on", e);
        }
    }

    /** One started stage, reporting its end to the observer. */
    static final class Watch {

        /** Reports nothing: a pipeline without an observer. */
        static final Watch NONE = new Watch(Observing.NONE, PipelineObserver.Stage.NONE, 0);

        private final Observing owner;
        private final PipelineObserver.Stage stage;
        private final long started;

        private Watch(Observing owner, PipelineObserver.Stage stage, long started) {
            this.owner = owner;
            this.stage = stage;
            this.started = started;
        }

        /** Whether anyone hears: a caller may skip work done only for the observer when not. */
        boolean active() {
            return this != NONE;
        }

        /** Reports {@code recorded} as the stage's normal end and returns it. */
        Trace.Stage stopped(Trace.Stage recorded) {
            stopped(recorded.millis(), recorded.details());
            return recorded;
        }

        /** Reports the stage's normal end after {@code millis} with {@code details}. */
        void stopped(double millis, Map<String, Object> details) {
            if (this == NONE) {
                return;
            }
            try {
                stage.stopped(millis, Collections.unmodifiableMap(details));
            } catch (RuntimeException e) {
                owner.warn(e);
            }
        }

        /** Reports {@code error} as the stage's end; the caller then throws it. */
        void failed(Throwable error) {
            if (this != NONE) {
                try {
                    stage.failed((System.nanoTime() - started) / 1e6, error);
                } catch (RuntimeException e) {
                    owner.warn(e);
                }
            }
        }
    }
}
