package io.github.astrorag.core.generate;

import static io.github.astrorag.core.generate.Fixtures.CHUNK_1;
import static io.github.astrorag.core.generate.Fixtures.CHUNK_2;
import static io.github.astrorag.core.generate.Fixtures.CONTEXT;
import static io.github.astrorag.core.testing.ScriptedHttpServer.json;
import static io.github.astrorag.core.testing.ScriptedHttpServer.sse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.testing.ScriptedHttpServer;
import io.github.astrorag.core.testing.FakeOpenAiServer;
import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Trace;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiCompatibleGeneratorTest {

    private static final String KEY = "sk-test-7f3a9c";
    private static final String OPEN_REPLY = "The Andromeda Galaxy is about 2.5 million light-years away [1].";
    private static final String DISTANCE = "The Andromeda Galaxy lies about 2.5 million light-years from Earth.";
    private static final String CEPHEID_USE = "Astronomers use them to measure distances to nearby galaxies.";

    private FakeOpenAiServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private OpenAiCompatibleGenerator.Builder builder() {
        return OpenAiCompatibleGenerator.builder().baseUrl(server.url()).model("mistral-7b-instruct")
                .backoff(Duration.ofMillis(5), Duration.ofSeconds(2));
    }

    private String endpoint() {
        return "http://127.0.0.1:" + server.port() + "/v1/chat/completions";
    }

    @Test
    void sendsTheChatCompletionRequestTheProtocolDefines() {
        server = FakeOpenAiServer.replying("  " + OPEN_REPLY + "\n");
        OpenAiCompatibleGenerator llm = builder().apiKey(() -> KEY).stop(List.of("\n\n")).seed(42).build();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();

        Answer answer = llm.generate(Fixtures.OPEN, CONTEXT, trace);

        ScriptedHttpServer.Recorded request = server.scripted().requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.header("Authorization")).isEqualTo("Bearer " + KEY);
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = jackson(request.body());
        assertThat(body.get("model").asText()).isEqualTo("mistral-7b-instruct");
        PromptTemplate.Prompt prompt = PromptTemplate.defaults().render(Fixtures.OPEN, CONTEXT);
        assertThat(body.get("messages")).hasSize(2);
        assertThat(body.at("/messages/0/role").asText()).isEqualTo("system");
        assertThat(body.at("/messages/0/content").asText()).isEqualTo(prompt.system());
        assertThat(body.at("/messages/1/role").asText()).isEqualTo("user");
        assertThat(body.at("/messages/1/content").asText()).isEqualTo(prompt.user());
        assertThat(body.get("temperature").isNumber()).isTrue();
        assertThat(body.get("temperature").asDouble()).isEqualTo(0.0);
        assertThat(body.get("max_tokens").asInt()).isEqualTo(256);
        assertThat(body.get("stream").asBoolean()).isFalse();
        assertThat(body.get("stop").toString()).isEqualTo("[\"\\n\\n\"]");
        assertThat(body.get("seed").asLong()).isEqualTo(42);

        assertThat(answer.question()).isEqualTo(Fixtures.OPEN.text());
        assertThat(answer.text()).isEqualTo(OPEN_REPLY);
        assertThat(answer.citations()).containsExactly(Citation.of(1, CHUNK_1, DISTANCE));
        assertThat(answer.choice()).isNull();
        assertThat(answer.context()).isEqualTo(CONTEXT);
        assertThat(answer.trace()).isEqualTo(Trace.EMPTY);
        // the fake counts words: 10 in the reply
        assertThat(trace.values).containsEntry("attempts", 1).containsEntry("finishReason", "stop")
                .containsEntry("completionTokens", 10);
    }

    @Test
    void asksForAtMost64TokensAndReadsTheLetterOfAMultipleChoiceQuestion() {
        server = FakeOpenAiServer.replying("B. Cepheids are used to measure distances to galaxies [2].");
        Answer answer = builder().build().generate(Fixtures.CHOICE, CONTEXT);

        JsonNode body = jackson(server.requests().get(0).toString());
        assertThat(body.get("max_tokens").asInt()).isEqualTo(64);
        assertThat(body.has("seed")).isFalse();
        assertThat(body.has("stop")).isFalse();
        assertThat(server.authorizations()).containsExactly((String) null);
        assertThat(answer.choice()).isEqualTo("B");
        assertThat(answer.citations()).containsExactly(Citation.of(2, CHUNK_2, CEPHEID_USE));
    }

    @Test
    void aStreamedAnswerEqualsTheNonStreamedOne() {
        server = FakeOpenAiServer.replying("B. Cepheids measure distances [2], unlike [1] or [9].");
        OpenAiCompatibleGenerator llm = builder().apiKey(() -> KEY).build();
        Fixtures.RecordingTrace plainTrace = new Fixtures.RecordingTrace();
        Fixtures.RecordingTrace streamTrace = new Fixtures.RecordingTrace();
        Fixtures.Tokens tokens = new Fixtures.Tokens();

        Answer plain = llm.generate(Fixtures.CHOICE, CONTEXT, plainTrace);
        Answer streamed = llm.stream(Fixtures.CHOICE, CONTEXT, tokens, streamTrace);

        assertThat(streamed).isEqualTo(plain);
        assertThat(streamed.choice()).isEqualTo("B");
        assertThat(tokens.pieces).hasSize(9).startsWith("B. ", "Cepheids ").endsWith("[9].");
        assertThat(tokens.joined()).isEqualTo(plain.text());
        JsonNode streamBody = jackson(server.requests().get(1).toString());
        assertThat(streamBody.get("stream").asBoolean()).isTrue();
        assertThat(server.scripted().requests().get(1).header("Accept")).isEqualTo("text/event-stream");
        assertThat(server.authorizations()).containsExactly("Bearer " + KEY, "Bearer " + KEY);
        assertThat(streamTrace.values).containsEntry("invalidCitations", List.of(9))
                .containsEntry("finishReason", "stop").containsEntry("attempts", 1);
        assertThat(plainTrace.values).containsEntry("invalidCitations", List.of(9));
    }

    @Test
    void dropsACitedNumberThatNamesNoChunkAndFlagsIt() {
        server = FakeOpenAiServer.replying("It is 2.5 million light-years away [1]; see also [9].");
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer answer = builder().build().generate(Fixtures.OPEN, CONTEXT, trace);
        assertThat(answer.citations()).extracting(Citation::number).containsExactly(1);
        assertThat(trace.values).containsEntry(CitationParser.INVALID_CITATIONS, List.of(9));
    }

    @Test
    void aReplyWithoutAStrictLetterHasNoChoiceAndIsFlagged() {
        server = FakeOpenAiServer.replying("Cepheids are useful for several things [2].");
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer answer = builder().build().generate(Fixtures.CHOICE, CONTEXT, trace);
        assertThat(answer.choice()).isNull();
        assertThat(trace.values).containsEntry(ChoiceParser.UNPARSED_CHOICE, true);
    }

    @Test
    void retriesA429AfterTheSecondsOfRetryAfterAndSucceeds() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(429, FakeOpenAiServer.error("Rate limit reached for requests", "requests",
                "rate_limit_exceeded"), "Retry-After", "1"));
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        long start = System.nanoTime();

        Answer answer = builder().build().generate(Fixtures.OPEN, CONTEXT, trace);

        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(answer.text()).isEqualTo(OPEN_REPLY);
        assertThat(server.requests()).hasSize(2);
        assertThat(trace.values).containsEntry("attempts", 2);
        assertThat(millis).as("waited Retry-After: 1 s, not the 5 ms backoff").isBetween(950L, 30_000L);
    }

    @Test
    void aRetryAfterGivenAsAPastHttpDateIsRetriedAtOnce() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(503, FakeOpenAiServer.error("Service unavailable", "server_error", null),
                "Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"));
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        assertThat(builder().build().generate(Fixtures.OPEN, CONTEXT, trace).text()).isEqualTo(OPEN_REPLY);
        assertThat(trace.values).containsEntry("attempts", 2);
    }

    @Test
    void aRetryAfterLongerThanTheLongestBackoffFailsAtOnce() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(429, FakeOpenAiServer.error("Rate limit reached", "requests", null),
                "Retry-After", "120"));
        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> builder().build().generate(Fixtures.OPEN, CONTEXT));
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retriable()).isTrue();
        assertThat(e.getMessage()).contains("retry after 120 s").contains("2000 ms");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void fiveHundredOnEveryAttemptGivesAClearRetriableError() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        String error = FakeOpenAiServer.error("The server had an error while processing your request. Sorry about that!",
                "server_error", null);
        server.scripted().enqueue(json(500, error), json(500, error), json(500, error), json(500, error));

        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> builder().maxRetries(2).build().generate(Fixtures.OPEN, CONTEXT));

        assertThat(server.requests()).hasSize(3);
        assertThat(e.status()).isEqualTo(500);
        assertThat(e.retriable()).isTrue();
        assertThat(e.getMessage()).isEqualTo("POST " + endpoint() + " failed after 3 attempts (retriable): HTTP 500: "
                + "The server had an error while processing your request. Sorry about that! (server_error)");
    }

    @Test
    void a401IsNotRetriedAndTheKeyNeverShows() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(401, FakeOpenAiServer.error("Incorrect API key provided: " + KEY
                + ". You can find your API key in your account settings.", "invalid_request_error", "invalid_api_key")));
        OpenAiCompatibleGenerator llm = builder().apiKey(() -> KEY).maxRetries(2).build();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();

        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> llm.generate(Fixtures.OPEN, CONTEXT, trace));

        assertThat(server.requests()).hasSize(1);
        assertThat(e.status()).isEqualTo(401);
        assertThat(e.retriable()).isFalse();
        assertThat(e.getMessage()).isEqualTo("POST " + endpoint() + " failed after 1 attempt (not retriable): HTTP 401: "
                + "Incorrect API key provided: ***. You can find your API key in your account settings."
                + " (invalid_request_error)");
        assertThat(e.getMessage()).doesNotContain(KEY);
        assertThat(llm.toString()).doesNotContain(KEY).contains("apiKey=supplied");
        assertThat(llm.describe().toString()).doesNotContain(KEY);
        assertThat(trace.values.toString()).doesNotContain(KEY);
    }

    @Test
    void readsTheKeyFromTheNamedEnvironmentVariableAndShowsOnlyItsName() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        OpenAiCompatibleGenerator llm = builder()
                .apiKeyEnv("ASTRORAG_LLM_KEY", name -> name.equals("ASTRORAG_LLM_KEY") ? KEY : null).build();
        llm.generate(Fixtures.OPEN, CONTEXT);
        assertThat(server.authorizations()).containsExactly("Bearer " + KEY);
        assertThat(llm.describe()).containsEntry("apiKey", "env:ASTRORAG_LLM_KEY");
        assertThat(llm.toString()).doesNotContain(KEY);
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().apiKeyEnv("ASTRORAG_SURELY_UNSET_VARIABLE_1234"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the environment variable ASTRORAG_SURELY_UNSET_VARIABLE_1234 (the API key, named by apiKeyEnv)"
                        + " is not set");
    }

    @Test
    void aHungServerTimesOutWithinTheConfiguredTime() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(ScriptedHttpServer.hang());
        OpenAiCompatibleGenerator llm = builder().requestTimeout(Duration.ofMillis(300)).maxRetries(0).build();
        long start = System.nanoTime();

        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> llm.generate(Fixtures.OPEN, CONTEXT));

        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).isBetween(250L, 30_000L); // the hung server holds the reply for 60 s
        assertThat(e.retriable()).isTrue();
        assertThat(e.status()).isEqualTo(-1);
        assertThat(e.getMessage()).isEqualTo("POST " + endpoint() + " failed after 1 attempt (retriable): no reply within 300 ms");
    }

    @Test
    void aTimedOutAttemptIsRetried() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(ScriptedHttpServer.hang());
        Answer answer = builder().requestTimeout(Duration.ofMillis(1000)).build().generate(Fixtures.OPEN, CONTEXT);
        assertThat(answer.text()).isEqualTo(OPEN_REPLY);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void aStreamThatStallsAfterItsFirstEventTimesOutAndIsNotRetried() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(ScriptedHttpServer.hangAfter(FakeOpenAiServer.chunks("c1", "m", "B. So").get(1)));
        Fixtures.Tokens tokens = new Fixtures.Tokens();
        long start = System.nanoTime();

        GenerationException e = catchThrowableOfType(GenerationException.class, () -> builder()
                .requestTimeout(Duration.ofMillis(1000)).build().stream(Fixtures.CHOICE, CONTEXT, tokens,
                        new Fixtures.RecordingTrace()));

        assertThat((System.nanoTime() - start) / 1_000_000).isBetween(950L, 30_000L); // the stream stalls for 60 s
        assertThat(tokens.pieces).containsExactly("B. ");
        assertThat(server.requests()).hasSize(1);
        assertThat(e.retriable()).isTrue();
        assertThat(e.getMessage()).endsWith("failed after 1 attempt (retriable): no reply within 1000 ms while streaming");
    }

    @Test
    void aDroppedConnectionIsRetried() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(ScriptedHttpServer.drop());
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        assertThat(builder().build().generate(Fixtures.OPEN, CONTEXT, trace).text()).isEqualTo(OPEN_REPLY);
        assertThat(trace.values).containsEntry("attempts", 2);
    }

    @Test
    void aRefusedConnectionFailsAsRetriableAfterAllAttempts() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        String url = server.url();
        int port = server.port();
        server.close();
        server = null;
        GenerationException e = catchThrowableOfType(GenerationException.class, () -> OpenAiCompatibleGenerator.builder()
                .baseUrl(url).model("m").backoff(Duration.ofMillis(5), Duration.ofMillis(50)).build()
                .generate(Fixtures.OPEN, CONTEXT));
        assertThat(e.retriable()).isTrue();
        assertThat(e.getMessage()).startsWith("POST http://127.0.0.1:" + port + "/v1/chat/completions failed after 3 attempts"
                + " (retriable): connection failed: ConnectException");
    }

    @Test
    void malformedJsonGivesAClearError() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(200, "{\"id\":\"chatcmpl-1\",\"choices\":[{\"message\":"));
        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> builder().build().generate(Fixtures.OPEN, CONTEXT));
        assertThat(e.retriable()).isFalse();
        assertThat(e.getMessage()).startsWith("POST " + endpoint() + ": the reply is not valid JSON (")
                .endsWith("it begins '{\"id\":\"chatcmpl-1\",\"choices\":[{\"message\":'");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aReplyWithoutContentOrWithAnErrorInTheStreamIsAClearError() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(200, "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[]}"),
                sse(List.of("data: {\"error\":{\"message\":\"The model is overloaded\",\"type\":\"server_error\"}}\n\n")),
                json(200, "[1, 2]"));
        OpenAiCompatibleGenerator llm = builder().build();
        assertThatThrownBy(() -> llm.generate(Fixtures.OPEN, CONTEXT)).isInstanceOf(GenerationException.class)
                .hasMessageContaining("the reply has no choices[0].message.content");
        assertThatThrownBy(() -> llm.stream(Fixtures.OPEN, CONTEXT, s -> { }, (k, v) -> { }))
                .isInstanceOf(GenerationException.class)
                .hasMessage("POST " + endpoint() + ": stream event 1 reports an error: The model is overloaded (server_error)");
        assertThatThrownBy(() -> llm.generate(Fixtures.OPEN, CONTEXT)).isInstanceOf(GenerationException.class)
                .hasMessageContaining("no choices[0].message.content: [1,2]");
    }

    @Test
    void readsVllmStyleErrorBodiesAndRawText() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        server.scripted().enqueue(json(400, "{\"object\":\"error\",\"message\":\"This model's maximum context length is"
                + " 4096 tokens.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}"),
                ScriptedHttpServer.raw(404, "text/plain", "404 page not found"));
        OpenAiCompatibleGenerator llm = builder().build();
        assertThatThrownBy(() -> llm.generate(Fixtures.OPEN, CONTEXT)).hasMessageEndingWith(
                "(not retriable): HTTP 400: This model's maximum context length is 4096 tokens. (BadRequestError)");
        assertThatThrownBy(() -> llm.generate(Fixtures.OPEN, CONTEXT))
                .hasMessageEndingWith("(not retriable): HTTP 404: '404 page not found'");
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void describesItsSettings() {
        server = FakeOpenAiServer.replying(OPEN_REPLY);
        OpenAiCompatibleGenerator llm = OpenAiCompatibleGenerator.builder().baseUrl(server.url() + "/").model("m")
                .temperature(0.2).maxTokens(100, 8).build();
        Map<String, Object> d = llm.describe();
        assertThat(d).containsEntry("name", "openai").containsEntry("baseUrl", server.url())
                .containsEntry("model", "m").containsEntry("temperature", 0.2).containsEntry("maxTokensOpen", 100)
                .containsEntry("maxTokensMultipleChoice", 8).containsEntry("maxRetries", 2)
                .containsEntry("requestTimeoutMillis", 60_000L).containsEntry("timeoutMillis", 60_000L).containsEntry("apiKey", "none");
        assertThat(d.keySet()).first().isEqualTo("name");
    }

    @Test
    void theBuilderFailsFast() {
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().model("m").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseUrl is required");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().baseUrl("http://localhost:8000/v1").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("model is required");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().baseUrl("ftp://host/v1"))
                .hasMessageContaining("absolute http or https URL");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().baseUrl("http://user:pw@host/v1"))
                .hasMessageContaining("must not hold credentials");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().temperature(2.5))
                .hasMessage("temperature must be in [0, 2.0], was 2.5");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().maxTokens(0))
                .hasMessage("maxTokens must be in [1, 1048576], was 0");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().maxRetries(10))
                .hasMessage("maxRetries must be in [0, 9], was 10");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().requestTimeout(Duration.ZERO))
                .hasMessageStartingWith("requestTimeout must be in (0, PT1H], was PT0S");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .hasMessageContaining("initial (2000 ms) <= max (1000 ms)");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().model("a").model("b"))
                .isInstanceOf(IllegalStateException.class).hasMessage("model was already set");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().apiKey(() -> "k").apiKeyEnv("X", n -> "v"))
                .hasMessage("apiKey was already set");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().seed(-1)).hasMessage("seed must be >= 0, was -1");
        assertThatThrownBy(() -> OpenAiCompatibleGenerator.builder().stop(List.of("")))
                .hasMessage("a stop sequence is empty");
    }

    /** The request body as Jackson reads it: an independent check of the JSON this library writes. */
    private static JsonNode jackson(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
