package io.github.astrorag.cli;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.Embedder;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where the vectors come from, shared by {@code ask} and {@code eval}: the in-process ONNX models of
 * {@code --model} (the default), or an embedding server speaking OpenAI's or TEI's protocol. An option
 * that does not apply to the chosen kind is an error saying where it belongs.
 */
public final class EmbedderOptions {

    /** Who embeds. */
    public enum Kind { ONNX, OPENAI, TEI }

    @Option(names = "--embedder", paramLabel = "KIND",
            description = "Who embeds: onnx (the in-process model of --model), openai (a server of OpenAI's "
                    + "/embeddings: vLLM, llama.cpp, Ollama, TEI's /v1), tei (text-embeddings-inference's /embed). "
                    + "Default: onnx.")
    public Kind kind = Kind.ONNX;

    @Option(names = "--embed-url", paramLabel = "URL",
            description = "openai, tei: the server's base URL, e.g. http://127.0.0.1:8000/v1 (openai) or "
                    + "http://127.0.0.1:8080 (tei).")
    public String url;

    @Option(names = "--embed-model", paramLabel = "NAME",
            description = "openai: the model name the server expects (required); tei: the model's name for the "
                    + "embedding cache when the server's /info cannot be read.")
    public String model;

    @Option(names = "--embed-api-key-env", paramLabel = "NAME",
            description = "openai, tei: NAME of the environment variable holding the embedding server's API key "
                    + "(sent as a bearer token, never printed; not the key itself).")
    public String apiKeyEnv;

    @Option(names = "--embed-query-prefix", paramLabel = "TEXT",
            description = "openai, tei: put before every question (e5: 'query: '; bge: 'Represent this sentence "
                    + "for searching relevant passages: '). Default: none.")
    public String queryPrefix;

    @Option(names = "--embed-passage-prefix", paramLabel = "TEXT",
            description = "openai, tei: put before every chunk (e5: 'passage: '). Default: none.")
    public String passagePrefix;

    @Option(names = "--embed-languages", paramLabel = "CODES",
            description = "openai, tei: the languages the server's model reads, codes joined by '+' (en, en+zh): a "
                    + "question in another is ranked by BM25 alone and answered by its words. Default: every language "
                    + "(a multilingual model such as multilingual-e5 or bge-m3).")
    public String languages;

    /**
     * The embedder these options choose, made by the registry of parts: {@code model} for {@code --embedder onnx}
     * (the default), else the server's embedder part ({@code openai}, {@code tei}) with the {@code --embed-*}
     * options as its settings. The caller owns it ({@link PipelineFactory#release}).
     *
     * @param parts      the registry
     * @param model      the in-process model's spec ({@code --model}, or the preset's)
     * @param modelGiven whether {@code --model} was given on the command line
     * @return a new embedder
     * @throws IllegalArgumentException when an option does not apply to the kind, or a required one is missing
     */
    public Embedder create(PartRegistry parts, PartSpec model, boolean modelGiven) {
        OptionRules.checkEmbedder(this, modelGiven);
        PartContext none = PartContext.of(parts);
        return switch (kind) {
            case ONNX -> parts.create(Role.EMBEDDER, model, none);
            case OPENAI -> {
                Arguments.check(url != null, "--embedder openai needs --embed-url, e.g. http://127.0.0.1:8000/v1");
                Arguments.check(this.model != null, "--embedder openai needs --embed-model NAME (the model the server serves)");
                yield parts.create(Role.EMBEDDER, remote("openai"), none);
            }
            case TEI -> {
                Arguments.check(url != null, "--embedder tei needs --embed-url, e.g. http://127.0.0.1:8080");
                yield parts.create(Role.EMBEDDER, remote("tei"), none);
            }
        };
    }

    /** The server embedder's spec: the {@code --embed-*} options as its settings. */
    private PartSpec remote(String name) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("base-url", url);
        if (model != null) {
            s.put("model", model);
        }
        if (apiKeyEnv != null) {
            Secrets.fromEnvironment(apiKeyEnv, "--embed-api-key-env", "the embedding API key", System::getenv);
            s.put("api-key-env", apiKeyEnv);
        }
        if (queryPrefix != null) {
            s.put("query-prefix", queryPrefix);
        }
        if (passagePrefix != null) {
            s.put("passage-prefix", passagePrefix);
        }
        if (languages != null) {
            s.put("languages", languages);
        }
        return new PartSpec(name, s);
    }
}
