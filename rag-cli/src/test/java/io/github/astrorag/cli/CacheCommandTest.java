package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
                "--docs", "../rag-examples/samples", Q);
        AskCommandTest.Run second = AskCommandTest.run("ask", "--model", "hashing", "--cache", cache.toString(), "--json",
                "--docs", "../rag-examples/samples", Q);
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

        AskCommandTest.Run text = AskCommandTest.run("ask", "--model", "hashing", "--cache", cache.toString(), "--docs", "../rag-examples/samples", Q);
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
        AskCommandTest.Run off = AskCommandTest.run("ask", "--model", "hashing", "--no-cache", "--json", "--docs", "../rag-examples/samples", Q);
        assertThat(off.status()).as(off.err()).isZero();
        assertThat(embed(off.json()).path("cache").asText()).isEqualTo("none");
        AskCommandTest.Run both = AskCommandTest.run("ask", "--model", "hashing", "--no-cache", "--cache", cache.toString(),
                "--docs", "../rag-examples/samples", Q);
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--cache and --no-cache");
    }

    @Test
    void theDefaultFolderFollowsXdg() {
        assertThat(CacheOptions.defaultFolder(Map.of("XDG_CACHE_HOME", "/x/cache"))).isEqualTo(Path.of("/x/cache", "astrorag"));
        assertThat(CacheOptions.defaultFolder(Map.of())).isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "astrorag"));
    }

    /**
     * Hostile input row 8: the maintenance commands tell the truth. A cache folder that is a regular file, and one
     * under a regular file (what a read-only mount does to a root user, whom permissions do not stop), exit 2 with one
     * line saying what could not be done; an ask over the same folder still answers, with one warning.
     */
    @Test
    void cacheClearAndStatsOnAnUnusableCacheExitTwoInOneLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        for (Path folder : List.of(file, file.resolve("sub"))) {
            for (String command : List.of("clear", "stats")) {
                AskCommandTest.Run r = AskCommandTest.run("cache", command, "--cache", folder.toString());
                assertThat(r.status()).as(command + " " + folder + ": " + r.out() + r.err()).isEqualTo(AstroRagCommand.EXIT_ERROR);
                assertThat(r.out()).doesNotContain("null").doesNotContain("cleared");
                assertThat(r.err().strip().lines()).singleElement().asString().startsWith("astrorag: error: ")
                        .contains("cannot be used").contains(folder.toString()).endsWith(": nothing was done");
            }
        }
        assertThat(Files.readString(file)).isEqualTo("x");
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        if (readOnly.toFile().setWritable(false, false) && !Files.isWritable(readOnly)) {
            // permissions stop only a user that is not root: as root this part cannot be simulated and is skipped
            AskCommandTest.Run r = AskCommandTest.run("cache", "clear", "--cache", readOnly.resolve("sub").toString());
            assertThat(r.status()).as(r.err()).isEqualTo(AstroRagCommand.EXIT_ERROR);
            readOnly.toFile().setWritable(true, false);
        }
        AskCommandTest.Run ask = AskCommandTest.run("ask", "--model", "hashing", "--cache", file.toString(), "--docs", "../rag-examples/samples", Q);
        assertThat(ask.status()).as(ask.err()).isZero();
        assertThat(ask.err().strip().lines()).singleElement().asString().startsWith("astrorag: warning: ");
    }

    /** Hostile input row 8: a cache that is not ours (row 12) is not cleared either, and says so. */
    @Test
    void cacheClearOfADatabaseThatIsNotOursExitsTwoAndLeavesIt(@TempDir Path dir) throws Exception {
        Path db = dir.resolve(io.github.astrorag.core.cache.SqliteEmbeddingCache.FILE_NAME);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
                java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE TABLE notes (body TEXT)");
        }
        byte[] before = Files.readAllBytes(db);
        AskCommandTest.Run r = AskCommandTest.run("cache", "clear", "--cache", dir.toString());
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(AstroRagCommand.EXIT_ERROR);
        assertThat(r.err()).contains("not this cache's database");
        assertThat(Files.readAllBytes(db)).isEqualTo(before);
    }

    /** Hostile input row 14: an empty path is refused rather than read as the current folder. */
    @Test
    void anEmptyCachePathIsRefused() {
        for (List<String> args : List.of(List.of("cache", "stats", "--cache", ""), List.of("cache", "clear", "--cache", " "),
                List.of("ask", "--model", "hashing", "--cache", "", "--docs", "../rag-examples/samples", Q))) {
            AskCommandTest.Run r = AskCommandTest.run(args.toArray(String[]::new));
            assertThat(r.status()).as(args + ": " + r.err()).isEqualTo(AstroRagCommand.EXIT_ERROR);
            assertThat(r.err()).contains("--cache was given an empty path");
        }
        assertThat(Path.of(io.github.astrorag.core.cache.SqliteEmbeddingCache.FILE_NAME)).doesNotExist();
    }
}
