package io.github.astrorag.examples.cli;

import io.github.astrorag.presets.Preset;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import picocli.CommandLine.Option;

/**
 * The options that choose and tune a pipeline, shared by {@code ask} and {@code eval}. An option left
 * out keeps the preset's value.
 */
public final class PipelineOptions {

    /** Which generator answers. */
    public enum GeneratorKind { EXTRACTIVE, OPENAI, TGI }

    /**
     * Which first-stage retriever finds candidates: dense (cosine), BM25, reciprocal-rank fusion of the two
     * ({@code HybridRetriever.rrf()}), or weighted fusion of their min-max-normalised scores at the library's
     * default BM25 weight ({@code HybridRetriever.weighted()}).
     */
    public enum RetrieverKind { DENSE, BM25, RRF, WEIGHTED }

    @Option(names = "--preset", defaultValue = "default", paramLabel = "NAME", converter = PipelineFactory.NameConverter.class,
            description = "Pipeline preset: ${COMPLETION-CANDIDATES}. 'default' is the best measured one "
                    + "(see docs/evaluation.md); 'corag' is CORAG's search over the default's evidence utility; 'astrorag' "
                    + "and 'corag-paper' are the papers' pipelines; 'naive' is dense top-k by cosine. Default: ${DEFAULT-VALUE}.")
    public Preset preset = Preset.DEFAULT;

    @Option(names = "--budget", paramLabel = "TOKENS", description = "Context budget in p50k_base tokens. Default: 1800.")
    public Integer budget;

    @Option(names = "--model", paramLabel = "ID",
            description = "Embedding model: minilm-q (all-MiniLM-L6-v2 quantized), minilm, bge-small-q, e5-small-q, "
                    + "or hashing (no model, for tests). Default: the preset's.")
    public String model;

    /** Where the vectors come from: {@code --embedder} and its server's options. */
    @picocli.CommandLine.Mixin
    public EmbedderOptions embedding = new EmbedderOptions();

    /** For programmatic use: an embedder that replaces {@code --model} (the evaluation shares one per run). */
    public io.github.astrorag.core.spi.Embedder embedder;

    /** For programmatic use: the embedding cache the pipeline looks chunk vectors up in (set from {@code --cache}). */
    public io.github.astrorag.core.spi.EmbeddingCache cache;

    /** For programmatic use: what loading does with a file it cannot read (set from {@code --unreadable}); null: the library's default. */
    public io.github.astrorag.core.spi.DocumentLoader.OnUnreadable unreadable;

    @Option(names = "--candidates", paramLabel = "N", description = "Candidates retrieved before selection. Default: 20.")
    public Integer candidates;

    @Option(names = "--prefilter", paramLabel = "N",
            description = "Embed only what can matter: chunk the documents without embedding them, and for each "
                    + "question embed (cache first) only the N chunks BM25 ranks first, then retrieve among them. "
                    + "N >= 1. Default: off (every chunk is embedded at ingest); see docs/evaluation.md for what it costs in quality.")
    public Integer prefilter;

    @Option(names = "--retriever", paramLabel = "KIND",
            description = "First-stage retrieval: dense (cosine), bm25, rrf (reciprocal-rank fusion of the two, k = "
                    + HybridRetriever.DEFAULT_RRF_K + ") or weighted (their min-max-normalised scores, BM25 weight "
                    + HybridRetriever.DEFAULT_BM25_WEIGHT + "). Default: the preset's.")
    public RetrieverKind retriever;

    @Option(names = "--mmr-k", paramLabel = "K", description = "astrorag: chunks MMR selects. Default: 3.")
    public Integer mmrK;

    @Option(names = "--lambda", paramLabel = "L", description = "astrorag: MMR's relevance/diversity weight λ. Default: 0.5.")
    public Double lambda;

    @Option(names = "--pr-top", paramLabel = "N", description = "astrorag: chunks personalized PageRank keeps. Default: 3.")
    public Integer prTop;

    @Option(names = "--tau", paramLabel = "T", description = "astrorag: cosine threshold τ of the PageRank graph. Default: 0.01.")
    public Double tau;

    @Option(names = "--graph", paramLabel = "KIND",
            description = "astrorag: PageRank graph, ${COMPLETION-CANDIDATES} (mention: an edge where a chunk names "
                    + "another document's title or heading). Default: cosine.")
    public PageRankReranker.GraphKind graph;

    @Option(names = "--order", paramLabel = "ORDER",
            description = "Prompt order of the chosen chunks: relevance, or edges (best first and last). Default: relevance.")
    public ContextOrder order;

    @Option(names = "--hyde", description = "Retrieve with a hypothetical answer written by the generator (HyDE).")
    public boolean hyde;

    @Option(names = "--iterations", paramLabel = "N", description = "corag, corag-paper: MCTS iterations. Default: 10.")
    public Integer iterations;

    @Option(names = "--exploration", paramLabel = "C", description = "corag, corag-paper: MCTS exploration constant c. Default: 2.4.")
    public Double exploration;

    @Option(names = "--cost-weight", paramLabel = "L", description = "corag, corag-paper: weight λ of the token cost in the utility. Default: 0.1.")
    public Double costWeight;

    @Option(names = "--agent", paramLabel = "FILE",
            description = "corag-paper: a configuration agent trained by 'astrorag agent train' that picks the scorer and "
                    + "MCTS settings per question.")
    public java.nio.file.Path agent;

    @Option(names = "--generator", paramLabel = "KIND",
            description = "Who writes the answer: ${COMPLETION-CANDIDATES}. Default: extractive (offline).")
    public GeneratorKind generator = GeneratorKind.EXTRACTIVE;

    @Option(names = "--min-support", paramLabel = "T",
            description = "extractive: the least support an answer needs; below it the answer is \"The documents do not "
                    + "answer this question.\" 0 answers whenever the context has a statement. Default: the model's own "
                    + "(bge-small-q 0.44, minilm-q 0.30, minilm 0.29, e5-small-q 0.61, hashing 0.25; 0.44 for a server's "
                    + "embeddings, for which choose it from 'astrorag eval').")
    public Double minSupport;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "openai: e.g. http://127.0.0.1:8000/v1; tgi: e.g. http://127.0.0.1:3000.")
    public String baseUrl;

    @Option(names = "--llm-model", paramLabel = "NAME", description = "openai: the model name the server expects.")
    public String llmModel;

    @Option(names = "--api-key-env", paramLabel = "NAME",
            description = "openai, tgi: NAME of the environment variable holding the API key (sent as a bearer token, "
                    + "never printed; not the key itself).")
    public String apiKeyEnv;

    @Option(names = "--llm-timeout", paramLabel = "SECONDS",
            description = "openai, tgi: longest time of one answer, every attempt and wait included. Default: 60.")
    public Double llmTimeout;

    @Option(names = "--llm-retries", paramLabel = "N",
            description = "openai, tgi: retries after a failed attempt (5xx, 429, timeout, refused connection), 0 to 9. Default: 2.")
    public Integer llmRetries;

    @Option(names = "--max-tokens", paramLabel = "N",
            description = "Most tokens the LLM may write. Default: 64 for multiple choice, 256 otherwise.")
    public Integer maxTokens;

    @Option(names = "--stream", description = "Print the answer as the generator produces it.")
    public boolean stream;
}
