package io.github.astrorag.spring.boot;

import io.github.astrorag.core.spi.DocumentLoader;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DurationUnit;

/**
 * The {@code astrorag.*} properties of {@link AstroRagAutoConfiguration}. The table of every property with its
 * default is in docs/integrations.md; IDEs complete them from the starter's configuration metadata. A value that
 * cannot make a pipeline fails the start-up with an {@link AstroRagPropertyException} naming the property, its value,
 * why and the fix (Spring Boot's "APPLICATION FAILED TO START" report, {@link AstroRagFailureAnalyzer}).
 *
 * @param preset         the preset by name with its settings ({@code name[:key=value,...]}), from the registry of
 *                       parts: {@code default}, {@code astrorag}, {@code corag}, {@code corag-paper}, {@code naive}, the
 *                       evaluation's comparisons, or a preset another jar registers; default {@code default}
 * @param retriever      a retriever by name with its settings that replaces the preset's (naming the preset's own keeps
 *                       its settings); none: the preset's
 * @param rerankers      rerankers by name with their settings that replace the preset's, in order; none: the preset's
 * @param selector       a context selector by name with its settings that replaces the preset's; none: the preset's
 * @param languageDetector who tells the language of the documents and questions, a language detector by name with its
 *                       settings: {@code script} (default: Unicode scripts, Latin text as English) or {@code opennlp}
 *                       (with rag-langdetect on the class path: OpenNLP's model tells German, French, Spanish, ... from
 *                       English; docs/languages.md)
 * @param analyzer       the terms BM25, the coverage selectors and scorers and the extractive answer compare, an analyzer
 *                       by name with its settings: {@code english}, or with rag-analysis on the class path a language's
 *                       ({@code arabic}, {@code hindi}, {@code russian}, ...) or {@code auto}; default
 *                       {@code auto:spaceless=english} when rag-analysis is on the class path (per text, Lucene's
 *                       analyzer of its script's language; Latin, Thai, Han, kana and Hangul text as {@code english}),
 *                       else {@code english} (docs/languages.md)
 * @param budget         the context budget in tokens, at least 1; default the preset's (1800 for the default preset)
 * @param candidates     how many candidates the retriever passes to the rerankers and the selector, at least 1;
 *                       default the preset's (20 for the default preset)
 * @param docs           the documents the application-lifetime instance answers from, as Spring resource locations or
 *                       patterns ({@code classpath:docs/**}{@code /*.md}, {@code file:/data/*.pdf}) or plain file and
 *                       folder paths (relative to the working directory, such as {@code ../docs}), of every kind a
 *                       loader registered by name reads ({@code PartRegistry.loaders()}: text, Markdown and PDF; HTML
 *                       and Office files with rag-documents); classpath resources inside jars are read too; none: no
 *                       instance (and no retriever) is made, the pipeline alone is a bean
 * @param onUnreadable   what loading does with a file no loader can read (broken, empty, a PDF without PDFBox):
 *                       {@code skip-in-folders} (default: skipped with a warning when found in a folder, a failure when
 *                       named), {@code skip} (always skipped) or {@code fail}
 * @param onUnsupported  what a folder walk does with a file of a kind no loader reads: {@code skip} (default) or
 *                       {@code fail}
 * @param chunking       how documents are cut into chunks
 * @param embeddingCache where chunk vectors are kept across restarts
 * @param embedder       the embedder of chunks and questions
 * @param generator      the generator of answers ({@code RagInstance#ask}; the Spring AI retriever does not use it)
 * @param elasticsearch  an Elasticsearch cluster for the instances' indexes (with rag-elasticsearch on the class path)
 * @param observations   Micrometer observations of each stage
 * @param loading        when the documents of {@code docs} are loaded: at start-up (default) or in the background
 */
@ConfigurationProperties("astrorag")
public record AstroRagProperties(
        @DefaultValue("default") String preset,
        @Nullable String retriever,
        @DefaultValue List<String> rerankers,
        @Nullable String selector,
        @Nullable String languageDetector,
        @Nullable String analyzer,
        @Nullable Integer budget,
        @Nullable Integer candidates,
        @DefaultValue List<String> docs,
        @DefaultValue("skip-in-folders") DocumentLoader.OnUnreadable onUnreadable,
        @DefaultValue("skip") DocumentLoader.OnUnsupported onUnsupported,
        @DefaultValue Chunking chunking,
        @DefaultValue EmbeddingCache embeddingCache,
        @DefaultValue Embedder embedder,
        @DefaultValue Generator generator,
        @DefaultValue Elasticsearch elasticsearch,
        @DefaultValue Observations observations,
        @DefaultValue Loading loading) {

    /**
     * When the documents of {@code astrorag.docs} are loaded.
     *
     * @param background {@code false} (default): loaded, chunked and embedded while the context starts, so that the
     *                   application starts only once it can answer; {@code true}: the instance starts empty and is
     *                   filled on a background thread ({@link AstroRagLoading}), the application's readiness refusing
     *                   traffic and its health ({@code astroRag}) out of service with the progress until the documents
     *                   are in; a failure of the load keeps readiness refusing and turns the health down with the error
     * @param watch         {@code true}: the files of {@code astrorag.docs} are checked every {@code watch-interval}
     *                      and the documents added, replaced or removed on the open instance when they change
     *                      ({@link AstroRagDocumentWatch}; file-system locations only); default {@code false}
     * @param watchInterval the time between two checks of the files, at least 100 ms; default 2 s
     */
    public record Loading(@DefaultValue("false") boolean background, @DefaultValue("false") boolean watch,
                          @DefaultValue("2s") Duration watchInterval) {
    }

    /**
     * How documents become chunks (token-aware recursive splitting, p50k_base tokens).
     *
     * @param size    the most tokens of a chunk, at least 8; default the preset's (300 for every built-in preset)
     * @param overlap the tokens consecutive chunks share, at least 0 and less than half the size; default the
     *                preset's (30, or a quarter of the size when that is less)
     */
    public record Chunking(@Nullable Integer size, @Nullable Integer overlap) {
    }

    /**
     * The embedding cache.
     *
     * @param dir the folder of the SQLite cache file ({@code embeddings.sqlite}), so that a restart embeds nothing it
     *            embedded before; none: no cache
     */
    public record EmbeddingCache(@Nullable String dir) {
    }

    /**
     * The embedder.
     *
     * @param kind          {@code onnx} (in process, default), {@code openai} (an OpenAI-compatible
     *                      {@code /embeddings} server) or {@code tei} (Hugging Face text-embeddings-inference)
     * @param model         for {@code onnx} an embedder of the registry of parts by name ({@code bge-small-q},
     *                      {@code minilm-q}, {@code minilm}, {@code e5-small-q}, {@code hashing} (the model-free
     *                      embedder for tests), or one another jar registers), default the preset's model; for
     *                      {@code openai} (required) and {@code tei} the served model's name
     * @param baseUrl       the embedding server's address, for {@code openai} (e.g. {@code http://127.0.0.1:8000/v1})
     *                      and {@code tei} (e.g. {@code http://127.0.0.1:8080})
     * @param apiKeyEnv     the name of the environment variable holding the embedding server's API key (never the key
     *                      itself)
     * @param timeout       {@code openai}, {@code tei}: the longest time of one call, every attempt and wait included
     *                      (a number is seconds: {@code 30}, or {@code 500ms}); default 60 seconds
     * @param retries       {@code openai}, {@code tei}: retries after a failed attempt (5xx, 429, timeout, refused
     *                      connection), 0 to 9; default 2
     * @param batchSize     {@code openai}, {@code tei}: texts per request; default 32
     * @param queryPrefix   {@code openai}, {@code tei}: text put before every question (e5: {@code "query: "});
     *                      default none
     * @param passagePrefix {@code openai}, {@code tei}: text put before every chunk (e5: {@code "passage: "});
     *                      default none
     * @param languages     {@code openai}, {@code tei}: the languages the served model reads ({@code en,zh}): a
     *                      question in another is ranked by BM25 alone and answered by its words; default every
     *                      language (a multilingual model)
     */
    public record Embedder(@DefaultValue("onnx") EmbedderKind kind, @Nullable String model, @Nullable String baseUrl,
                           @Nullable String apiKeyEnv, @Nullable @DurationUnit(ChronoUnit.SECONDS) Duration timeout,
                           @Nullable Integer retries, @Nullable Integer batchSize, @Nullable String queryPrefix,
                           @Nullable String passagePrefix, @Nullable List<String> languages) {
    }

    /**
     * The generator.
     *
     * @param kind       a generator of the registry of parts by name: {@code extractive} (default: one sentence of the
     *                   context, no model), {@code openai} (an OpenAI-compatible chat-completions server), {@code tgi}
     *                   (Hugging Face text-generation-inference), or one another jar registers
     * @param model      the served model's name; required for {@code openai}
     * @param baseUrl    the language-model server's address, required for {@code openai}
     *                   (e.g. {@code http://127.0.0.1:8000/v1}) and {@code tgi} (e.g. {@code http://127.0.0.1:3000})
     * @param apiKeyEnv  the name of the environment variable holding the language-model server's API key (never the key
     *                   itself)
     * @param minSupport {@code extractive}: the least support an answer needs, 0 to 1 (below it the answer abstains;
     *                   0 answers whenever the context has a statement); default the embedding model's own (0.44 for
     *                   the default preset's)
     * @param timeout    {@code openai}, {@code tgi}: the longest time of one answer, every attempt and wait included (a
     *                   number is seconds: {@code 90}, or {@code 2m}); default 60 seconds
     * @param retries    {@code openai}, {@code tgi}: retries after a failed attempt (5xx, 429, timeout, refused
     *                   connection), 0 to 9; default 2
     * @param maxTokens  {@code openai}, {@code tgi}: the most tokens the model may write; default 64 for multiple
     *                   choice, 256 otherwise
     */
    public record Generator(@DefaultValue("extractive") String kind, @Nullable String model,
                            @Nullable String baseUrl, @Nullable String apiKeyEnv, @Nullable Double minSupport,
                            @Nullable @DurationUnit(ChronoUnit.SECONDS) Duration timeout, @Nullable Integer retries,
                            @Nullable Integer maxTokens) {
    }

    /**
     * An Elasticsearch cluster holding each instance's index (only with rag-elasticsearch on the class path); none:
     * the indexes are in memory.
     *
     * @param urls          the cluster's node URLs ({@code http://127.0.0.1:9200}); none: no Elasticsearch
     * @param indexPrefix   the prefix of the ephemeral index names, a-z, 0-9, '_', '.', '-'; default {@code astrorag-}
     * @param mode          {@code index-per-instance} (default: each instance its own index, deleted on close) or
     *                      {@code shared} (one index, routed and filtered by instance id)
     * @param username      the user of basic authentication (with {@code password-env})
     * @param passwordEnv   the name of the environment variable holding the user's password (never the password)
     * @param apiKeyEnv     the name of the environment variable holding an API key (never the key), instead of a user
     * @param caCertificate a PEM file of the CA certificate to trust for {@code https} URLs
     * @param caFingerprint the SHA-256 fingerprint of the CA certificate to trust for {@code https} URLs
     * @param timeout       the longest time of one call, retries included, which also caps the connect and read
     *                      timeouts (a number is seconds); default 60 seconds
     * @param textAnalysis  how the cluster analyses chunk text for BM25: {@code terms} (default: the terms of
     *                      {@code astrorag.analyzer}, the pipeline's own, so the cluster ranks as the in-memory index
     *                      does: Thai and Chinese words cut, stems; every node), {@code standard} (its standard
     *                      analyzer) or {@code language} (its built-in analyzer of each chunk's language; a
     *                      distribution with the module analysis-common)
     */
    public record Elasticsearch(@DefaultValue List<String> urls, @Nullable String indexPrefix, @Nullable String mode,
                                @Nullable String username, @Nullable String passwordEnv, @Nullable String apiKeyEnv,
                                @Nullable String caCertificate, @Nullable String caFingerprint,
                                @Nullable @DurationUnit(ChronoUnit.SECONDS) Duration timeout,
                                @Nullable String textAnalysis) {
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
