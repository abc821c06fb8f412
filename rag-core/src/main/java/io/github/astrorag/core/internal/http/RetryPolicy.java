package io.github.astrorag.core.internal.http;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When {@link RetryingHttpClient} repeats a failed attempt, and how long it waits first. An attempt is repeated
 * when its failure is retriable, no stream event was handed over, fewer than {@code maxAttempts} attempts were made,
 * the server's {@code Retry-After} (if any) is at most {@code maxBackoff}, and the wait ends before the call's
 * deadline. The wait before attempt {@code k + 1} is {@code Retry-After} if given, else {@code b/2 + U(0, b/2)} with
 * {@code b = min(maxBackoff, initialBackoff · 2^(k-1))}: exponential backoff with jitter (the jitter changes timing
 * only, never a result). Immutable; thread-safe.
 */
final class RetryPolicy {

    /**
     * What to do after a failed attempt.
     *
     * @param retry whether to try again
     * @param delay how long to wait first
     * @param note  when giving up, why beyond the failure itself (appended to the message; empty when nothing to add)
     */
    record Decision(boolean retry, Duration delay, String note) {
    }

    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final Duration timeout;

    /** A policy; the values are checked by {@code HttpEndpoint.Builder}. {@code timeout} is the call's total. */
    RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, Duration timeout) {
        this.maxAttempts = maxAttempts;
        this.initialBackoff = initialBackoff;
        this.maxBackoff = maxBackoff;
        this.timeout = timeout;
    }

    /** The attempts a call makes at the most. */
    int maxAttempts() {
        return maxAttempts;
    }

    /** What to do after attempt {@code n} (from 1) failed with {@code f}, the call ending at {@code deadline}. */
    Decision after(AttemptFailure f, int n, Deadline deadline) {
        Duration wait = f.retryAfter != null ? f.retryAfter : backoff(n);
        boolean tooLong = f.retryAfter != null && f.retryAfter.compareTo(maxBackoff) > 0;
        boolean noTime = f.retriable && !f.delivered && n < maxAttempts && !tooLong && deadline.passed(wait);
        if (!f.retriable || f.delivered || n >= maxAttempts || tooLong || noTime) {
            String note = tooLong ? "; the server asked to retry after " + f.retryAfter.toSeconds()
                    + " s, more than the " + maxBackoff.toMillis() + " ms this client waits"
                    : noTime ? "; no retry: the total timeout of " + timeout.toMillis() + " ms would pass" : "";
            return new Decision(false, wait, note);
        }
        return new Decision(true, wait, "");
    }

    private Duration backoff(int failedAttempt) {
        long base = Math.min(maxBackoff.toMillis(), initialBackoff.toMillis() << Math.min(30, failedAttempt - 1));
        long half = base / 2;
        return Duration.ofMillis(half + (half == 0 ? 0 : ThreadLocalRandom.current().nextLong(half + 1)));
    }
}
