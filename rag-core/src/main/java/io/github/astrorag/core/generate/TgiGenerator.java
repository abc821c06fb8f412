package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import io.github.astrorag.core.spi.TraceSink;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A generator speaking Hugging Face Text Generation Inference's native protocol: {@code POST
 * {baseUrl}/generate}, and {@code POST {baseUrl}/generate_stream} for streaming.
 *
 * <p>The request: {@code {"inputs": PROMPT, "parameters": {"max_new_tokens", "do_sample", "temperature"?,
 * "stop"?, "seed"?, "return_full_text": false, "details": true}}}. TGI rejects a temperature of 0, so
 * greedy decoding (temperature 0, the default) is sent as {@code "do_sample": false} without a
 * temperature, and a positive temperature as {@code "do_sample": true, "temperature": t}. The reply's text
 * is {@code generated_text} (of the object, or of the first element of an array); a stream is a series of
 * {@code data:{"token":{"text":…,"special":…},"generated_text":null,…}} events whose last carries the whole
 * {@code generated_text}, which is then the answer's text (special tokens are not passed to the callback).
 *
 * <p>{@code /generate} takes raw text: the prompt is {@link PromptTemplate.Prompt#asText()} (system
 * message, blank line, user message) with no chat template applied. For an instruction-tuned model
 * either put its chat markup into the {@link PromptTemplate}, or use TGI's Messages API
 * ({@code {baseUrl}/v1/chat/completions}) through {@link OpenAiCompatibleGenerator}, which applies the
 * template on the server. See {@link HttpLlmGenerator} for parsing, retries and defaults.
 */
public final class TgiGenerator extends HttpLlmGenerator {

    /** The path of a non-streamed request. */
    public static final String PATH = "/generate";
    /** The path of a streamed request. */
    public static final String STREAM_PATH = "/generate_stream";

    private TgiGenerator(Builder b) {
        super(b);
    }

    /**
     * A builder; {@code baseUrl} is required.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    String name() {
        return "tgi";
    }

    @Override
    String path(boolean stream) {
        return stream ? STREAM_PATH : PATH;
    }

    @Override
    Map<String, Object> body(PromptTemplate.Prompt prompt, int maxTokens, boolean stream) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("inputs", prompt.asText());
        Map<String, Object> p = new LinkedHashMap<>();
        body.put("parameters", p);
        p.put("max_new_tokens", maxTokens);
        p.put("do_sample", temperature > 0);
        if (temperature > 0) {
            p.put("temperature", temperature);
        }
        if (!stop.isEmpty()) {
            p.put("stop", stop);
        }
        if (seed != null) {
            p.put("seed", seed);
        }
        p.put("return_full_text", false);
        p.put("details", true);
        return body;
    }

    @Override
    String text(JsonValue reply, String endpoint, TraceSink trace) {
        JsonValue result = reply.isArray() ? reply.path(0) : reply;
        checkNoError(result, endpoint, "the reply");
        JsonValue text = result.path("generated_text");
        if (!text.isTextual()) {
            throw malformed(endpoint, "the reply has no generated_text: " + RetryingHttpClient.truncate(reply.toString()));
        }
        traceDetails(result.get("details"), trace);
        return text.asText();
    }

    private static void traceDetails(@Nullable JsonValue details, TraceSink trace) {
        if (details != null && details.isObject()) {
            traceIfPresent(trace, TRACE_FINISH_REASON, details.get("finish_reason"));
            traceIfPresent(trace, TRACE_COMPLETION_TOKENS, details.get("generated_tokens"));
        }
    }

    @Override
    StreamReader streamReader(String endpoint, Consumer<String> onToken, TraceSink trace) {
        return new StreamReader() {
            private final StringBuilder tokens = new StringBuilder();
            private @Nullable String generated;
            private int events;

            @Override
            public boolean event(String data) {
                events++;
                JsonValue event = parse(data, endpoint, "stream event " + events);
                checkNoError(event, endpoint, "stream event " + events);
                JsonValue token = event.path("token");
                JsonValue piece = token.path("text");
                if (piece.isTextual() && !token.path("special").asBoolean(false) && !piece.asText().isEmpty()) {
                    tokens.append(piece.asText());
                    onToken.accept(piece.asText());
                }
                JsonValue whole = event.get("generated_text");
                if (whole != null && whole.isTextual()) {
                    generated = whole.asText();
                    traceDetails(event.get("details"), trace);
                    return true;
                }
                return false;
            }

            @Override
            public int events() {
                return events;
            }

            @Override
            public String text() {
                return generated != null ? generated : tokens.toString();
            }
        };
    }

    /** Builds a {@link TgiGenerator}; see {@link HttpLlmGenerator.Builder} for the settings. */
    public static final class Builder extends HttpLlmGenerator.Builder<Builder> {
        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected String exampleSuffix() {
            return "";
        }

        /**
         * The generator.
         *
         * @return the generator; no request is made until the first question
         * @throws IllegalArgumentException if the base URL is missing
         */
        public TgiGenerator build() {
            return new TgiGenerator(this);
        }
    }
}
