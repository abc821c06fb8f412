package io.github.astrorag.core.embed;

import static io.github.astrorag.core.testing.ScriptedHttpServer.flood;
import static io.github.astrorag.core.testing.ScriptedHttpServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.cache.CachingEmbedder;
import io.github.astrorag.core.cache.SqliteEmbeddingCache;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.ScriptedHttpServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Servers that answer with more than any embedding reply holds: a body without end, a vector of millions of
 * dimensions, a model name that echoes the key. Each must fail the call with one line naming the endpoint and
 * the limit (or be stored redacted), within a small heap, never with an {@code OutOfMemoryError}.
 */
class HostileEmbeddingServerTest {

    private static final String KEY = "sk-hostile-4b1d9e77";
    private static final long GIGABYTE_AND_A_HALF = 3L << 29;

    @TempDir
    Path dir;

    private static OpenAiCompatibleEmbedder.Builder openAi(ScriptedHttpServer server) {
        return OpenAiCompatibleEmbedder.builder().baseUrl(server.url() + "/v1").model("m")
                .timeout(Duration.ofSeconds(20)).backoff(Duration.ofMillis(5), Duration.ofMillis(20));
    }

    @ParameterizedTest(name = "status {0}, chunked {1}")
    @CsvSource({"200, false", "500, false", "200, true"})
    void aBodyOfOneAndAHalfGigabytesStopsAtTheCap(int status, boolean chunked) {
        AtomicLong written = new AtomicLong();
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> flood(status, "application/json",
                "{\"data\":[{\"index\":0,\"embedding\":[", "0.25,", GIGABYTE_AND_A_HALF, chunked, written))) {
            OpenAiCompatibleEmbedder e = openAi(server).build();

            EmbeddingException x = catchThrowableOfType(() -> e.embedQuery("q"), EmbeddingException.class);

            assertThat(x).isNotNull();
            assertThat(x.getMessage()).contains("POST http://127.0.0.1:" + server.port() + "/v1/embeddings")
                    .contains("larger than " + HttpEndpoint.DEFAULT_MAX_REPLY_BYTES + " bytes (maxReplyBytes)")
                    .doesNotContain("\n").doesNotContain("OutOfMemory");
            assertThat(x.retriable()).isFalse();
            assertThat(server.requests()).hasSize(1);
            assertThat(written.get()).isLessThan(HttpEndpoint.DEFAULT_MAX_REPLY_BYTES * 4);
        }
    }

    @Test
    void theCapIsASettingOfTheEndpoint() {
        AtomicLong written = new AtomicLong();
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> flood(200, "application/json",
                "[[", "0.5,", GIGABYTE_AND_A_HALF, true, written))) {
            TeiEmbedder e = TeiEmbedder.builder().baseUrl(server.url()).maxReplyBytes(4096).build();

            EmbeddingException x = catchThrowableOfType(() -> e.embedQuery("q"), EmbeddingException.class);

            assertThat(x.getMessage()).contains("/embed").contains("larger than 4096 bytes (maxReplyBytes)");
            assertThat(e.describe()).containsEntry("maxReplyBytes", 4096L);
        }
    }

    private static String oneVector(String open, String close, int dimension, String component) {
        StringBuilder b = new StringBuilder(open.length() + dimension * (component.length() + 1) + close.length());
        b.append(open);
        for (int i = 0; i < dimension; i++) {
            b.append(i == 0 ? "" : ",").append(component);
        }
        return b.append(close).toString();
    }

    @Test
    void aVectorOfThreeMillionDimensionsIsRefusedByItsDimension() {
        String body = oneVector("{\"data\":[{\"index\":0,\"embedding\":[", "]}]}", 3_000_000, "0.5");
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> json(200, body))) {
            EmbeddingException x = catchThrowableOfType(() -> openAi(server).build().embedQuery("q"),
                    EmbeddingException.class);

            assertThat(x).isNotNull();
            assertThat(x.getMessage()).contains("/v1/embeddings")
                    .contains("an array of more than " + HttpEmbedder.MAX_DIMENSION + " values")
                    .contains("vectors may have at most " + HttpEmbedder.MAX_DIMENSION + " dimensions")
                    .doesNotContain("\n").doesNotContain("OutOfMemory");
        }
    }

    @Test
    void aVectorLongerThanTheMaximumIsRefusedEvenWithTheDimensionGiven() {
        String body = oneVector("[[", "]]", 3_000_000, "0.5");
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> json(200, body))) {
            TeiEmbedder e = TeiEmbedder.builder().baseUrl(server.url()).dimension(64).build();

            EmbeddingException x = catchThrowableOfType(() -> e.embedQuery("q"), EmbeddingException.class);

            assertThat(x.getMessage()).contains("/embed")
                    .contains("an array of more than " + HttpEmbedder.MAX_DIMENSION + " values")
                    .doesNotContain("OutOfMemory");
        }
    }

    @Test
    void aVectorOfThreeMillionLongComponentsIsRefusedByTheReplyCap() {
        AtomicLong written = new AtomicLong();
        // 3,000,000 components of 20 bytes: a 60 MB body, refused at the cap before it is parsed
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> flood(200, "application/json", "[[",
                "-0.0123456789012345,", 2 + 3_000_000L * 20, false, written))) {
            EmbeddingException x = catchThrowableOfType(
                    () -> TeiEmbedder.builder().baseUrl(server.url()).build().embedQuery("q"), EmbeddingException.class);

            assertThat(x.getMessage()).contains("larger than " + HttpEndpoint.DEFAULT_MAX_REPLY_BYTES + " bytes")
                    .doesNotContain("OutOfMemory");
        }
    }

    @Test
    void aModelNameThatEchoesTheKeyIsStoredRedacted() throws Exception {
        Path file = dir.resolve("cache.sqlite");
        try (EmbeddingServer server = EmbeddingServer.start(EmbeddingServer.Protocol.TEI, new HashingEmbedder(64),
                "org/model-" + KEY, false);
             SqliteEmbeddingCache cache = SqliteEmbeddingCache.builder().file(file).build()) {
            TeiEmbedder e = TeiEmbedder.builder().baseUrl(server.baseUrl()).apiKey(() -> KEY).build();
            new CachingEmbedder(e, cache).embedDocuments(List.of("a passage"));
            assertThat(server.requests()).isPositive();
        }
        List<String> spaces = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = db.createStatement();
             ResultSet r = s.executeQuery("SELECT name FROM spaces")) {
            while (r.next()) {
                spaces.add(r.getString(1));
            }
        }
        assertThat(spaces).isNotEmpty().noneMatch(name -> name.contains(KEY))
                .allMatch(name -> name.startsWith("tei:org/model-***@abc123;dim=64"));
    }
}
