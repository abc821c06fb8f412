package io.github.astrorag.core.embed;

import io.github.astrorag.core.http.HttpEndpoint;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.RagException;
import io.github.astrorag.core.internal.http.RetryingHttpClient;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedder speaking Hugging Face text-embeddings-inference's native protocol: {@code POST
 * {baseUrl}/embed} with {@code {"inputs": [texts…], "normalize": true, "truncate": true}}; the reply is a
 * JSON array of one array of numbers per text, in input order. Texts longer than the model's maximum are
 * truncated by the server.
 *
 * <p>The fingerprint names the model TEI reports at {@code GET {baseUrl}/info} ({@code model_id}, and
 * {@code @model_sha} when given), asked once: {@code tei:<model_id>[@<sha>];dim=<d>;truncate=true;query="…";passage="…"}.
 * When {@code /info} cannot be read, the configured {@link Builder#model model} stands in; without one,
 * the fingerprint is empty (the vectors are not cached) and a warning says why. See {@link HttpEmbedder}
 * for batches, checks, prefixes, retries and defaults.
 *
 * <pre>{@code
 * Embedder e = TeiEmbedder.builder()
 *         .baseUrl("http://127.0.0.1:8080")
 *         .queryPrefix("Represent this sentence for searching relevant passages: ")   // bge
 *         .build();
 * }</pre>
 */
public final class TeiEmbedder extends HttpEmbedder {

    /** The path after the base URL. */
    public static final String PATH = "/embed";
    /** The path of the server's description. */
    public static final String INFO_PATH = "/info";

    private static final Logger LOG = LoggerFactory.getLogger(TeiEmbedder.class);

    private final @Nullable String model;
    private volatile @Nullable Optional<String> reported;

    private TeiEmbedder(Builder b) {
        super(b, null);
        this.model = b.model;
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
        return "tei";
    }

    @Override
    String path() {
        return PATH;
    }

    @Override
    Map<String, Object> body(List<String> texts) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("inputs", texts);
        body.put("normalize", true);
        body.put("truncate", true);
        return body;
    }

    @Override
    List<float[]> vectors(JsonValue reply, int expected, String where) {
        if (!reply.isArray()) {
            throw malformed(where, "the reply is not an array of vectors: "
                    + (reply.has("error") ? RetryingHttpClient.serverMessage(reply.toString())
                    : RetryingHttpClient.truncate(reply.toString())));
        }
        if (reply.size() != expected) {
            throw malformed(where, "the reply holds " + reply.size() + " vectors for " + expected + " texts");
        }
        List<float[]> out = new ArrayList<>(expected);
        for (int i = 0; i < reply.size(); i++) {
            out.add(floats(reply.get(i), where, "vector " + i));
        }
        return out;
    }

    /** The model {@code /info} reports (asked once), else the configured one, else empty. */
    @Override
    Optional<String> fingerprintModel() {
        Optional<String> r = reported;
        if (r == null) {
            synchronized (this) {
                r = reported;
                if (r == null) {
                    r = info();
                    reported = r;
                }
            }
        }
        return r;
    }

    private Optional<String> info() {
        String where = HttpEndpoint.display(endpoint.resolve(INFO_PATH));
        try {
            JsonValue info = http.parse(http.get(endpoint.resolve(INFO_PATH)).body(), where, "the reply");
            JsonValue id = info.get("model_id");
            if (id != null && id.isTextual() && !id.asText().isBlank()) {
                JsonValue sha = info.get("model_sha");
                return Optional.of(id.asText() + (sha != null && sha.isTextual() && !sha.asText().isBlank()
                        ? "@" + sha.asText() : ""));
            }
            return configured(where + " names no model_id");
        } catch (RagException e) {
            return configured(http.redactor().apply(e.getMessage()));
        }
    }

    private Optional<String> configured(String why) {
        if (model == null) {
            LOG.warn("TEI embeddings are not cached: the model is unknown ({}); give the model to cache them", why);
        }
        return Optional.ofNullable(model);
    }

    @Override
    String fingerprintSettings() {
        return ";truncate=true";
    }

    @Override
    void describeProtocol(Map<String, Object> m) {
        if (model != null) {
            m.put("model", model);
        }
    }

    /** Builds a {@link TeiEmbedder}; see {@link HttpEmbedder.Builder} for the shared settings. */
    public static final class Builder extends HttpEmbedder.Builder<Builder> {
        private @Nullable String model;

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
         * The model's name, for the fingerprint when the server's {@code /info} cannot be read (TEI serves
         * one model, so it is not sent). Default: none.
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
         * The embedder.
         *
         * @return the embedder; no request is made until the first call
         * @throws IllegalArgumentException if the base URL is missing
         */
        public TeiEmbedder build() {
            return new TeiEmbedder(this);
        }
    }
}
