package io.github.astrorag.core.embed;

import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An embedder speaking OpenAI's Embeddings protocol, {@code POST {baseUrl}/embeddings}, as served by vLLM
 * ({@code http://host:8000/v1}), llama.cpp's {@code llama-server --embeddings}, Ollama
 * ({@code http://host:11434/v1}), Hugging Face TEI ({@code http://host:8080/v1}) and hosted endpoints
 * ({@code https://api.openai.com/v1}).
 *
 * <p>The request: {@code {"model", "input": [texts…], "encoding_format": "float", "dimensions"?}} with
 * {@code Authorization: Bearer KEY} when a key is set. The reply's vectors are {@code data[i].embedding},
 * put in input order by {@code data[i].index} (which must then be 0..n-1, each once; without indices, in
 * the order given). The fingerprint is {@code openai:<model>;dim=<d>;dimensions=<n or default>;query="…";passage="…"}.
 * See {@link HttpEmbedder} for batches, checks, prefixes, retries and defaults.
 *
 * <pre>{@code
 * Embedder e = OpenAiCompatibleEmbedder.builder()
 *         .baseUrl("http://127.0.0.1:8000/v1")
 *         .model("intfloat/e5-small-v2")
 *         .queryPrefix("query: ").passagePrefix("passage: ")
 *         .build();
 * }</pre>
 */
public final class OpenAiCompatibleEmbedder extends HttpEmbedder {

    /** The path after the base URL. */
    public static final String PATH = "/embeddings";

    private final String model;
    private final @Nullable Integer dimensions;

    private OpenAiCompatibleEmbedder(Builder b) {
        super(b, b.dimensions);
        this.model = b.model;
        this.dimensions = b.dimensions;
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
    String path() {
        return PATH;
    }

    @Override
    Map<String, Object> body(List<String> texts) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", model);
        body.put("input", texts);
        body.put("encoding_format", "float");
        if (dimensions != null) {
            body.put("dimensions", dimensions);
        }
        return body;
    }

    @Override
    List<float[]> vectors(JsonValue reply, int expected, String where) {
        if (reply.hasNonNull("error")) {
            throw malformed(where, "the reply reports an error: " + RetryingHttpClient.serverMessage(reply.toString()));
        }
        JsonValue data = reply.get("data");
        if (data == null || !data.isArray()) {
            throw malformed(where, "the reply has no data array: " + RetryingHttpClient.truncate(reply.toString()));
        }
        if (data.size() != expected) {
            throw malformed(where, "the reply's data holds " + data.size() + " embeddings for " + expected + " texts");
        }
        float[][] out = new float[expected][];
        boolean indexed = data.size() > 0 && data.get(0).has("index");
        for (int i = 0; i < data.size(); i++) {
            JsonValue item = data.get(i);
            int at = i;
            if (indexed) {
                JsonValue index = item.get("index");
                long position = index != null && index.isIntegral() ? index.numberValue().longValue() : -1;
                if (position < 0 || position >= expected || out[(int) position] != null) {
                    throw malformed(where, "data[" + i + "] has index " + index + "; the indices must be 0.."
                            + (expected - 1) + ", each once");
                }
                at = (int) position;
            }
            out[at] = floats(item.get("embedding"), where, "data[" + i + "].embedding");
        }
        return new ArrayList<>(Arrays.asList(out));
    }

    @Override
    Optional<String> fingerprintModel() {
        return Optional.of(model);
    }

    @Override
    String fingerprintSettings() {
        return ";dimensions=" + (dimensions == null ? "default" : dimensions);
    }

    @Override
    void describeProtocol(Map<String, Object> m) {
        m.put("model", model);
        if (dimensions != null) {
            m.put("dimensions", dimensions);
        }
    }

    /** Builds an {@link OpenAiCompatibleEmbedder}; see {@link HttpEmbedder.Builder} for the shared settings. */
    public static final class Builder extends HttpEmbedder.Builder<Builder> {
        private @Nullable String model;
        private @Nullable Integer dimensions;

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
         * The {@code dimensions} to ask for (models trained to be truncated, such as OpenAI's
         * text-embedding-3), in [1, {@value HttpEmbedder#MAX_DIMENSION}]; also the dimension every reply must
         * have. Default: not sent (the model's own dimension).
         *
         * @param value the dimension asked for and checked in every reply
         * @return this builder
         */
        public Builder dimensions(int value) {
            once(dimensions, "dimensions");
            Arguments.check(value >= 1 && value <= MAX_DIMENSION, "dimensions must be in [1, %d], was %d",
                    MAX_DIMENSION, value);
            dimensions = value;
            return this;
        }

        /**
         * The embedder.
         *
         * @return the embedder; no request is made until the first call
         * @throws IllegalArgumentException if the base URL or the model is missing
         */
        public OpenAiCompatibleEmbedder build() {
            Arguments.check(model != null, "model is required (the name the server serves, such as"
                    + " the vLLM --served-model-name or an Ollama tag)");
            return new OpenAiCompatibleEmbedder(this);
        }
    }
}
