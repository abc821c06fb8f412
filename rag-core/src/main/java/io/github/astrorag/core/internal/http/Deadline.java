package io.github.astrorag.core.internal.http;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The end of one call of {@link RetryingHttpClient}: the total timeout, counted from when the call started, that
 * every attempt and every wait before a retry must fit in. Immutable; thread-safe.
 */
final class Deadline {
    private final Duration timeout;
    private final long end;

    /** A deadline {@code timeout} from now. */
    Deadline(Duration timeout) {
        this.timeout = timeout;
        this.end = System.nanoTime() + timeout.toNanos();
    }

    /** The time left, at least 1 ms (a past deadline still allows one poll). */
    Duration remaining() {
        return Duration.ofNanos(Math.max(1_000_000L, end - System.nanoTime()));
    }

    /** {@code max}, or what is left of the call when that is less. */
    Duration forNext(Duration max) {
        Duration left = remaining();
        return left.compareTo(max) < 0 ? left : max;
    }

    /** Whether the deadline will have passed {@code after} from now. */
    boolean passed(Duration after) {
        return System.nanoTime() + after.toNanos() >= end;
    }

    /** A timeout of {@code waited}: retriable unless the call's deadline has come. */
    AttemptFailure timeout(Duration waited, boolean delivered, @Nullable Throwable cause) {
        return passed(Duration.ZERO) ? AttemptFailure.deadline(timeout, delivered, cause)
                : AttemptFailure.timeout(waited, delivered, cause);
    }
}
