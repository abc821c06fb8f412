package io.github.astrorag.mcts.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The library's own pool for combination scoring: as many threads as processors, daemon threads (so it
 * never keeps the JVM alive), idle threads ending after a minute. A selection that itself runs on this pool
 * scores on its own thread instead of waiting for another. Callers that want to bound or share
 * scoring capacity supply their own executor to the selectors instead. Internal: the selectors' builders
 * ({@code executor(...)}) are the API.
 */
public final class ScoringExecutors {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private static final ExecutorService SHARED = create();

    private ScoringExecutors() {
    }

    /**
     * The shared daemon pool.
     *
     * @return the pool: up to one daemon thread per available processor; idle threads end after 60 s
     */
    public static ExecutorService shared() {
        return SHARED;
    }

    /**
     * Whether the calling thread belongs to the shared pool (a selection running on it scores inline, so it cannot
     * starve the pool).
     *
     * @return {@code true} on a thread of {@link #shared()}
     */
    public static boolean onSharedPool() {
        return Thread.currentThread() instanceof PoolThread;
    }

    /** A thread of the shared pool. */
    private static final class PoolThread extends Thread {
        PoolThread(Runnable r, String name) {
            super(r, name);
        }
    }

    private static ExecutorService create() {
        int n = Math.max(1, Runtime.getRuntime().availableProcessors());
        ThreadPoolExecutor pool = new ThreadPoolExecutor(n, n, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new PoolThread(r, "astrorag-mcts-scoring-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
