package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.testing.EmbeddingServer.Fault;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;
import io.github.astrorag.core.testing.EmbeddingServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What both remote embedders must do, against a real server of their protocol that serves the vectors of
 * a {@link HashingEmbedder} (so every expected vector is computed in process, bit for bit); and the
 * {@link EmbedderContract}, against a server that answers batches out of order.
 */
abstract class RemoteEmbedderTests extends EmbedderContract {

    static final String KEY = "sk-test-Remote0Embed1Key2";
    static final Embedder SOURCE = new HashingEmbedder(64);

    private final List<EmbeddingServer> servers = new ArrayList<>();

    abstract Protocol protocol();

    /** A builder pointed at {@code server}, with the protocol's required settings. */
    abstract HttpEmbedder.Builder<?> builder(EmbeddingServer server);

    abstract HttpEmbedder build(HttpEmbedder.Builder<?> builder);

    EmbeddingServer server(boolean shuffle) {
        EmbeddingServer s = EmbeddingServer.start(protocol(), SOURCE, "test/model-64", shuffle);
        servers.add(s);
        return s;
    }

    HttpEmbedder embedder(EmbeddingServer server) {
        return build(builder(server).backoff(Duration.ofMillis(1), Duration.ofSeconds(2)));
    }

    @Override
    protected Embedder embedder() {
        return build(builder(server(true)).batchSize(2).concurrency(3));
    }

    @AfterEach
    void closeServers() {
        servers.forEach(EmbeddingServer::close);
    }

    static List<String> texts(int n) {
        List<String> t = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            t.add("text number " + i + " about spectrograph " + (i * 7 % 13));
        }
        return t;
    }

    static void assertSameVectors(List<float[]> actual, List<float[]> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("vector %d", i).containsExactly(expected.get(i));
        }
    }

    @Test
    void batchesSentConcurrentlyAnsweredOutOfOrderComeBackInInputOrder() {
        EmbeddingServer server = server(true);
        HttpEmbedder e = build(builder(server).batchSize(8).concurrency(4));
        List<String> texts = texts(100);

        List<float[]> vectors = e.embedDocuments(texts);

        assertSameVectors(vectors, SOURCE.embedDocuments(texts));
        List<List<String>> batches = server.batches();
        assertThat(batches).hasSize(13);
        assertThat(batches.stream().mapToInt(List::size).sorted().toArray())
                .containsExactly(4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8);
        Set<List<String>> expected = new HashSet<>();
        for (int i = 0; i < 100; i += 8) {
            expected.add(texts.subList(i, Math.min(100, i + 8)));
        }
        assertThat(new HashSet<>(batches)).isEqualTo(expected);
        assertThat(e.dimension()).isEqualTo(64);
    }

    @Test
    void everyVectorHasUnitNorm() {
        HttpEmbedder e = embedder(server(false));
        for (float[] v : e.embedDocuments(texts(5))) {
            assertThat(Vectors.norm(v)).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-6));
        }
        assertThat(e.embedDocuments(List.of())).isEmpty();
    }

    @Test
    void prefixesGoBeforeQueriesAndPassages() {
        EmbeddingServer server = server(false);
        HttpEmbedder e = build(builder(server).queryPrefix("query: ").passagePrefix("passage: "));

        float[] q = e.embedQuery("what resolves 5000?");
        List<float[]> p = e.embedDocuments(List.of("a slit"));

        assertThat(server.batches()).containsExactly(List.of("query: what resolves 5000?"), List.of("passage: a slit"));
        assertThat(q).containsExactly(SOURCE.embedDocuments(List.of("query: what resolves 5000?")).get(0));
        assertThat(p.get(0)).containsExactly(SOURCE.embedDocuments(List.of("passage: a slit")).get(0));
        assertThat(e.fingerprint().orElseThrow()).endsWith(";query=\"query: \";passage=\"passage: \"");
    }

    @Test
    void retriesAfter429And503HonouringRetryAfter() {
        EmbeddingServer server = server(false).enqueue(Fault.RETRY_LATER_429, Fault.UNAVAILABLE_503);
        HttpEmbedder e = embedder(server);
        long start = System.nanoTime();

        List<float[]> vectors = e.embedDocuments(texts(3));

        assertSameVectors(vectors, SOURCE.embedDocuments(texts(3)));
        assertThat(server.requests()).isEqualTo(3);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(950));
    }

    @Test
    void httpErrorsSayTheStatusAndTheEndpointAfterTheLastAttempt() {
        EmbeddingServer server = server(false)
                .enqueue(Fault.UNAVAILABLE_503, Fault.UNAVAILABLE_503, Fault.UNAVAILABLE_503);
        HttpEmbedder e = embedder(server);

        assertThatThrownBy(() -> e.embedDocuments(texts(2)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("POST " + server.baseUrl() + path())
                .hasMessageContaining("after 3 attempts")
                .hasMessageContaining("HTTP 503")
                .satisfies(t -> assertThat(((EmbeddingException) t).status()).isEqualTo(503));
    }

    @Test
    void aServerThatHangsIsBoundedByTheTimeout() {
        EmbeddingServer server = server(false).enqueue(Fault.HANG, Fault.HANG, Fault.HANG);
        HttpEmbedder e = build(builder(server).requestTimeout(Duration.ofMillis(300)).timeout(Duration.ofSeconds(1))
                .backoff(Duration.ofMillis(1), Duration.ofMillis(10)));
        long start = System.nanoTime();

        assertThatThrownBy(() -> e.embedDocuments(texts(2)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(server.baseUrl() + path())
                .hasMessageContaining("no reply within");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30)); // a hang holds 60 s
    }

    @Test
    void aWrongDimensionOnTheThirdBatchFails() {
        EmbeddingServer server = server(false).enqueue(Fault.NONE, Fault.NONE, Fault.WRONG_DIMENSION);
        HttpEmbedder e = build(builder(server).batchSize(2).concurrency(1));

        assertThatThrownBy(() -> e.embedDocuments(texts(6)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(server.baseUrl() + path() + " (batch 3 of 3, texts 4..5)")
                .hasMessageContaining("the vector of text #4 has dimension 63, but the first reply had 64");
    }

    @Test
    void aGivenDimensionIsCheckedOnTheFirstReply() {
        HttpEmbedder e = build(builder(server(false)).dimension(32));
        assertThat(e.dimension()).isEqualTo(32);
        assertThatThrownBy(() -> e.embedDocuments(texts(1)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("has dimension 64, but the embedder was built for 32");
    }

    @Test
    void nanIsRefused() {
        EmbeddingServer server = server(false).enqueue(Fault.NAN);
        assertThatThrownBy(() -> embedder(server).embedDocuments(texts(2)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(server.baseUrl() + path())
                .hasMessageContaining("the vector of text #1 has a non-finite component (NaN at 0)");
    }

    @Test
    void aReplyThatIsNotJsonIsRefused() {
        EmbeddingServer server = server(false).enqueue(Fault.NOT_JSON);
        assertThatThrownBy(() -> embedder(server).embedDocuments(texts(2)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(server.baseUrl() + path())
                .hasMessageContaining("the reply is not valid JSON")
                .hasMessageContaining("it begins '<html>gateway</html>'");
    }

    @Test
    void aShortReplyIsRefused() {
        EmbeddingServer server = server(false).enqueue(Fault.SHORT);
        assertThatThrownBy(() -> embedder(server).embedDocuments(texts(3)))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(server.baseUrl() + path())
                .hasMessageContaining("holds 2")
                .hasMessageContaining("for 3 texts");
    }

    @Test
    void theKeyIsSentButNeverShown() {
        EmbeddingServer server = server(false).enqueue(Fault.ECHO_KEY_400);
        HttpEmbedder e = build(builder(server).apiKey(() -> KEY));

        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> e.embedDocuments(texts(2)));

        assertThat(server.authorizations()).containsExactly("Bearer " + KEY);
        assertThat(thrown).isInstanceOf(EmbeddingException.class).hasMessageContaining("HTTP 400")
                .hasMessageContaining("bad key Bearer ***");
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertThat(t.toString()).doesNotContain(KEY).doesNotContain("Remote0Embed1Key2");
        }
        assertThat(e.toString()).doesNotContain(KEY);
        assertThat(e.describe().toString()).doesNotContain(KEY).contains("apiKey=supplied");
    }

    @Test
    void notCacheableMeansNoFingerprint() {
        assertThat(build(builder(server(false)).cacheable(false)).fingerprint()).isEqualTo(Optional.empty());
    }

    @Test
    void buildersFailFast() {
        EmbeddingServer server = server(false);
        assertThatThrownBy(() -> builder(server).batchSize(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("batchSize must be in [1, 2048], was 0");
        assertThatThrownBy(() -> builder(server).concurrency(65)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("concurrency must be in [1, 64], was 65");
        assertThatThrownBy(() -> builder(server).batchSize(2).batchSize(3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("batchSize was already set");
        assertThatThrownBy(() -> builder(server).apiKeyEnv("X", n -> " k")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("white space");
    }

    abstract String path();
}
