package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import io.github.astrorag.core.spi.TraceSink;
import java.util.List;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A generator speaking OpenAI's Chat Completions protocol, {@code POST {baseUrl}/chat/completions}, as
 * served by vLLM ({@code http://host:8000/v1}), llama.cpp's {@code llama-server} ({@code http://host:8080/v1}),
 * Ollama ({@code http://host:11434/v1}), TGI's Messages API ({@code http://host:3000/v1}) and hosted
 * endpoints ({@code https://api.openai.com/v1}).
 *
 * <p>The request: {@code {"model", "messages": [{"role": "system", …}, {"role": "user", …}], "temperature",
 * "max_tokens", "stream", "stop"?, "seed"?}} with {@code Authorization: Bearer KEY} when a key is set. The
 * reply's text is {@code choices[0].message.content}; a stream ({@code "stream": true}) is a series of
 * {@code data: {…"choices":[{"delta":{"content":…}}]…}} events ended by {@code data: [DONE]}. The server
 * applies the model's chat template. See {@link HttpLlmGenerator} for prompt, parsing, retries and
 * defaults.
 *
 * <pre>{@code
 * Generator llm = OpenAiCompatibleGenerator.builder()
 *         .baseUrl("http://127.0.0.1:8000/v1")
 *         .model("mistralai/Mistral-7B-Instruct-v0.3")
 *         .apiKeyEnv("OPENAI_API_KEY")        // optional
 *         .build();
 * }</pre>
 */
public final class OpenAiCompatibleGenerator extends HttpLlmGenerator {

    /** The path after the base URL. */
    public static final String PATH = "/chat/completions";

    private final String model;

    private OpenAiCompatibleGenerator(Builder b) {
        super(b);
        this.model = b.model;
    }

    /**
     * A builder; {@code baseUrl} and {@code model} are required.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    String name() {
        return "openai";
    }

    @Override
    void describeProtocol(Map<String, Object> m) {
        m.put("model", model);
    }

    @Override
    String path(boolean stream) {
        return PATH;
    }

    @Override
    Map<String, Object> body(PromptTemplate.Prompt prompt, int maxTokens, boolean stream) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", model);
        List<Map<String, String>> messages = new ArrayList<>();
        if (!prompt.system().isEmpty()) {
            messages.add(Map.of("role", "system", "content", prompt.system()));
        }
        messages.add(Map.of("role", "user", "content", prompt.user()));
        body.put("messages", messages);
        body.put("temperature", temperature);
        body.put("max_tokens", maxTokens);
        body.put("stream", stream);
        if (!stop.isEmpty()) {
            body.put("stop", stop);
        }
        if (seed != null) {
            body.put("seed", seed);
        }
        return body;
    }

    @Override
    String text(JsonValue reply, String endpoint, TraceSink trace) {
        checkNoError(reply, endpoint, "the reply");
        JsonValue choice = reply.path("choices").path(0);
        JsonValue content = choice.path("message").path("content");
        if (!content.isTextual()) {
            throw malformed(endpoint, "the reply has no choices[0].message.content: "
                    + RetryingHttpClient.truncate(reply.toString()));
        }
        traceIfPresent(trace, TRACE_FINISH_REASON, choice.get("finish_reason"));
        traceUsage(reply, trace);
        return content.asText();
    }

    private static void traceUsage(JsonValue reply, TraceSink trace) {
        JsonValue usage = reply.get("usage");
        if (usage != null && usage.isObject()) {
            traceIfPresent(trace, TRACE_PROMPT_TOKENS, usage.get("prompt_tokens"));
            traceIfPresent(trace, TRACE_COMPLETION_TOKENS, usage.get("completion_tokens"));
        }
    }

    @Override
    StreamReader streamReader(String endpoint, Consumer<String> onToken, TraceSink trace) {
        return new StreamReader() {
            private final StringBuilder text = new StringBuilder();
            private int events;

            @Override
            public boolean event(String data) {
                events++;
                if (data.strip().equals("[DONE]")) {
                    return true;
                }
                JsonValue event = parse(data, endpoint, "stream event " + events);
                checkNoError(event, endpoint, "stream event " + events);
                JsonValue choice = event.path("choices").path(0);
                JsonValue content = choice.path("delta").path("content");
                if (content.isTextual() && !content.asText().isEmpty()) {
                    text.append(content.asText());
                    onToken.accept(content.asText());
                }
                traceIfPresent(trace, TRACE_FINISH_REASON, choice.get("finish_reason"));
                traceUsage(event, trace);
                return false;
            }

            @Override
            public int events() {
                return events;
            }

            @Override
            public String text() {
                return text.toString();
            }
        };
    }

    /** Builds an {@link OpenAiCompatibleGenerator}; see {@link HttpLlmGenerator.Builder} for the shared settings. */
    public static final class Builder extends HttpLlmGenerator.Builder<Builder> {
        private @Nullable String model;

        private Builder() {
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected String exampleSuffix() {
            return "/v1";
        }

        /**
         * The model name sent as {@code "model"}. Required.
         *
         * @param name the model name
         * @return this builder
         */
        public Builder model(String name) {
            once(model, "model");
            model = nonBlank(name, "model");
            return this;
        }

        /**
         * The generator.
         *
         * @return the generator; no request is made until the first question
         * @throws IllegalArgumentException if the base URL or the model is missing
         */
        public OpenAiCompatibleGenerator build() {
            Arguments.check(model != null, "model is required (the name the server serves, such as"
                    + " the vLLM --served-model-name or an Ollama tag)");
            return new OpenAiCompatibleGenerator(this);
        }
    }
}
