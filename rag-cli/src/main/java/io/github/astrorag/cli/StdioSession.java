package io.github.astrorag.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two ends of a stdio MCP session as the server's transport sees them (one JSON-RPC message per line).
 * <ul>
 *   <li>Stdin is read line by line ({@link BoundedLineReader}, at most {@link JsonRpcLineGuard#MAX_LINE} bytes
 *       held) and each line is checked ({@link JsonRpcLineGuard}): a line that is not a JSON-RPC message is
 *       answered here with one warning on the log (no stack trace) and, if it is a request with a valid id, its
 *       error response ({@code -32600}, {@code -32602} or {@code -32002}; a line without one gets no response, as MCP
 *       allows no null id), and the transport never sees it, so it goes on reading; the transport reads the
 *       other lines, re-serialised on one line each.</li>
 *   <li>Stdout counts the responses written and flushed (a line with an {@code id} and no {@code method}); the
 *       error responses written here take the same lock (the stream) and are not counted.</li>
 *   <li>When stdin ends (or fails), the end is handed on to the transport only once every request read has its
 *       response written, or after {@code drain} ({@link #DRAIN} for the command): a client that writes its
 *       requests and closes stdin at once (a shell pipe) still gets its answers, whatever lines came before.
 *       {@link #awaitEnd} returns once the end was handed on.</li>
 * </ul>
 * Thread-safe. Cost: one JSON parse per line in each direction, plus the guard's.
 */
final class StdioSession {

    /** The longest wait at the end of stdin for the responses still owed. */
    static final Duration DRAIN = Duration.ofSeconds(120);

    private static final Logger LOG = LoggerFactory.getLogger(StdioSession.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OutputStream stdout;
    private final Guarded in;
    private final WatchedOut out;
    private final Duration drain;
    private int owed;
    private boolean ended;

    /**
     * A session on {@code stdin} and {@code stdout}.
     *
     * @param stdin the client's messages
     * @param stdout where the protocol goes
     * @param drain the longest wait at the end of stdin for the responses owed
     * @param guard checks each line of stdin
     */
    StdioSession(InputStream stdin, OutputStream stdout, Duration drain, JsonRpcLineGuard guard) {
        this.stdout = Objects.requireNonNull(stdout, "stdout");
        this.drain = Objects.requireNonNull(drain, "drain");
        this.in = new Guarded(new BoundedLineReader(stdin, JsonRpcLineGuard.MAX_LINE), Objects.requireNonNull(guard, "guard"));
        this.out = new WatchedOut(stdout);
    }

    /** The stdin to give the transport: the lines that passed the guard, each ended by {@code \n}. */
    InputStream in() {
        return in;
    }

    /** The stdout to give the transport; it writes each message under this stream's lock. */
    OutputStream out() {
        return out;
    }

    /** Blocks until stdin has ended (or failed) and the end was handed to the transport. */
    synchronized void awaitEnd() throws InterruptedException {
        while (!ended) {
            wait();
        }
    }

    /** Requests read but not yet answered. */
    synchronized int owed() {
        return owed;
    }

    private synchronized void owe() {
        owed++;
    }

    private synchronized void wrote(int responses) {
        owed -= responses;
        notifyAll();
    }

    /** Waits up to {@link #drain} for the owed responses, then marks the end. */
    private synchronized void end() {
        long deadline = System.nanoTime() + drain.toNanos();
        try {
            for (long left = drain.toNanos(); owed > 0 && left > 0; left = deadline - System.nanoTime()) {
                wait(Math.max(1, left / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (owed > 0) {
            LOG.warn("stdin ended; stopping after {} ms with {} request(s) unanswered", drain.toMillis(), owed);
        }
        ended = true;
        notifyAll();
    }

    /** Writes a refused line's error response to stdout under the transport's lock, uncounted. */
    private void refuse(String response) {
        byte[] bytes = (response + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            try {
                stdout.write(bytes);
                stdout.flush();
            } catch (IOException e) {
                LOG.warn("could not write an error response: {}", e.toString());
            }
        }
    }

    /** Stdin as the transport reads it: the lines that passed the guard; the end once the owed are answered. */
    private final class Guarded extends InputStream {
        private final BoundedLineReader lines;
        private final JsonRpcLineGuard guard;
        private byte[] pending = new byte[0];
        private int next;
        private long number;
        private boolean done;

        Guarded(BoundedLineReader lines, JsonRpcLineGuard guard) {
            this.lines = lines;
            this.guard = guard;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            while (next == pending.length) {
                if (done || !advance()) {
                    return -1;
                }
            }
            int n = Math.min(len, pending.length - next);
            System.arraycopy(pending, next, b, off, n);
            next += n;
            return n;
        }

        /** Only what is already read: the transport's decoder must not block for the next line before this one is handled. */
        @Override
        public synchronized int available() {
            return pending.length - next;
        }

        /** Reads lines until one passes (true) or stdin ends (false, after the drain). */
        private boolean advance() {
            while (true) {
                BoundedLineReader.Line line;
                try {
                    line = lines.next();
                } catch (IOException | RuntimeException e) {
                    LOG.warn("stdin failed: {}", e.toString());
                    line = null;
                }
                if (line == null) {
                    done = true;
                    end();
                    return false;
                }
                number++;
                JsonRpcLineGuard.Verdict verdict = line.tooLong() ? guard.tooLong(line.fullLength())
                        : guard.check(line.bytes(), 0, line.length());
                if (verdict.forward() == null) {
                    LOG.warn("stdin line {} refused: {}", number, verdict.warning());
                    if (verdict.response() != null) {
                        refuse(verdict.response());
                    }
                    continue;
                }
                if (verdict.request()) {
                    owe();
                }
                pending = (verdict.forward() + "\n").getBytes(StandardCharsets.UTF_8);
                next = 0;
                return true;
            }
        }
    }

    /** Counts a response once its line is flushed, so that the end never overtakes its last bytes. */
    private final class WatchedOut extends FilterOutputStream {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final List<String> written = new ArrayList<>();

        WatchedOut(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    written.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b[i]);
                }
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
            int responses = 0;
            for (String l : written) {
                responses += isResponse(l) ? 1 : 0;
            }
            written.clear();
            wrote(responses);
        }
    }

    /** Whether a line the transport wrote is a response (an id and no method). */
    private static boolean isResponse(String line) {
        try {
            JsonNode node = JSON.readTree(line);
            return node != null && node.hasNonNull("id") && !node.has("method");
        } catch (IOException e) {
            return false;
        }
    }
}
