package io.github.astrorag.core.internal.http;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body subscriber that hands its bytes to another until more than {@code maxBytes} have come: then it stops
 * reading (cancels the subscription, so the connection is closed and nothing more is buffered) and fails the
 * other with {@link TooLarge}. The one cap on every reply of a {@link RetryingHttpClient}: whole bodies, error
 * bodies and streams alike. Memory held: what the other subscriber keeps, at most {@code maxBytes} plus one buffer.
 *
 * @param <T> the body type
 */
final class BoundedBody<T> implements BodySubscriber<T> {

    /** A reply longer than the cap; not retriable (the same request would get the same reply). */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;
        final long maxBytes;

        TooLarge(long maxBytes) {
            super("the reply is larger than " + maxBytes + " bytes (maxReplyBytes)");
            this.maxBytes = maxBytes;
        }
    }

    private final BodySubscriber<T> downstream;
    private final long maxBytes;

    private long received;
    private boolean done;
    private Flow.Subscription subscription;

    BoundedBody(BodySubscriber<T> downstream, long maxBytes) {
        this.downstream = downstream;
        this.maxBytes = maxBytes;
    }

    @Override
    public CompletionStage<T> getBody() {
        return downstream.getBody();
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        downstream.onSubscribe(s);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        if (done) {
            return;
        }
        for (ByteBuffer b : item) {
            received += b.remaining();
        }
        if (received > maxBytes) {
            done = true;
            subscription.cancel();
            downstream.onError(new TooLarge(maxBytes));
            return;
        }
        downstream.onNext(item);
    }

    @Override
    public void onError(Throwable error) {
        if (!done) {
            done = true;
            downstream.onError(error);
        }
    }

    @Override
    public void onComplete() {
        if (!done) {
            done = true;
            downstream.onComplete();
        }
    }
}
