package io.github.astrorag.core.generate;

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
import io.github.astrorag.core.GenerationException;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** TGI's native protocol, with bodies shaped as in TGI's OpenAPI description. */
class TgiGeneratorTest {

    private static final String CEPHEID_USE = "Astronomers use them to measure distances to nearby galaxies.";
    private static final String REPLY = " B. Cepheids measure distances to galaxies [2].";
    private static final String[] TOKENS = {" B", ".", " Cephe", "ids", " measure", " distances", " to", " galaxies",
        " [", "2", "].", "</s>"};

    private final ScriptedHttpServer server = ScriptedHttpServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private TgiGenerator.Builder builder() {
        return TgiGenerator.builder().baseUrl(server.url()).backoff(Duration.ofMillis(5), Duration.ofSeconds(2));
    }

    private static String generateReply() {
        return "{\"generated_text\":\"" + REPLY + "\",\"details\":{\"finish_reason\":\"eos_token\","
                + "\"generated_tokens\":12,\"seed\":null,\"prefill\":[],\"tokens\":[],\"top_tokens\":[]}}";
    }

    /** The stream TGI sends for {@link #REPLY}: one event per token, the last with generated_text and details. */
    private static List<String> streamReply() {
        List<String> events = new ArrayList<>();
        for (int i = 0; i < TOKENS.length; i++) {
            boolean last = i == TOKENS.length - 1;
            String token = "{\"id\":" + (100 + i) + ",\"text\":\"" + TOKENS[i] + "\",\"logprob\":-0.25,\"special\":"
                    + last + "}";
            events.add("data:{\"index\":" + (i + 1) + ",\"token\":" + token + ",\"top_tokens\":[],\"generated_text\":"
                    + (last ? "\"" + REPLY + "\"" : "null") + ",\"details\":"
                    + (last ? "{\"finish_reason\":\"eos_token\",\"generated_tokens\":12,\"input_length\":310,\"seed\":null}"
                    : "null") + "}\n\n");
        }
        return events;
    }

    @Test
    void sendsTheGenerateRequestTheProtocolDefines() {
        server.enqueue(json(200, generateReply()));
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();

        Answer answer = builder().apiKey(() -> "hf_secret").stop(List.of("</s>", "\nQuestion:")).seed(7).build()
                .generate(Fixtures.CHOICE, CONTEXT, trace);

        ScriptedHttpServer.Recorded request = server.requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/generate");
        assertThat(request.header("Authorization")).isEqualTo("Bearer hf_secret");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = jackson(request.body());
        assertThat(body.get("inputs").asText())
                .isEqualTo(PromptTemplate.defaults().render(Fixtures.CHOICE, CONTEXT).asText());
        JsonNode p = body.get("parameters");
        assertThat(p.get("max_new_tokens").asInt()).isEqualTo(64);
        assertThat(p.get("do_sample").asBoolean()).isFalse();
        assertThat(p.has("temperature")).as("TGI rejects temperature 0").isFalse();
        assertThat(p.get("stop").toString()).isEqualTo("[\"</s>\",\"\\nQuestion:\"]");
        assertThat(p.get("seed").asLong()).isEqualTo(7);
        assertThat(p.get("return_full_text").asBoolean()).isFalse();
        assertThat(p.get("details").asBoolean()).isTrue();

        assertThat(answer.text()).isEqualTo(REPLY.strip());
        assertThat(answer.choice()).isEqualTo("B");
        assertThat(answer.citations()).containsExactly(Citation.of(2, CHUNK_2, CEPHEID_USE));
        assertThat(trace.values).containsEntry("finishReason", "eos_token").containsEntry("completionTokens", 12)
                .containsEntry("attempts", 1);
    }

    @Test
    void samplesWithAPositiveTemperatureAndReadsTheArrayForm() {
        server.enqueue(json(200, "[{\"generated_text\":\"" + REPLY + "\"}]"));
        Answer answer = builder().temperature(0.7).build().generate(Fixtures.OPEN, CONTEXT);
        JsonNode p = jackson(server.requests().get(0).body()).get("parameters");
        assertThat(p.get("do_sample").asBoolean()).isTrue();
        assertThat(p.get("temperature").asDouble()).isEqualTo(0.7);
        assertThat(p.get("max_new_tokens").asInt()).isEqualTo(256);
        assertThat(answer.text()).isEqualTo(REPLY.strip());
    }

    @Test
    void aStreamedAnswerEqualsTheNonStreamedOne() {
        server.enqueue(json(200, generateReply()), sse(streamReply()));
        TgiGenerator tgi = builder().build();
        Fixtures.Tokens tokens = new Fixtures.Tokens();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();

        Answer plain = tgi.generate(Fixtures.CHOICE, CONTEXT);
        Answer streamed = tgi.stream(Fixtures.CHOICE, CONTEXT, tokens, trace);

        assertThat(streamed).isEqualTo(plain);
        assertThat(server.requests().get(1).path()).isEqualTo("/generate_stream");
        assertThat(jackson(server.requests().get(1).body())).isEqualTo(jackson(server.requests().get(0).body()));
        assertThat(tokens.pieces).as("the special token </s> is not handed over").hasSize(TOKENS.length - 1)
                .doesNotContain("</s>");
        assertThat(tokens.joined()).isEqualTo(REPLY);
        assertThat(trace.values).containsEntry("finishReason", "eos_token").containsEntry("completionTokens", 12);
    }

    @Test
    void aValidationErrorIsNotRetriedAndSaysWhatTgiSaid() {
        server.enqueue(json(422, "{\"error\":\"Input validation error: `inputs` tokens + `max_new_tokens` must be"
                + " <= 4096. Given: 4100 `inputs` tokens and 64 `max_new_tokens`\",\"error_type\":\"validation\"}"));
        GenerationException e = catchThrowableOfType(GenerationException.class,
                () -> builder().build().generate(Fixtures.CHOICE, CONTEXT));
        assertThat(server.requests()).hasSize(1);
        assertThat(e.status()).isEqualTo(422);
        assertThat(e.retriable()).isFalse();
        assertThat(e.getMessage()).isEqualTo("POST " + server.url() + "/generate failed after 1 attempt (not retriable):"
                + " HTTP 422: Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4100"
                + " `inputs` tokens and 64 `max_new_tokens` (validation)");
    }

    @Test
    void anOverloadedServerIsRetriedWithBackoff() {
        String overloaded = "{\"error\":\"Model is overloaded\",\"error_type\":\"overloaded\"}";
        server.enqueue(json(429, overloaded), json(429, overloaded), json(200, generateReply()));
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        Answer answer = builder().build().generate(Fixtures.CHOICE, CONTEXT, trace);
        assertThat(answer.choice()).isEqualTo("B");
        assertThat(trace.values).containsEntry("attempts", 3);
    }

    @Test
    void aStreamIsRetriedWhileNothingWasHandedOver() {
        server.enqueue(json(503, "{\"error\":\"Service Unavailable\",\"error_type\":\"unhealthy\"}"), sse(streamReply()));
        Fixtures.Tokens tokens = new Fixtures.Tokens();
        Fixtures.RecordingTrace trace = new Fixtures.RecordingTrace();
        assertThat(builder().build().stream(Fixtures.CHOICE, CONTEXT, tokens, trace).choice()).isEqualTo("B");
        assertThat(tokens.joined()).isEqualTo(REPLY);
        assertThat(trace.values).containsEntry("attempts", 2);
    }

    @Test
    void anErrorEventInTheStreamFailsClearly() {
        List<String> events = new ArrayList<>(streamReply().subList(0, 2));
        events.add("data:{\"error\":\"Request failed during generation: Server error: CUDA out of memory\","
                + "\"error_type\":\"generation\"}\n\n");
        server.enqueue(sse(events));
        Fixtures.Tokens tokens = new Fixtures.Tokens();
        assertThatThrownBy(() -> builder().build().stream(Fixtures.CHOICE, CONTEXT, tokens, (k, v) -> { }))
                .isInstanceOf(GenerationException.class)
                .hasMessage("POST " + server.url() + "/generate_stream: stream event 3 reports an error: Request failed"
                        + " during generation: Server error: CUDA out of memory (generation)");
        assertThat(tokens.pieces).containsExactly(" B", ".");
        assertThat(server.requests()).hasSize(1);
    }

    @Test
    void aNonEventStreamReplyIsAClearError() {
        server.enqueue(json(200, generateReply()));
        assertThatThrownBy(() -> builder().build().stream(Fixtures.OPEN, CONTEXT, s -> { }, (k, v) -> { }))
                .isInstanceOf(GenerationException.class).hasMessage("POST " + server.url() + "/generate_stream: the reply holds no server-sent events; does the server"
                        + " support streaming?");
    }

    @Test
    void describesItself() {
        assertThat(builder().build().describe()).containsEntry("name", "tgi").containsEntry("baseUrl", server.url())
                .doesNotContainKey("model");
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
