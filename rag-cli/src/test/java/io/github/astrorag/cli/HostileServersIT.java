package io.github.astrorag.cli;

import static io.github.astrorag.core.testing.ScriptedHttpServer.flood;
import static io.github.astrorag.core.testing.ScriptedHttpServer.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.testing.ScriptedHttpServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command under {@code -Xmx1g} against servers that send more than any reply holds: a body of
 * 1.5 GB from an embedding or LLM server, a vector of 3,000,000 dimensions. Each fails with exit 2 and one line
 * naming the endpoint and the limit, never with an {@code OutOfMemoryError}; a flood is read no further than the
 * reply cap (the bytes the server got out, not the time, which a busy machine stretches).
 */
class HostileServersIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final long GIGABYTE_AND_A_HALF = 3L << 29;

    @TempDir
    Path dir;

    record Result(int status, String err, double seconds) {
    }

    @BeforeAll
    static void packaged() {
        assertThat(JAR).exists();
    }

    private Result ask(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-jar", JAR.toString(), "ask", "--no-cache", "--docs", "../rag-examples/samples"));
        command.addAll(List.of(args));
        command.add("How wide is the dome?");
        Path err = dir.resolve("err.txt");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(err.toFile()).start();
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
        return new Result(p.exitValue(), Files.readString(err), (System.nanoTime() - t0) / 1e9);
    }

    private static void assertOneLine(Result r, String... fragments) {
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(fragments).doesNotContain("OutOfMemory");
    }

    /** The client stopped reading at the cap: the server got no further than the cap and the socket buffers. */
    private static void stoppedAtTheCap(AtomicLong written, Result r) {
        assertThat(written.get()).as("bytes the server sent before the client hung up (the run took %.1f s)", r.seconds())
                .isLessThan(4 * HttpEndpoint.DEFAULT_MAX_REPLY_BYTES);
    }

    @Test
    void anEmbeddingServerSendingOneAndAHalfGigabytesIsCutAtTheReplyCap() throws Exception {
        for (int status : new int[] {200, 500}) {
            AtomicLong written = new AtomicLong();
            try (ScriptedHttpServer server = ScriptedHttpServer.start(0, req -> flood(status, "application/json",
                    "{\"data\":[{\"index\":0,\"embedding\":[", "0.25,", GIGABYTE_AND_A_HALF, status == 200, written))) {
                Result r = ask("--embedder", "openai", "--embed-url", server.url() + "/v1", "--embed-model", "m");
                assertOneLine(r, server.url() + "/v1/embeddings", "larger than 16777216 bytes (maxReplyBytes)");
                assertThat(server.requests()).hasSize(1);
                stoppedAtTheCap(written, r);
            }
        }
    }

    @Test
    void anLlmServerSendingOneAndAHalfGigabytesIsCutAtTheReplyCap() throws Exception {
        AtomicLong written = new AtomicLong();
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, req -> flood(200, "application/json",
                "{\"choices\":[{\"message\":{\"content\":\"", "a", GIGABYTE_AND_A_HALF, true, written))) {
            Result r = ask("--model", "hashing", "--generator", "openai", "--base-url", server.url() + "/v1",
                    "--llm-model", "m");
            assertOneLine(r, server.url() + "/v1/chat/completions", "larger than 16777216 bytes (maxReplyBytes)");
            stoppedAtTheCap(written, r);
        }
    }

    @Test
    void aVectorOfThreeMillionDimensionsIsRefusedByItsDimension() throws Exception {
        StringBuilder body = new StringBuilder("[[0.5");
        for (int i = 1; i < 3_000_000; i++) {
            body.append(",0.5");
        }
        String reply = body.append("]]").toString();
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, req -> json(200, reply))) {
            Result r = ask("--embedder", "tei", "--embed-url", server.url());
            assertOneLine(r, server.url() + "/embed", "an array of more than 65536 values");
        }
    }
}
