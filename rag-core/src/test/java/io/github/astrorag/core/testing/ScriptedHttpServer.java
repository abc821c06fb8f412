package io.github.astrorag.core.testing;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A real HTTP/1.1 server on 127.0.0.1 (the JDK's {@code com.sun.net.httpserver}) that records every
 * request and answers with scripted responses, first those {@linkplain #enqueue queued}, then the
 * fallback's. Thread-safe.
 */
public final class ScriptedHttpServer implements AutoCloseable {


    /** One request as received. Header names are lower case. */
    public record Recorded(String method, String path, Map<String, List<String>> headers, String body) {

        /** The first value of a header, or null. */
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        /** The body as JSON. */
        public JsonValue json() {
            return Json.parse(body);
        }
    }

    /** How to answer one request. */
    @FunctionalInterface
    public interface Response {
        void write(HttpExchange exchange, ScriptedHttpServer server) throws IOException;
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Function<Recorded, Response> fallback;
    private final ConcurrentLinkedQueue<Response> queue = new ConcurrentLinkedQueue<>();
    private final List<Recorded> requests = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch closing = new CountDownLatch(1);

    private ScriptedHttpServer(int port, Function<Recorded, Response> fallback) throws IOException {
        this.fallback = fallback;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "scripted-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A server on {@code port} (0: any free port). */
    public static ScriptedHttpServer start(int port, Function<Recorded, Response> fallback) {
        try {
            return new ScriptedHttpServer(port, fallback);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the test server on port " + port, e);
        }
    }

    /** A server whose every unscripted request gets 404. */
    public static ScriptedHttpServer start() {
        return start(0, r -> json(404, "{\"error\":\"no script for " + r.path() + "\"}"));
    }

    /** Queues responses for the next requests. */
    public ScriptedHttpServer enqueue(Response... responses) {
        queue.addAll(List.of(responses));
        return this;
    }

    /** The requests received so far. */
    public List<Recorded> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String url() {
        return "http://127.0.0.1:" + port();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Map<String, List<String>> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Recorded r = new Recorded(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body);
        requests.add(r);
        Response response = queue.poll();
        (response != null ? response : fallback.apply(r)).write(exchange, this);
        exchange.close();
    }

    /** A complete reply with a JSON body and extra headers given as name, value, name, value, .... */
    public static Response json(int status, String body, String... headers) {
        return raw(status, "application/json", body, headers);
    }

    /** A complete reply. */
    public static Response raw(int status, String contentType, String body, String... headers) {
        return (ex, s) -> {
            ex.getResponseHeaders().add("Content-Type", contentType);
            for (int i = 0; i + 1 < headers.length; i += 2) {
                ex.getResponseHeaders().add(headers[i], headers[i + 1]);
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(bytes);
                }
            }
        };
    }

    /** A {@code text/event-stream} reply, chunked, each piece written and flushed on its own. */
    public static Response sse(List<String> pieces) {
        return (ex, s) -> {
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.getResponseHeaders().add("Cache-Control", "no-cache");
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                for (String piece : pieces) {
                    out.write(piece.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        };
    }

    /**
     * A hostile reply of {@code total} bytes: {@code head}, then {@code piece} over and over (cut to fit),
     * generated as it is written and never held in memory; chunked when {@code chunked}, else with its
     * {@code Content-Length}. Writing stops when the client closes the connection; {@code written} counts the
     * bytes written (the body's, head included).
     */
    public static Response flood(int status, String contentType, String head, String piece, long total,
                                 boolean chunked, java.util.concurrent.atomic.AtomicLong written) {
        return (ex, s) -> {
            ex.getResponseHeaders().add("Content-Type", contentType);
            ex.sendResponseHeaders(status, chunked ? 0 : total);
            byte[] block = new byte[1 << 16];
            byte[] first = head.getBytes(StandardCharsets.UTF_8);
            byte[] unit = piece.getBytes(StandardCharsets.UTF_8);
            try (OutputStream out = ex.getResponseBody()) {
                long left = total;
                out.write(first);
                written.addAndGet(first.length);
                left -= first.length;
                for (int i = 0; i < block.length; i++) {
                    block[i] = unit[i % unit.length];
                }
                int whole = block.length - block.length % unit.length;
                while (left > 0) {
                    int n = (int) Math.min(whole, left);
                    out.write(block, 0, n);
                    written.addAndGet(n);
                    left -= n;
                }
            } catch (IOException e) {
                // the client stopped reading: what a bounded reader should do
            }
        };
    }

    /** Sends nothing until the server closes. */
    public static Response hang() {
        return (ex, s) -> {
            try {
                s.closing.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }

    /** Sends 200 and a first event, then nothing until the server closes. */
    public static Response hangAfter(String firstPiece) {
        return (ex, s) -> {
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            out.write(firstPiece.getBytes(StandardCharsets.UTF_8));
            out.flush();
            hang().write(ex, s);
        };
    }

    /** Closes the connection without a reply (the client sees the connection end). */
    public static Response drop() {
        return (ex, s) -> {
            throw new IOException("dropping the connection on purpose");
        };
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
