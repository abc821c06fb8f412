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
 * @param preset         the preset by name with its settings ({@code name[:key=value,...]}), from the registry of
 *                       parts: {@code default}, {@code astrorag}, {@code corag}, {@code corag-paper}, {@code naive}, the
 *                       evaluation's comparisons, or a preset another jar registers; default {@code default}
 * @param retriever      a retriever by name with its settings that replaces the preset's (naming the preset's own keeps
 *                       its settings); none: the preset's
 * @param rerankers      rerankers by name with their settings that replace the preset's, in order; none: the preset's
 * @param selector       a context selector by name with its settings that replaces the preset's; none: the preset's
 * @param budget         the context budget in tokens, at least 1; default the preset's
 * @param docs           the files and folders the application-lifetime instance answers from, of every kind a
 *                       loader registered by name reads ({@code PartRegistry.loaders()}: text, Markdown and PDF; HTML and
 *                       Office files with rag-documents);
 *                       none: no instance (and no retriever) is made, the pipeline alone is a bean
 * @param embeddingCache where chunk vectors are kept across restarts
 * @param embedder       the embedder of chunks and questions
 * @param generator      the generator of answers ({@code RagInstance#ask}; the Spring AI retriever does not use it)
 * @param observations   Micrometer observations of each stage
 */
@ConfigurationProperties("astrorag")
public record AstroRagProperties(
        @DefaultValue("default") String preset,
        @Nullable String retriever,
        @DefaultValue List<String> rerankers,
        @Nullable String selector,
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
     * @param model     for {@code onnx} an embedder of the registry of parts by name ({@code bge-small-q},
     *                  {@code minilm-q}, {@code minilm}, {@code e5-small-q}, {@code hashing} (the model-free embedder
     *                  for tests), or one another jar registers), default the preset's model; for {@code openai}
     *                  (required) and {@code tei} the served model's name
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
     * @param kind      a generator of the registry of parts by name: {@code extractive} (default: one sentence of the
     *                  context, no model), {@code openai} (an OpenAI-compatible chat-completions server), {@code tgi}
     *                  (Hugging Face text-generation-inference), or one another jar registers
     * @param model     the served model's name; required for {@code openai}
     * @param baseUrl   the server's address, required for {@code openai} and {@code tgi}
     * @param apiKeyEnv the name of the environment variable holding the server's API key (never the key itself)
     */
    public record Generator(@DefaultValue("extractive") String kind, @Nullable String model,
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
}
