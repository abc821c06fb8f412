package io.github.astrorag.spring.boot;

import io.github.astrorag.core.pipeline.IngestListener;
import io.github.astrorag.core.pipeline.RagInstance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.SmartApplicationListener;
import org.springframework.core.Ordered;

/**
 * Loads the documents of {@code astrorag.docs} into the application's {@link RagInstance} on a background thread
 * ({@code astrorag.loading.background=true}), so that the application starts at once: the instance starts empty
 * ({@code RagPipeline.openEmpty()}) and serves the documents loaded so far (an ask before any abstains), while
 *
 * <ul>
 *   <li>the application's readiness ({@link ReadinessState}) refuses traffic until every document is in: this bean
 *       publishes {@link ReadinessState#REFUSING_TRAFFIC} when it starts, answers Spring Boot's own
 *       {@link ReadinessState#ACCEPTING_TRAFFIC} (published once the application has started) with
 *       {@code REFUSING_TRAFFIC} again while loading, and publishes {@code ACCEPTING_TRAFFIC} when the load is done. A
 *       failed load leaves readiness refusing (a restart will not help a bad document; the health says why);</li>
 *   <li>the health component {@code astroRag} ({@link AstroRagHealth}) is out of service with the {@link #progress()}
 *       (phase, units done of total) while loading, and down with the error if the load failed.</li>
 * </ul>
 *
 * <p>The thread ({@value #THREAD}, a daemon) starts with the context's lifecycle ({@link SmartLifecycle}, after every
 * singleton exists) and is interrupted and awaited when the context stops, before the instance closes (the load
 * stops between two embedding batches). The temporary copies of classpath documents are deleted once the load ends.
 * Thread-safe.
 */
public final class AstroRagLoading implements SmartLifecycle, SmartApplicationListener {

    /** The loading thread's name. */
    public static final String THREAD = "astrorag-loading";

    private static final Logger LOG = LoggerFactory.getLogger(AstroRagLoading.class);

    /** Where a load stands. */
    public enum State {
        /** Not started yet (the context has not started). */
        WAITING,
        /** Reading, chunking or embedding the documents. */
        LOADING,
        /** Every document is in the instance. */
        LOADED,
        /** The load failed: {@link Progress#error()} says why; the instance holds none of the documents. */
        FAILED;

        /** The state's name as the health writes it: {@code waiting}, {@code loading}, {@code loaded}, {@code failed}. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How far the load has come.
     *
     * @param state the state
     * @param phase the phase of the instance's ingest ({@code load}: files, {@code chunk}: documents, {@code embed}:
     *              chunks; see {@link IngestListener}), empty before the first report
     * @param done  the units of the phase finished
     * @param total the units of the phase
     * @param error the failure's message when {@link State#FAILED}, else {@code null}
     */
    public record Progress(State state, String phase, long done, long total, @Nullable String error) {

        /**
         * A progress.
         *
         * @param state the state
         * @param phase the phase, empty for none
         * @param done  the units finished
         * @param total the units of the phase
         * @param error the failure's message, or {@code null}
         */
        public Progress {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(phase, "phase");
        }
    }

    private final RagInstance instance;
    private final DocumentResources.Resolved documents;
    private final ApplicationEventPublisher events;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final Object lock = new Object();
    private volatile Progress progress = new Progress(State.WAITING, "", 0, 0, null);
    private @Nullable Thread thread;

    /**
     * A load of {@code documents} into {@code instance}, started with the context.
     *
     * @param instance  the instance, open (and empty)
     * @param documents the resolved {@code astrorag.docs}; closed (copies deleted) when the load ends
     * @param events    where readiness changes are published (the application context)
     */
    AstroRagLoading(RagInstance instance, DocumentResources.Resolved documents, ApplicationEventPublisher events) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.documents = Objects.requireNonNull(documents, "documents");
        this.events = Objects.requireNonNull(events, "events");
    }

    /**
     * How far the load has come now.
     *
     * @return the progress
     */
    public Progress progress() {
        return progress;
    }

    /**
     * Waits until the load has ended (loaded or failed), at most {@code timeout}.
     *
     * @param timeout the longest wait
     * @return the progress then ({@link State#LOADING} or {@link State#WAITING} if the time ran out)
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public Progress await(Duration timeout) throws InterruptedException {
        ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return progress;
    }

    @Override
    public void start() {
        synchronized (lock) {
            if (thread != null) {
                return;
            }
            progress = new Progress(State.LOADING, "", 0, 0, null);
            AvailabilityChangeEvent.publish(events, this, ReadinessState.REFUSING_TRAFFIC);
            Thread t = new Thread(this::load, THREAD);
            t.setDaemon(true);
            thread = t;
            t.start();
        }
    }

    private void load() {
        List<Path> paths = documents.paths();
        long t0 = System.nanoTime();
        LOG.info("Loading {} document location(s) in the background; readiness refuses traffic until they are in", paths.size());
        try {
            instance.add(paths, (phase, done, total) -> progress = new Progress(State.LOADING, phase, done, total, null));
            synchronized (lock) {
                Progress last = progress;
                progress = new Progress(State.LOADED, last.phase(), last.done(), last.total(), null);
                AvailabilityChangeEvent.publish(events, this, ReadinessState.ACCEPTING_TRAFFIC);
            }
            LOG.info("Loaded {} documents ({} chunks) in {} s; readiness accepts traffic", instance.documents().size(),
                    instance.chunkCount(), String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e9));
        } catch (RuntimeException | Error e) {
            Progress last = progress;
            progress = new Progress(State.FAILED, last.phase(), last.done(), last.total(), String.valueOf(e.getMessage()));
            if (!Thread.currentThread().isInterrupted()) {
                LOG.error("Loading the documents of astrorag.docs failed; readiness keeps refusing traffic: {}",
                        e.getMessage(), e);
            }
        } finally {
            try {
                documents.close();
            } catch (RuntimeException e) {
                LOG.warn("{}", e.getMessage());
            }
            ended.countDown();
        }
    }

    @Override
    public void stop() {
        Thread t;
        synchronized (lock) {
            t = thread;
        }
        if (t != null && t.isAlive()) {
            t.interrupt();
            try {
                t.join(TimeUnit.SECONDS.toMillis(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        synchronized (lock) {
            return thread != null && ended.getCount() > 0;
        }
    }

    @Override
    public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
        return AvailabilityChangeEvent.class.isAssignableFrom(eventType);
    }

    /**
     * Answers Spring Boot's {@link ReadinessState#ACCEPTING_TRAFFIC} with {@code REFUSING_TRAFFIC} while the load has
     * not succeeded. Runs after the application's availability bean has recorded the event (the lowest precedence,
     * and this auto-configuration after the availability one), so that the refusal is the state it keeps.
     *
     * @param event an availability change
     */
    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (event instanceof AvailabilityChangeEvent<?> change && change.getState() == ReadinessState.ACCEPTING_TRAFFIC
                && change.getSource() != this) {
            synchronized (lock) {
                if (thread != null && progress.state() != State.LOADED) {
                    AvailabilityChangeEvent.publish(events, this, ReadinessState.REFUSING_TRAFFIC);
                }
            }
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
