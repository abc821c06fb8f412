package io.github.astrorag.core.testing;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.astrorag.core.spi.Embedder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP/1.1 server on 127.0.0.1 speaking an embedding protocol ({@link Protocol#OPENAI}: {@code POST
 * /embeddings}, {@link Protocol#TEI}: {@code POST /embed} and {@code GET /info}) whose vectors come from
 * an in-process {@link Embedder} (each text embedded as a passage, as given). Queued {@link Fault}s answer
 * the next embedding requests instead; with {@code shuffle} the OpenAI reply lists {@code data} in a
 * random order (the indices say where each belongs) and every reply waits a random 0-20 ms, so that
 * concurrent batches finish out of order. Records every embedding request's texts and Authorization
 * header. Thread-safe.
 */
public final class EmbeddingServer implements AutoCloseable {

    /** The wire protocol. */
    public enum Protocol { OPENAI, TEI }

    /** What to answer instead of vectors. */
    public enum Fault { NONE, RETRY_LATER_429, UNAVAILABLE_503, HANG, NAN, NOT_JSON, SHORT, WRONG_DIMENSION, ECHO_KEY_400 }


    private final Protocol protocol;
    private final Embedder source;
    private final String modelId;
    private final boolean shuffle;
    private final HttpServer server;
    private final ExecutorService executor;
    private final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
    private final List<List<String>> batches = Collections.synchronizedList(new ArrayList<>());
    private final List<String> authorizations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final Random random = new Random(42);

    private EmbeddingServer(Protocol protocol, Embedder source, String modelId, boolean shuffle) throws IOException {
        this.protocol = protocol;
        this.source = source;
        this.modelId = modelId;
        this.shuffle = shuffle;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "embedding-server");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A server of {@code protocol} serving {@code source}'s vectors; TEI's {@code /info} reports {@code modelId}. */
    public static EmbeddingServer start(Protocol protocol, Embedder source, String modelId, boolean shuffle) {
        try {
            return new EmbeddingServer(protocol, source, modelId, shuffle);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:PORT} (for OpenAI the base URL is this plus {@code /v1}). */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The base URL a client is given. */
    public String baseUrl() {
        return protocol == Protocol.OPENAI ? url() + "/v1" : url();
    }

    /** Queues faults for the next embedding requests. */
    public EmbeddingServer enqueue(Fault... next) {
        faults.addAll(List.of(next));
        return this;
    }

    /** The texts of every embedding request answered with vectors or a fault, in arrival order. */
    public List<List<String>> batches() {
        synchronized (batches) {
            return List.copyOf(batches);
        }
    }

    /** The Authorization header of every embedding request ("" when absent). */
    public List<String> authorizations() {
        synchronized (authorizations) {
            return List.copyOf(authorizations);
        }
    }

    /** Embedding requests received. */
    public int requests() {
        return requests.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        try {
            String path = ex.getRequestURI().getPath();
            if (protocol == Protocol.TEI && path.equals("/info") && ex.getRequestMethod().equals("GET")) {
                write(ex, 200, "{\"model_id\":\"" + modelId + "\",\"model_sha\":\"abc123\",\"max_input_length\":512}");
                return;
            }
            String expected = protocol == Protocol.OPENAI ? "/v1/embeddings" : "/embed";
            if (!path.equals(expected) || !ex.getRequestMethod().equals("POST")) {
                write(ex, 404, "{\"error\":\"no route " + path + "\"}");
                return;
            }
            JsonValue body = Json.parse(new String(ex.getRequestBody().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            List<String> texts = new ArrayList<>();
            body.path(protocol == Protocol.OPENAI ? "input" : "inputs").forEach(t -> texts.add(t.asText()));
            requests.incrementAndGet();
            batches.add(texts);
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            authorizations.add(auth == null ? "" : auth);
            Fault fault = faults.poll();
            if (fault != null && fault != Fault.NONE) {
                fault(ex, fault, texts, auth);
                return;
            }
            if (shuffle) {
                Thread.sleep(random.nextInt(21));
            }
            write(ex, 200, reply(source.embedDocuments(texts), -1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ex.close();
        }
    }

    private void fault(HttpExchange ex, Fault fault, List<String> texts, String auth) throws IOException, InterruptedException {
        switch (fault) {
            case NONE -> throw new IllegalStateException("NONE is answered with vectors");
            case RETRY_LATER_429 -> {
                ex.getResponseHeaders().add("Retry-After", "1");
                write(ex, 429, "{\"error\":{\"message\":\"slow down\",\"type\":\"rate_limit\"}}");
            }
            case UNAVAILABLE_503 -> {
                ex.getResponseHeaders().add("Retry-After", "0");
                write(ex, 503, "{\"error\":\"model loading\",\"error_type\":\"overloaded\"}");
            }
            case HANG -> closing.await(60, TimeUnit.SECONDS);
            case NAN -> write(ex, 200, reply(source.embedDocuments(texts), 1));
            case NOT_JSON -> write(ex, 200, "<html>gateway</html>");
            case SHORT -> write(ex, 200, reply(source.embedDocuments(texts.subList(0, texts.size() - 1)), -1));
            case WRONG_DIMENSION -> {
                List<float[]> vs = new ArrayList<>();
                for (float[] v : source.embedDocuments(texts)) {
                    vs.add(java.util.Arrays.copyOf(v, v.length - 1));
                }
                write(ex, 200, reply(vs, -1));
            }
            case ECHO_KEY_400 -> write(ex, 400, "{\"error\":{\"message\":\"bad key " + auth + "\",\"type\":\"auth\"}}");
        }
    }

    /** The reply for {@code vectors}; {@code nanAt} >= 0 puts a NaN into that vector's first component. */
    private String reply(List<float[]> vectors, int nanAt) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            StringBuilder b = new StringBuilder("[");
            float[] v = vectors.get(i);
            for (int j = 0; j < v.length; j++) {
                b.append(j == 0 ? "" : ",").append(i == nanAt && j == 0 ? "NaN" : Float.toString(v[j]));
            }
            rows.add(b.append(']').toString());
        }
        if (protocol == Protocol.TEI) {
            return "[" + String.join(",", rows) + "]";
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        if (shuffle) {
            synchronized (random) {
                Collections.shuffle(order, random);
            }
        }
        StringBuilder b = new StringBuilder("{\"object\":\"list\",\"data\":[");
        for (int k = 0; k < order.size(); k++) {
            int i = order.get(k);
            b.append(k == 0 ? "" : ",").append("{\"object\":\"embedding\",\"index\":").append(i)
                    .append(",\"embedding\":").append(rows.get(i)).append('}');
        }
        return b.append("],\"model\":\"").append(modelId).append("\"}").toString();
    }

    private static void write(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
