package io.github.astrorag.cli;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options that choose and tune a pipeline, shared by {@code ask} and {@code mcp} (and their part options by
 * {@code eval}). Everything named is resolved through the {@linkplain PartRegistry registry of parts}: the preset and
 * its settings, the parts that replace the preset's ({@link PartOptions}), the generator and the embedder. The options
 * such as {@code --mmr-k} or {@code --base-url} are short forms of a setting of the preset or of the generator
 * ({@code --preset astrorag --mmr-k 5} is {@code --preset astrorag:mmr-k=5}); given where the named part takes no
 * such setting, they are refused with the parts that do. An option left out keeps the preset's value.
 */
public final class PipelineOptions {

    @Option(names = "--preset", defaultValue = "default", paramLabel = "PRESET",
            description = "Pipeline preset by name, with its settings (name[:key=value,...]): ${COMPLETION-CANDIDATES}. "
                    + "'default' is the best measured one (see docs/evaluation.md); 'corag' is CORAG's search over the "
                    + "default's evidence utility; 'astrorag' and 'corag-paper' are the papers' pipelines; 'naive' is "
                    + "dense top-k by cosine; the others are the evaluation's comparisons. Default: ${DEFAULT-VALUE}.",
            completionCandidates = Names.Presets.class)
    public String preset = "default";

    @Option(names = "--budget", paramLabel = "TOKENS", description = "Context budget in tokens of --tokenizer. Default: 1800.")
    public Integer budget;

    @Option(names = "--tokenizer", paramLabel = "ENCODING",
            description = "What chunk sizes and the budget are counted in, the tokens of the model that reads the context: "
                    + "${COMPLETION-CANDIDATES}, or as tiktoken writes them (o200k_base: GPT-4o family; cl100k_base: GPT-4, "
                    + "GPT-3.5). Default: p50k_base.",
            completionCandidates = Names.Tokenizers.class)
    public String tokenizer;

    @Option(names = "--language", paramLabel = "CODE",
            description = "The language of the documents and the question, a BCP 47 code such as zh, ar or th, instead of "
                    + "detecting it with --language-detector. Default: detected.")
    public String language;

    @Option(names = "--language-detector", paramLabel = "DETECTOR",
            description = "Who tells the language of the documents and the question, by name with its settings: "
                    + "${COMPLETION-CANDIDATES} (script: Unicode scripts, Latin text as English; opennlp: scripts, then "
                    + "OpenNLP's model tells German, French, Spanish, ... from English). Default: script.",
            completionCandidates = Names.LanguageDetectors.class)
    public String languageDetector;

    @Option(names = "--model", paramLabel = "EMBEDDER",
            description = "Embedding model by name, with its settings: ${COMPLETION-CANDIDATES} (hashing: no model, for "
                    + "tests). Default: the preset's (over bge-small-q, Chinese documents are read by bge-small-zh-q).",
            completionCandidates = Names.Embedders.class)
    public String model;

    /** Where the vectors come from: {@code --embedder} and its server's options. */
    @Mixin
    public EmbedderOptions embedding = new EmbedderOptions();

    /** The parts that replace the preset's: {@code --retriever}, {@code --reranker}, {@code --selector}. */
    @Mixin
    public PartOptions parts = new PartOptions();

    /** For programmatic use: an embedder that replaces {@code --model} (the evaluation shares one per run). */
    public Embedder embedder;

    /** For programmatic use: the embedding cache the pipeline looks chunk vectors up in (set from {@code --cache}). */
    public EmbeddingCache cache;

    /** For programmatic use: what loading does with a file it cannot read (set from {@code --unreadable}); null: the library's default. */
    public DocumentLoader.OnUnreadable unreadable;

    /** For programmatic use: what a folder walk does with a file no loader reads (set from {@code --unsupported}); null: skip. */
    public DocumentLoader.OnUnsupported unsupported;

    @Option(names = "--candidates", paramLabel = "N", description = "Candidates retrieved before selection. Default: 20.")
    public Integer candidates;

    @Option(names = "--prefilter", paramLabel = "N",
            description = "Embed only what can matter: chunk the documents without embedding them, and for each "
                    + "question embed (cache first) only the N chunks BM25 ranks first, then retrieve among them. "
                    + "N >= 1. Default: off (every chunk is embedded at ingest); see docs/evaluation.md for what it costs in quality.")
    public Integer prefilter;

    @Option(names = "--mmr-k", paramLabel = "K", description = "Preset setting mmr-k (astrorag): chunks MMR selects. Default: 3.")
    public Integer mmrK;

    @Option(names = "--lambda", paramLabel = "L", description = "Preset setting lambda (astrorag): MMR's relevance/diversity weight λ. Default: 0.5.")
    public Double lambda;

    @Option(names = "--pr-top", paramLabel = "N", description = "Preset setting pr-top (astrorag): chunks personalized PageRank keeps. Default: 3.")
    public Integer prTop;

    @Option(names = "--tau", paramLabel = "T", description = "Preset setting tau (astrorag): cosine threshold τ of the PageRank graph. Default: 0.01.")
    public Double tau;

    @Option(names = "--graph", paramLabel = "KIND",
            description = "Preset setting graph (astrorag): the PageRank graph, cosine or mention (an edge where a chunk "
                    + "names another document's title or heading). Default: cosine.")
    public String graph;

    @Option(names = "--order", paramLabel = "ORDER",
            description = "Preset setting order: prompt order of the chosen chunks, relevance or edges (best first and "
                    + "last). Default: relevance.")
    public ContextOrder order;

    @Option(names = "--hyde", description = "Retrieve with a hypothetical answer written by the generator (HyDE).")
    public boolean hyde;

    @Option(names = "--iterations", paramLabel = "N", description = "Preset setting iterations (corag, corag-paper): MCTS iterations. Default: 10.")
    public Integer iterations;

    @Option(names = "--exploration", paramLabel = "C", description = "Preset setting exploration (corag, corag-paper): MCTS exploration constant c. Default: 2.4.")
    public Double exploration;

    @Option(names = "--cost-weight", paramLabel = "L", description = "Preset setting cost-weight (corag, corag-paper): weight λ of the token cost in the utility. Default: 0.1.")
    public Double costWeight;

    @Option(names = "--agent", paramLabel = "FILE",
            description = "Preset setting agent (corag-paper): a configuration agent trained by 'astrorag agent train' "
                    + "that picks the scorer and MCTS settings per question.")
    public java.nio.file.Path agent;

    @Option(names = "--generator", paramLabel = "GENERATOR",
            description = "Who writes the answer, by name with its settings: ${COMPLETION-CANDIDATES}. Default: "
                    + "extractive (offline).", completionCandidates = Names.Generators.class)
    public String generator = "extractive";

    @Option(names = "--min-support", paramLabel = "T",
            description = "Generator setting min-support (extractive): the least support an answer needs; below it the "
                    + "answer is \"The documents do not answer this question.\" 0 answers whenever the context has a "
                    + "statement. Default: the embedding model's own (docs/configuration.md).")
    public Double minSupport;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "Generator setting base-url (openai, tgi): e.g. http://127.0.0.1:8000/v1 (openai), http://127.0.0.1:3000 (tgi).")
    public String baseUrl;

    @Option(names = "--llm-model", paramLabel = "NAME", description = "Generator setting model (openai): the model name the server expects.")
    public String llmModel;

    @Option(names = "--api-key-env", paramLabel = "NAME",
            description = "Generator setting api-key-env (openai, tgi): NAME of the environment variable holding the API "
                    + "key (sent as a bearer token, never printed; not the key itself).")
    public String apiKeyEnv;

    @Option(names = "--llm-timeout", paramLabel = "SECONDS",
            description = "Generator setting timeout (openai, tgi): longest time of one answer, every attempt and wait included. Default: 60.")
    public Double llmTimeout;

    @Option(names = "--llm-retries", paramLabel = "N",
            description = "Generator setting retries (openai, tgi): retries after a failed attempt (5xx, 429, timeout, refused connection), 0 to 9. Default: 2.")
    public Integer llmRetries;

    @Option(names = "--max-tokens", paramLabel = "N",
            description = "Generator setting max-tokens (openai, tgi): most tokens the LLM may write. Default: 64 for multiple choice, 256 otherwise.")
    public Integer maxTokens;

    @Option(names = "--stream", description = "Print the answer as the generator produces it.")
    public boolean stream;

    /**
     * The preset's spec: {@code --preset} with the settings its short-form options give.
     *
     * @param parts the registry
     * @return the spec, checked against the preset
     * @throws IllegalArgumentException naming the option and the presets that take its setting if this one does not
     */
    PartSpec presetSpec(PartRegistry parts) {
        PartSpec spec = parts.parse(Role.PRESET, preset);
        Part<?> part = parts.part(Role.PRESET, spec.name());
        Map<String, String> more = shortForms(parts, Role.PRESET, "--preset", part, new Object[][] {
                {"--mmr-k", "mmr-k", mmrK}, {"--lambda", "lambda", lambda}, {"--pr-top", "pr-top", prTop}, {"--tau", "tau", tau},
                {"--graph", "graph", graph}, {"--order", "order", order}, {"--iterations", "iterations", iterations},
                {"--exploration", "exploration", exploration}, {"--cost-weight", "cost-weight", costWeight},
                {"--agent", "agent", agent}});
        PartSpec merged = spec.with(more);
        parts.check(Role.PRESET, merged);
        return merged;
    }

    /**
     * The generator's spec: {@code --generator} with the settings its short-form options give.
     *
     * @param parts the registry
     * @return the spec, checked against the generator
     * @throws IllegalArgumentException naming the option and the generators that take its setting if this one does not
     */
    PartSpec generatorSpec(PartRegistry parts) {
        PartSpec spec = parts.parse(Role.GENERATOR, generator);
        Part<?> part = parts.part(Role.GENERATOR, spec.name());
        Object[][] options = {
                {"--min-support", "min-support", minSupport}, {"--base-url", "base-url", baseUrl},
                {"--llm-model", "model", llmModel}, {"--api-key-env", "api-key-env", apiKeyEnv},
                {"--llm-timeout", "timeout", llmTimeout}, {"--llm-retries", "retries", llmRetries},
                {"--max-tokens", "max-tokens", maxTokens}};
        Map<String, String> more = shortForms(parts, Role.GENERATOR, "--generator", part, options);
        PartSpec merged = spec.with(more);
        List<String> missing = new ArrayList<>();
        for (io.github.astrorag.core.part.Setting setting : part.settings()) {
            if (setting.required() && !merged.settings().containsKey(setting.key())) {
                String option = setting.key();
                for (Object[] o : options) {
                    if (o[1].equals(setting.key())) {
                        option = (String) o[0];
                    }
                }
                missing.add(option);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("--generator " + part.name() + " needs " + String.join(" and ", missing)
                    + (missing.contains("--base-url") ? ", e.g. --base-url " + (part.name().equals("tgi")
                    ? "http://127.0.0.1:3000" : "http://127.0.0.1:8000/v1") : ""));
        }
        parts.check(Role.GENERATOR, merged);
        return merged;
    }

    /** The settings the given short-form options set, refusing those {@code part} does not take. */
    private static Map<String, String> shortForms(PartRegistry parts, Role<?> role, String option, Part<?> part,
                                                  Object[][] options) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> misplaced = new ArrayList<>();
        String key = null;
        for (Object[] o : options) {
            if (o[2] == null) {
                continue;
            }
            String k = (String) o[1];
            if (!part.takes(k)) {
                misplaced.add((String) o[0]);
                key = k;
            } else {
                out.put(k, text(o[2]));
            }
        }
        if (!misplaced.isEmpty()) {
            String setting = Objects.requireNonNull(key);
            List<String> takers = parts.parts(role).stream().filter(p -> p.takes(setting)).map(Part::name).toList();
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s %s to %s %s only, not %s %s",
                    String.join(", ", misplaced), misplaced.size() == 1 ? "applies" : "apply", option,
                    String.join(" or ", takers), option, part.name()));
        }
        return out;
    }

    private static String text(Object value) {
        if (value instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        return String.valueOf(value);
    }

    /**
     * The token counter {@code --tokenizer} names, through the registry's tokenizer parts.
     *
     * @param parts the registry of parts
     * @return the counter; {@code p50k_base} when the option is not given
     * @throws IllegalArgumentException naming the tokenizers if there is no such one
     */
    public io.github.astrorag.core.token.TokenCounter tokenCounter(PartRegistry parts) {
        return tokenCounter(parts, tokenizer);
    }

    /**
     * The language detector part {@code spec} names ({@code --language-detector}).
     *
     * @param parts the registry of parts
     * @param spec  a part spec such as {@code opennlp:candidates=en+de}
     * @return the detector
     * @throws IllegalArgumentException naming the detectors if there is no such one, or a setting is wrong
     */
    static io.github.astrorag.core.spi.LanguageDetector languageDetector(PartRegistry parts, String spec) {
        return parts.create(Role.LANGUAGE_DETECTOR, spec.strip(), io.github.astrorag.core.part.PartContext.of(parts));
    }

    /**
     * The tokenizer part {@code name} names, or {@code p50k_base} for {@code null}; tiktoken's spelling with {@code _}
     * ({@code o200k_base}) names the part {@code o200k-base}.
     */
    static io.github.astrorag.core.token.TokenCounter tokenCounter(PartRegistry parts, String name) {
        return name == null ? io.github.astrorag.core.token.TokenCounter.p50k()
                : parts.create(Role.TOKENIZER, name.strip().replace('_', '-'), io.github.astrorag.core.part.PartContext.of(parts));
    }
}
