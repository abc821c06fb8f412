package io.github.astrorag.examples.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The two ends of a stdio MCP session as the server's transport sees them, watched line by line (one
 * JSON-RPC message per line): requests read (a message with {@code id} and {@code method}) and responses
 * written and flushed (with {@code id}, without {@code method}). When stdin ends, the end is handed on to the transport
 * only once every request read has its response written, or after {@link #DRAIN}: a client that writes its
 * requests and closes stdin at once (a shell pipe) still gets its answers. {@link #awaitEnd} returns once
 * the end was handed on. Thread-safe. Cost: one JSON parse per line in each direction.
 */
final class StdioSession {

    /** The longest wait at the end of stdin for the responses still owed. */
    static final Duration DRAIN = Duration.ofSeconds(120);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final InputStream in;
    private final OutputStream out;
    private final Duration drain;
    private int owed;
    private boolean ended;

    StdioSession(InputStream stdin, OutputStream stdout, Duration drain) {
        this.drain = drain;
        this.in = new Watched(stdin, new Lines(this::read));
        this.out = new WatchedOut(stdout);
    }

    /** The stdin to give the transport. */
    InputStream in() {
        return in;
    }

    /** The stdout to give the transport. */
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

    private synchronized void read(String line) {
        owed += count(line, true);
    }

    private synchronized void wrote(String line) {
        owed -= count(line, false);
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
        ended = true;
        notifyAll();
    }

    /** How many requests ({@code requests}) or responses the line holds (a batch counts each). */
    private static int count(String line, boolean requests) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            return 0; // not JSON: the transport answers it or drops it, it owes nothing we can count
        }
        if (node == null) {
            return 0;
        }
        int n = 0;
        for (JsonNode m : node.isArray() ? node : java.util.List.of(node)) {
            if (m.hasNonNull("id") && m.has("method") == requests) {
                n++;
            }
        }
        return n;
    }

    /** Cuts bytes into lines and hands each whole line on. */
    private static final class Lines {
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final Consumer<String> each;

        Lines(Consumer<String> each) {
            this.each = each;
        }

        synchronized void accept(byte[] b, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    each.accept(line.toString(java.nio.charset.StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b[i]);
                }
            }
        }
    }

    private final class Watched extends FilterInputStream {
        private final Lines lines;

        Watched(InputStream in, Lines lines) {
            super(in);
            this.lines = lines;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (IOException | RuntimeException e) {
                end();
                throw e;
            }
            if (n < 0) {
                end();
            } else {
                lines.accept(b, off, n);
            }
            return n;
        }
    }

    /** Counts a response once its line is flushed, so that the end never overtakes its last bytes. */
    private final class WatchedOut extends FilterOutputStream {
        private final java.util.List<String> written = new java.util.ArrayList<>();
        private final Lines lines = new Lines(written::add);

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
            lines.accept(b, off, len);
        }

        @Override
        public synchronized void flush() throws IOException {
            out.flush();
            for (String line : written) {
                wrote(line);
            }
            written.clear();
        }
    }
}
