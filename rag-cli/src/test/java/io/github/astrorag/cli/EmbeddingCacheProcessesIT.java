package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedding cache shared by real {@code astrorag ask} processes with the default model: eight started at
 * once on an empty cache all answer alike; a damaged file costs one warning line; another model never reads
 * the first one's vectors.
 */
class EmbeddingCacheProcessesIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final String Q = "What resolving power does the spectrograph reach?";

    private record Result(int status, String out, String err) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(out);
        }
    }

    private static Process start(Path cache, Path stderr, String... extra) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString(), "ask", "--json", "--cache", cache.toString(), "--docs", "../rag-examples/samples"));
        command.addAll(List.of(extra));
        command.add(Q);
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }

    private static Result finish(Process p, Path stderr) throws Exception {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
        return new Result(p.exitValue(), out, Files.readString(stderr));
    }

    private static Result ask(Path cache, Path dir, String... extra) throws Exception {
        Path err = Files.createTempFile(dir, "err", ".txt");
        return finish(start(cache, err, extra), err);
    }

    private static JsonNode embed(JsonNode json) {
        for (JsonNode s : json.path("trace").path("ingest")) {
            if (s.path("name").asText().equals("embed")) {
                return s.path("details");
            }
        }
        throw new AssertionError("no embed stage");
    }

    @Test
    void eightProcessesOnAnEmptyCacheAllSucceedWithIdenticalAnswers(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        List<Process> processes = new ArrayList<>();
        List<Path> errs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path err = dir.resolve("err" + i + ".txt");
            errs.add(err);
            processes.add(start(cache, err));
        }
        List<JsonNode> answers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Result r = finish(processes.get(i), errs.get(i));
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.err()).as("no warning").doesNotContain("warning");
            answers.add(r.json());
        }
        for (JsonNode a : answers) {
            assertThat(a.path("answer")).isEqualTo(answers.get(0).path("answer"));
            assertThat(a.path("citations")).isEqualTo(answers.get(0).path("citations"));
        }
        Result again = ask(cache, dir);
        JsonNode e = embed(again.json());
        assertThat(e.path("cacheHits").asInt()).isEqualTo(e.path("texts").asInt()).isPositive();
        assertThat(again.json().path("citations")).isEqualTo(answers.get(0).path("citations"));

        Result otherModel = ask(cache, dir, "--model", "minilm-q");
        assertThat(otherModel.status()).as(otherModel.err()).isZero();
        assertThat(embed(otherModel.json()).path("cacheHits").asInt()).as("another model's vectors are never used").isZero();
    }

    @Test
    void aDamagedCacheFileGivesOneWarningLineAndTheSameAnswer(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        Result clean = ask(cache, dir, "--model", "minilm-q");
        assertThat(clean.status()).as(clean.err()).isZero();
        Path file = cache.resolve("embeddings.sqlite");
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < bytes.length; i += 97) {
            bytes[i] = (byte) ~bytes[i];
        }
        Files.write(file, bytes);
        Files.deleteIfExists(Path.of(file + "-wal"));
        Files.deleteIfExists(Path.of(file + "-shm"));
        Result damaged = ask(cache, dir, "--model", "minilm-q");
        assertThat(damaged.status()).as(damaged.err()).isZero();
        assertThat(damaged.err().lines().filter(l -> l.contains("warning"))).hasSize(1);
        assertThat(damaged.json().path("citations")).isEqualTo(clean.json().path("citations"));
        assertThat(damaged.json().path("answer")).isEqualTo(clean.json().path("answer"));
    }
}
