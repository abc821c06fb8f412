package io.github.astrorag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's embedding cache: on by default, reused by the next ask, inspected and cleared. */
class CacheCommandTest {

    private static final String Q = "What resolving power does the spectrograph reach?";

    private static JsonNode embed(JsonNode json) {
        for (JsonNode s : json.path("trace").path("ingest")) {
            if (s.path("name").asText().equals("embed")) {
                return s.path("details");
            }
        }
        throw new AssertionError("no embed stage in " + json.path("trace").path("ingest"));
    }

    @Test
    void aSecondAskTakesEveryChunkVectorFromTheCacheAndAnswersTheSame(@TempDir Path cache) throws Exception {
        AskCommandTest.Run first = AskCommandTest.run("ask", "--model", "hashing", "--cache", cache.toString(), "--json",
                "--docs", "samples", Q);
        AskCommandTest.Run second = AskCommandTest.run("ask", "--model", "hashing", "--cache", cache.toString(), "--json",
                "--docs", "samples", Q);
        assertThat(first.status()).as(first.err()).isZero();
        assertThat(second.status()).as(second.err()).isZero();
        JsonNode a = first.json();
        JsonNode b = second.json();
        int texts = embed(a).path("texts").asInt();
        assertThat(texts).isPositive();
        assertThat(embed(a).path("cacheMisses").asInt()).isEqualTo(texts);
        assertThat(embed(b).path("cacheHits").asInt()).isEqualTo(texts);
        assertThat(b.path("answer")).isEqualTo(a.path("answer"));
        assertThat(b.path("citations")).isEqualTo(a.path("citations"));
        assertThat(b.path("trace").path("ingest")).extracting(JsonNode::toString).asString()
                .contains("\"load\"", "\"chunk\"", "\"embed\"", "\"index\"");
        assertThat(b.path("trace").path("totalMillis").asDouble())
                .isGreaterThanOrEqualTo(b.path("trace").path("ingestMillis").asDouble()).isPositive();

        AskCommandTest.Run text = AskCommandTest.run("ask", "--model", "hashing", "--cache", cache.toString(), "--docs", "samples", Q);
        assertThat(text.out().strip().lines().reduce((x, y) -> y).orElseThrow())
                .matches("\\(time: ingest \\d+ ms, " + texts + " of " + texts + " chunk vectors from the cache, question \\d+ ms\\)");

        AskCommandTest.Run stats = AskCommandTest.run("cache", "stats", "--cache", cache.toString());
        assertThat(stats.status()).as(stats.err()).isZero();
        assertThat(stats.out()).contains("entries   " + texts).contains(cache.toString());
        AskCommandTest.Run clear = AskCommandTest.run("cache", "clear", "--cache", cache.toString());
        assertThat(clear.out()).startsWith("cleared " + texts + " entries");
        assertThat(AskCommandTest.run("cache", "stats", "--cache", cache.toString()).out()).contains("entries   0");
    }

    @Test
    void noCacheEmbedsEverythingAndContradictoryOptionsAreRefused(@TempDir Path cache) throws Exception {
        AskCommandTest.Run off = AskCommandTest.run("ask", "--model", "hashing", "--no-cache", "--json", "--docs", "samples", Q);
        assertThat(off.status()).as(off.err()).isZero();
        assertThat(embed(off.json()).path("cache").asText()).isEqualTo("none");
        AskCommandTest.Run both = AskCommandTest.run("ask", "--model", "hashing", "--no-cache", "--cache", cache.toString(),
                "--docs", "samples", Q);
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--cache and --no-cache");
    }

    @Test
    void theDefaultFolderFollowsXdg() {
        assertThat(CacheOptions.defaultFolder(Map.of("XDG_CACHE_HOME", "/x/cache"))).isEqualTo(Path.of("/x/cache", "astrorag"));
        assertThat(CacheOptions.defaultFolder(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "astrorag"));
    }
}
