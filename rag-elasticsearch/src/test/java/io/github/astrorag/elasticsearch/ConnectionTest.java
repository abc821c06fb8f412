package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.astrorag.core.IndexException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client side without a node: an in-process HTTP server that answers like Elasticsearch (its product
 * header, its error bodies) or not at all; a closed port.
 */
class ConnectionTest {

    private static final String SECRET = "hunter2-hunter2";
    private static final String HEALTH = "{\"cluster_name\":\"c\",\"status\":\"yellow\",\"timed_out\":false,\"number_of_nodes\":1,"
            + "\"number_of_data_nodes\":1,\"active_primary_shards\":0,\"active_shards\":0,\"relocating_shards\":0,"
            + "\"initializing_shards\":0,\"unassigned_shards\":0,\"unassigned_primary_shards\":0,\"delayed_unassigned_shards\":0,"
            + "\"number_of_pending_tasks\":0,\"number_of_in_flight_fetch\":0,\"task_max_waiting_in_queue_millis\":0,"
            + "\"active_shards_percent_as_number\":100.0}";
    private static final String UNAUTHENTICATED = "{\"error\":{\"root_cause\":[{\"type\":\"security_exception\","
            + "\"reason\":\"unable to authenticate user [ingest] for REST request [/_cluster/health]\"}],"
            + "\"type\":\"security_exception\",\"reason\":\"unable to authenticate user [ingest] for REST request [/_cluster/health]\"},"
            + "\"status\":401}";
    private static final String FORBIDDEN = "{\"error\":{\"root_cause\":[{\"type\":\"security_exception\","
            + "\"reason\":\"action [indices:admin/create] is unauthorized for user [reader]\"}],"
            + "\"type\":\"security_exception\",\"reason\":\"action [indices:admin/create] is unauthorized for user [reader]\"},"
            + "\"status\":403}";

    private HttpServer server;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);

    private String serve(int status, String body) throws IOException {
        return serve(exchange -> answer(exchange, status, body));
    }

    private String serve(com.sun.net.httpserver.HttpHandler handler) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", handler);
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void answer(HttpExchange exchange, int status, String body) throws IOException {
        authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        if (status == 0) { // never answer (until the test ends)
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("X-Elastic-Product", "Elasticsearch");
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status == 0 ? 200 : status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    private static ElasticsearchEphemeralIndexFactory factory(ElasticsearchSettings settings) {
        return ElasticsearchEphemeralIndexFactory.builder(settings).build();
    }

    @Test
    void healthSendsTheCredentialsAsHeaders() throws Exception {
        String url = serve(200, HEALTH);
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.builder().url(url).apiKey("aWQ6a2V5").build())) {
            assertThat(f.health()).isEqualTo("yellow");
        }
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.builder().url(url).basicAuth("elastic", "changeme").build())) {
            assertThat(f.health()).isEqualTo("yellow");
        }
        assertThat(authorizations).containsExactly("ApiKey aWQ6a2V5", "Basic ZWxhc3RpYzpjaGFuZ2VtZQ==");
    }

    @Test
    void refusedCredentialsAreAnAuthenticationErrorWithoutTheSecret() throws Exception {
        String url = serve(401, UNAUTHENTICATED);
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.builder().url(url).basicAuth("ingest", SECRET).build())) {
            Throwable t = catchThrowable(f::health);
            assertThat(t).isInstanceOf(ElasticsearchAuthenticationException.class)
                    .hasMessage("authentication failed while checking cluster health on Elasticsearch at " + url
                            + " (HTTP 401): user 'ingest' was refused: check the user name and password");
            for (Throwable c = t; c != null; c = c.getCause()) {
                assertThat(String.valueOf(c.getMessage())).doesNotContain(SECRET);
            }
        }
    }

    @Test
    void aMissingPrivilegeIsNamed() throws Exception {
        String url = serve(403, FORBIDDEN);
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.builder().url(url).basicAuth("reader", SECRET).build())) {
            Throwable t = catchThrowable(() -> f.create(8));
            assertThat(t).isInstanceOf(ElasticsearchAuthenticationException.class)
                    .hasMessageContaining("not authorised while creating index astrorag-")
                    .hasMessageContaining("action [indices:admin/create] is unauthorized for user [reader]");
            assertThat(((ElasticsearchAuthenticationException) t).status()).isEqualTo(403);
        }
    }

    @Test
    void aSilentNodeFailsWithinTheSocketTimeout() throws Exception {
        String url = serve(0, HEALTH);
        ElasticsearchSettings s = ElasticsearchSettings.builder().url(url).socketTimeout(Duration.ofMillis(500)).retries(3).build();
        try (ElasticsearchEphemeralIndexFactory f = factory(s)) {
            long t0 = System.nanoTime();
            assertThatThrownBy(f::health).isInstanceOf(IndexException.class)
                    .hasMessageContaining("no answer from Elasticsearch at " + url + " within the socket timeout of 500 ms");
            double seconds = (System.nanoTime() - t0) / 1e9;
            // not retried: the request had reached the node (one request, below); without the socket timeout the call
            // would wait the 30 s the silent server holds its answer
            assertThat(seconds).isBetween(0.45, 20.0);
            assertThat(authorizations).hasSize(1);
        }
    }

    @Test
    void anUnreachableNodeIsRetriedThenNamed() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        ElasticsearchSettings s = ElasticsearchSettings.builder().url("http://127.0.0.1:" + port).retries(2).build();
        try (ElasticsearchEphemeralIndexFactory f = factory(s)) {
            long t0 = System.nanoTime();
            assertThatThrownBy(f::health).isInstanceOf(IndexException.class)
                    .hasMessageContaining("cannot reach Elasticsearch at http://127.0.0.1:" + port)
                    .hasMessageContaining("(3 attempts)");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(seconds).isBetween(0.29, 20.0); // back-offs 100 + 200 ms
        }
    }

    @Test
    void anHtmlPageFromAServerThatIsNotElasticsearchIsSummarisedOnOneLine() throws Exception {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n");
        for (int i = 0; i < 12; i++) {
            html.append("<p>line ").append(i).append(" of a web server's error page</p>\n");
        }
        html.append("</body>\n</html>\n");
        String page = html.toString();
        String url = serve(exchange -> {
            byte[] bytes = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(404, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.of(url))) {
            for (Throwable t : List.of(catchThrowable(f::health), catchThrowable(() -> f.create(8)))) {
                assertThat(t).isInstanceOf(IndexException.class).hasMessageContaining(url).hasMessageContaining("404");
                assertThat(t.getMessage()).doesNotContain("\n").doesNotContain("line 5 of").hasSizeLessThan(600);
            }
        }
    }

    @Test
    void aSecretEchoedByTheServerIsRedactedInEveryForm() throws Exception {
        String echo = "{\"error\":{\"type\":\"x\",\"reason\":\"bad password [" + SECRET + "] or ["
                + SECRET.substring(0, 5) + "\\n" + SECRET.substring(5) + "], header Authorization: Basic Zm9vOmJhcg==\"},\"status\":400}";
        String url = serve(400, echo);
        try (ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.builder().url(url).basicAuth("u", SECRET).build())) {
            Throwable t = catchThrowable(f::health);
            assertThat(t).hasMessageContaining("bad password [***] or [***]").hasMessageContaining("Basic ***");
            for (Throwable c = t; c != null; c = c.getCause()) {
                assertThat(String.valueOf(c.getMessage())).doesNotContain(SECRET).doesNotContain("Zm9vOmJhcg");
            }
        }
    }

    @Test
    void theTotalTimeoutBoundsRetriesAndCapsTheSocketTimeout() throws Exception {
        String url = serve(0, HEALTH);
        ElasticsearchSettings s = ElasticsearchSettings.builder().url(url).timeout(Duration.ofMillis(700)).build();
        assertThat(s.socketTimeout()).isEqualTo(Duration.ofMillis(700));
        assertThat(ElasticsearchSettings.of(url).describe()).containsEntry("timeoutMillis", 60_000L);
        try (ElasticsearchEphemeralIndexFactory f = factory(s)) {
            long t0 = System.nanoTime();
            // the client's socket timeout or the call's deadline, whichever fires first: both are 700 ms
            assertThatThrownBy(f::health).isInstanceOf(IndexException.class).hasMessageContaining("timeout of 700 ms");
            // uncapped, the socket timeout would be the default 30 s
            assertThat((System.nanoTime() - t0) / 1e9).isBetween(0.6, 20.0);
        }
    }

    @Test
    void silentNodesFailWithinTheTotalTimeoutThoughTheClientWouldTryEach() throws Exception {
        List<String> urls = new ArrayList<>();
        List<HttpServer> servers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            urls.add(serve(0, HEALTH));
            servers.add(server);
        }
        // the client tries the next node after each one's socket timeout (800 ms): 6.4 s for the eight without the
        // deadline of 1 s, which leaves seconds of slack for a busy machine between the two
        ElasticsearchSettings s = ElasticsearchSettings.builder().urls(urls)
                .socketTimeout(Duration.ofMillis(800)).timeout(Duration.ofMillis(1000)).build();
        try (ElasticsearchEphemeralIndexFactory f = factory(s)) {
            long t0 = System.nanoTime();
            assertThatThrownBy(f::health).isInstanceOf(IndexException.class)
                    .hasMessage("no complete answer from Elasticsearch at " + String.join(",", urls) + " within the timeout of 1000 ms "
                            + "while checking cluster health: a node may be overloaded, stopped or lost");
            assertThat((System.nanoTime() - t0) / 1e9).isBetween(0.95, 5.0);
        } finally {
            release.countDown();
            servers.forEach(one -> one.stop(0));
            server = null;
        }
    }

    @Test
    void aClosedFactoryRefusesWorkAndBuildersFailFast() {
        ElasticsearchEphemeralIndexFactory f = factory(ElasticsearchSettings.of("http://127.0.0.1:9"));
        f.close();
        f.close();
        assertThatThrownBy(() -> f.create(3)).isInstanceOf(IndexException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> f.create(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..4096");
        ElasticsearchEphemeralIndexFactory.Builder b = ElasticsearchEphemeralIndexFactory.builder(ElasticsearchSettings.of("http://h"));
        assertThatThrownBy(() -> b.numCandidates(10_001)).hasMessageContaining("10000").hasMessageContaining("10001");
        assertThatThrownBy(() -> b.bulkSize(0)).hasMessageContaining("bulkSize");
        assertThatThrownBy(() -> b.indexPrefix("UPPER")).hasMessageContaining("UPPER");
        b.hybridWindow(20);
        assertThatThrownBy(() -> b.hybridWindow(30)).hasMessageContaining("already set");
    }
}
