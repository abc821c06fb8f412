package io.github.astrorag.core.generate;

import static io.github.astrorag.core.generate.Fixtures.CONTEXT;
import static io.github.astrorag.core.testing.ScriptedHttpServer.flood;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.testing.ScriptedHttpServer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An LLM server that answers with a body of 1.5 GB, whole or streamed, with or without line breaks: the call
 * fails at the reply cap with one line naming the endpoint and the limit, without retrying, within a small heap.
 */
class HostileGenerationServerTest {

    private static final long GIGABYTE_AND_A_HALF = 3L << 29;
    private static final String EVENT = "data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\n";

    @ParameterizedTest(name = "status {0}, chunked {1}")
    @CsvSource({"200, false", "500, false", "200, true"})
    void aWholeReplyOfOneAndAHalfGigabytesStopsAtTheCap(int status, boolean chunked) {
        AtomicLong written = new AtomicLong();
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> flood(status, "application/json",
                "{\"choices\":[{\"message\":{\"content\":\"", "a", GIGABYTE_AND_A_HALF, chunked, written))) {
            OpenAiCompatibleGenerator llm = OpenAiCompatibleGenerator.builder().baseUrl(server.url() + "/v1").model("m")
                    .timeout(Duration.ofSeconds(20)).backoff(Duration.ofMillis(5), Duration.ofMillis(20)).build();

            GenerationException x = catchThrowableOfType(() -> llm.generate(Fixtures.OPEN, CONTEXT),
                    GenerationException.class);

            assertFailedAtTheCap(x, server, written, "/v1/chat/completions");
        }
    }

    @ParameterizedTest(name = "piece {0}")
    @CsvSource(value = {"EVENTS", "ONE_LINE"})
    void aStreamOfOneAndAHalfGigabytesStopsAtTheCap(String kind) {
        AtomicLong written = new AtomicLong();
        String piece = kind.equals("EVENTS") ? EVENT : "x";
        try (ScriptedHttpServer server = ScriptedHttpServer.start(0, r -> flood(200, "text/event-stream",
                "", piece, GIGABYTE_AND_A_HALF, true, written))) {
            TgiGenerator llm = TgiGenerator.builder().baseUrl(server.url())
                    .timeout(Duration.ofSeconds(20)).backoff(Duration.ofMillis(5), Duration.ofMillis(20)).build();

            GenerationException x = catchThrowableOfType(
                    () -> llm.stream(Fixtures.OPEN, CONTEXT, token -> { }, new Fixtures.RecordingTrace()), GenerationException.class);

            assertFailedAtTheCap(x, server, written, "");
        }
    }

    private static void assertFailedAtTheCap(GenerationException x, ScriptedHttpServer server, AtomicLong written,
                                             String path) {
        assertThat(x).isNotNull();
        assertThat(x.getMessage()).contains("POST http://127.0.0.1:" + server.port() + path)
                .contains("larger than " + HttpEndpoint.DEFAULT_MAX_REPLY_BYTES + " bytes (maxReplyBytes)")
                .doesNotContain("\n").doesNotContain("OutOfMemory");
        assertThat(x.retriable()).isFalse();
        assertThat(server.requests()).hasSize(1);
        assertThat(written.get()).isLessThan(HttpEndpoint.DEFAULT_MAX_REPLY_BYTES * 4);
    }
}
