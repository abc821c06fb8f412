package io.github.astrorag.core.testing;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * Bounds the work of a call rather than its wall time, for the tests that a hostile input costs linear work: runs
 * the call on a thread of its own and fails when that thread used more CPU time than the budget. The CPU time of one
 * thread is what the algorithm decides; other processes on a busy machine stretch the wall time several times over
 * but add little to it. A call that has not returned after {@link #HANG_GUARD} fails too (a hang guard only, far
 * above any budget).
 */
public final class CpuBudget {

    /** The longest wall time a call may take, whatever its budget: a guard against a hang, not a measure. */
    public static final Duration HANG_GUARD = Duration.ofMinutes(10);

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuBudget() {
    }

    /**
     * The result of {@code call}, or what it threw; fails when it used more than {@code budget} of CPU time on its
     * thread or has not returned after {@link #HANG_GUARD}.
     */
    public static <T> T within(Duration budget, ThrowingSupplier<T> call) {
        AtomicLong used = new AtomicLong(-1);
        T result;
        try {
            result = assertTimeoutPreemptively(HANG_GUARD, () -> {
                long start = THREADS.getCurrentThreadCpuTime();
                try {
                    return call.get();
                } finally {
                    used.set(THREADS.getCurrentThreadCpuTime() - start);
                }
            });
        } catch (Throwable t) {
            check(used.get(), budget);
            throw t;
        }
        check(used.get(), budget);
        return result;
    }

    private static void check(long usedNanos, Duration budget) {
        if (usedNanos > budget.toNanos()) {
            throw new AssertionError("the call used " + usedNanos / 1_000_000 + " ms of CPU time, over its budget of "
                    + budget.toMillis() + " ms");
        }
    }
}
