package io.github.astrorag.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one task from several threads at once, for the thread-safety checks of the contracts. */
public final class Concurrently {

    private Concurrently() {
    }

    /**
     * The results of {@code calls} runs of {@code task} on {@code threads} threads, started together; a
     * failure in any run is rethrown (an {@link AssertionError} as is).
     */
    public static <T> List<T> run(int threads, int calls, Callable<T> task) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                try {
                    out.add(f.get(5, TimeUnit.MINUTES));
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new AssertionError("a concurrent call failed", e.getCause());
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError("a concurrent call did not finish in 5 minutes", e);
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
