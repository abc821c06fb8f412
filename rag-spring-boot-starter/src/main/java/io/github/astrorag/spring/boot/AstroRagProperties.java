package io.github.astrorag.spring.boot;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code astrorag.*} properties of {@link AstroRagAutoConfiguration}. The table of every property with its
 * default is in docs/integrations.md; IDEs complete them from the starter's configuration metadata.
 *
 * @param preset         the preset by name ({@code io.github.astrorag.presets.Preset#of}): {@code default},
 *                       {@code astrorag}, {@code corag}, {@code corag-paper} or {@code naive}; default {@code default}
 * @param budget         the context budget in tokens, at least 1; default the preset's
 * @param docs           the files and folders the application-lifetime instance answers from (.txt, .md, .pdf);
 *                       none: no instance (and no retriever) is made, the pipeline alone is a bean
 * @param embeddingCache where chunk vectors are kept across restarts
 * @param embedder       the embedder of chunks and questions
 * @param generator      the generator of answers ({@code RagInstance#ask}; the Spring AI retriever does not use it)
 * @param observations   Micrometer observations of each stage
 */
@ConfigurationProperties("astrorag")
public record AstroRagProperties(
        @DefaultValue("default") String preset,
        @Nullable Integer budget,
        @DefaultValue List<Path> docs,
        @DefaultValue EmbeddingCache embeddingCache,
        @DefaultValue Embedder embedder,
        @DefaultValue Generator generator,
        @DefaultValue Observations observations) {

    /**
     * The embedding cache.
     *
     * @param dir the folder of the SQLite cache file ({@code embeddings.sqlite}); none: no cache
     */
    public record EmbeddingCache(@Nullable Path dir) {
    }

    /**
     * The embedder.
     *
     * @param kind      {@code onnx} (in process, default), {@code openai} (an OpenAI-compatible
     *                  {@code /embeddings} server) or {@code tei} (Hugging Face text-embeddings-inference)
     * @param model     for {@code onnx} a model id ({@code io.github.astrorag.presets.EmbeddingModels#IDS}:
     *                  {@code bge-small-q}, {@code minilm-q}, {@code minilm}, {@code e5-small-q}, or
     *                  {@code hashing}, the model-free embedder for tests), default the preset's model; for
     *                  {@code openai} (required) and {@code tei} the served model's name
     * @param baseUrl   the server's address, for {@code openai} (e.g. {@code http://127.0.0.1:8000/v1}) and
     *                  {@code tei} (e.g. {@code http://127.0.0.1:8080})
     * @param apiKeyEnv the name of the environment variable holding the server's API key (never the key itself)
     */
    public record Embedder(@DefaultValue("onnx") EmbedderKind kind, @Nullable String model, @Nullable String baseUrl,
                           @Nullable String apiKeyEnv) {
    }

    /**
     * The generator.
     *
     * @param kind      {@code extractive} (default: sentences of the context, no model), {@code openai} (an
     *                  OpenAI-compatible chat-completions server) or {@code tgi} (Hugging Face text-generation-inference)
     * @param model     the served model's name; required for {@code openai}
     * @param baseUrl   the server's address, required for {@code openai} and {@code tgi}
     * @param apiKeyEnv the name of the environment variable holding the server's API key (never the key itself)
     */
    public record Generator(@DefaultValue("extractive") GeneratorKind kind, @Nullable String model,
                            @Nullable String baseUrl, @Nullable String apiKeyEnv) {
    }

    /**
     * Micrometer observations.
     *
     * @param enabled whether each stage is recorded as an {@code Observation} when the application has an
     *                {@code ObservationRegistry} bean (Actuator makes one); default true
     */
    public record Observations(@DefaultValue("true") boolean enabled) {
    }

    /** Where embeddings come from. */
    public enum EmbedderKind {
        /** An ONNX sentence model in process (or the model-free {@code hashing} embedder). */
        ONNX,
        /** An OpenAI-compatible {@code /embeddings} server. */
        OPENAI,
        /** Hugging Face text-embeddings-inference. */
        TEI
    }

    /** Where answers come from. */
    public enum GeneratorKind {
        /** Sentences of the context, no model. */
        EXTRACTIVE,
        /** An OpenAI-compatible chat-completions server. */
        OPENAI,
        /** Hugging Face text-generation-inference. */
        TGI
    }
}
