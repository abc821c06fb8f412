package io.github.astrorag.core.internal.http;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The reply to one streamed attempt as a queue that the calling thread polls with a timeout: first the status
 * and {@link Headers}; then, for a 2xx reply, each line of the body and {@link #END}, else the whole
 * {@link HttpResponse} with the error body; a failure at any point as {@link Failed}. One per attempt; the HTTP
 * client's threads add, one thread polls.
 */
final class ReplyLines {

    /** The end of a 2xx body. */
    static final Object END = new Object();

    /** The reply's status and headers, before its body. */
    record Headers(int status, HttpHeaders headers) {
    }

    /** The request or the body failed. */
    record Failed(Throwable error) {
    }

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final LineSink sink = new LineSink();
    private final long maxBytes;

    /** A queue for one attempt whose body may hold at most {@code maxBytes} bytes ({@link BoundedBody}). */
    ReplyLines(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The body handler of the attempt: lines of a 2xx body into the queue, any other body as one string. */
    BodyHandler<String> handler() {
        return info -> {
            queue.add(new Headers(info.statusCode(), info.headers()));
            return new BoundedBody<>(info.statusCode() / 100 == 2
                    ? BodySubscribers.fromSubscriber(sink, s -> "")
                    : BodySubscribers.ofString(StandardCharsets.UTF_8), maxBytes);
        };
    }

    /** Where the attempt's future ends: its response, or its failure as {@link Failed}. */
    void complete(@Nullable HttpResponse<String> response, @Nullable Throwable error) {
        queue.add(error != null ? new Failed(error) : response);
    }

    /** The next item, waiting at most {@code wait}; null if none came. */
    @Nullable Object poll(Duration wait) throws InterruptedException {
        return queue.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops reading the body. */
    void cancel() {
        sink.cancel();
    }

    /**
     * Puts each line of the body into the queue, then {@link #END}. Lines end at {@code \n}, {@code \r} or
     * {@code \r\n} and are decoded as UTF-8 (malformed bytes replaced); split here, in one pass over the bytes,
     * because the JDK's line subscriber rescans a line that has no end yet at every buffer, which a server
     * sending one endless line turns into quadratic work before any cap is reached.
     */
    private final class LineSink implements Flow.Subscriber<List<ByteBuffer>> {
        private volatile Flow.@Nullable Subscription subscription;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean afterCr;

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer b : buffers) {
                while (b.hasRemaining()) {
                    byte c = b.get();
                    if (c == '\n' && afterCr) {
                        afterCr = false;
                        continue;
                    }
                    afterCr = c == '\r';
                    if (c == '\n' || c == '\r') {
                        emit();
                    } else {
                        line.write(c);
                    }
                }
            }
        }

        private void emit() {
            queue.add(line.toString(StandardCharsets.UTF_8));
            line.reset();
        }

        @Override
        public void onError(Throwable error) {
            queue.add(new Failed(error));
        }

        @Override
        public void onComplete() {
            if (line.size() > 0) {
                emit();
            }
            queue.add(END);
        }

        void cancel() {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
        }
    }
}
