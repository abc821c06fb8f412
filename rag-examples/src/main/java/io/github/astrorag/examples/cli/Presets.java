package io.github.astrorag.examples.cli;

import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.Secrets;
import io.github.astrorag.core.generate.HttpLlmGenerator;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.generate.TgiGenerator;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.mcts.Corag;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.agent.ConfigAgentTrainer;
import io.github.astrorag.retrieval.AstroRag;
import io.github.astrorag.retrieval.embed.OnnxSentenceEmbedder;
import io.github.astrorag.retrieval.embed.SentenceModel;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Prefilter;
import io.github.astrorag.retrieval.hyde.HydeQueryTransformer;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.Locale;

/**
 * Builds the command line's pipelines from {@link PipelineOptions}, only through the library's preset calls
 * ({@link AstroRag#recommendedBuilder}, {@link AstroRag#paperBuilder}, {@link AstroRag#naiveBuilder},
 * {@link Corag#paperBuilder}), so that {@code --preset default} is exactly {@link AstroRag#recommended()}.
 * A model named by the options is loaded for the pipeline and owned by it: closing the pipeline frees it;
 * with {@code --embedder openai|tei} the pipeline embeds through that server ({@link EmbedderOptions}).
 */
public final class Presets {

    /** The presets. */
    public enum Name {
        /**
         * The best measured pipeline (see the README's evaluation): bge-small-en-v1.5, 20 candidates by
         * weighted fusion of BM25 and cosine, budget-aware query-coverage selection that follows document titles
         * named by the question and by the evidence already picked, with a PageRank evidence prior
         * ({@code BridgingCoverageSelector}).
         */
        DEFAULT,
        /** The AstroRAG paper: MiniLM, MMR k=3, personalized PageRank top 3, 1800 tokens. */
        ASTRORAG,
        /**
         * CORAG's MCTS over chunk combinations and their order, over the evidence utility (the default's
         * coverage objective; {@link AstroRag#coragBuilder}), bge-small-en-v1.5.
         */
        CORAG,
        /** The CORAG paper: MCTS over chunk combinations and their order with its query-coverage utility, MiniLM. */
        CORAG_PAPER,
        /** Plain top-k by cosine until the budget is spent. */
        NAIVE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /**
         * The preset of a command-line name ({@code corag-paper}, case-insensitive).
         *
         * @param value the name
         * @return the preset
         * @throws IllegalArgumentException naming the presets if there is none of that name
         */
        public static Name parse(String value) {
            for (Name n : values()) {
                if (n.toString().equalsIgnoreCase(value.strip())) {
                    return n;
                }
            }
            throw new IllegalArgumentException("unknown preset '" + value + "': use one of "
                    + String.join(", ", java.util.Arrays.stream(values()).map(Name::toString).toList()));
        }

        /** Whether the preset selects by CORAG's search (and takes its options). */
        boolean searches() {
            return this == CORAG || this == CORAG_PAPER;
        }
    }

    /** Parses {@code --preset} by the preset's command-line name. */
    static final class NameConverter implements picocli.CommandLine.ITypeConverter<Name> {
        @Override
        public Name convert(String value) {
            return Name.parse(value);
        }
    }

    /** The embedding model of the default preset. */
    public static final String DEFAULT_MODEL = "bge-small-q"; // = AstroRag.RECOMMENDED_MODEL.id(), a constant for annotations (PresetsTest)
    /** The embedding model of the AstroRAG, CORAG and naive presets (the paper's Sentence-BERT). */
    public static final String ASTRORAG_MODEL = "minilm-q"; // = AstroRag.PAPER_MODEL.id()

    /** The model ids {@code --model} takes. */
    public static final java.util.List<String> MODEL_IDS = java.util.List.of("bge-small-q", "minilm-q", "minilm", "e5-small-q", "hashing");

    private Presets() {
    }

    /** The pipeline the options describe, with the in-memory index. */
    public static RagPipeline build(PipelineOptions o) {
        return build(o, new io.github.astrorag.core.index.InMemoryEphemeralIndexFactory());
    }

    /**
     * The pipeline the options describe, keeping each instance's index in {@code indexes}. Close it: it owns
     * the model it loaded (not an embedder given in the options).
     */
    public static RagPipeline build(PipelineOptions o, io.github.astrorag.core.spi.EphemeralIndexFactory indexes) {
        OptionRules.check(o);
        Embedder embedder = o.embedder != null ? o.embedder : o.embedding.create(
                () -> embedder(o.model != null ? o.model : o.preset == Name.DEFAULT || o.preset == Name.CORAG ? DEFAULT_MODEL : ASTRORAG_MODEL),
                o.model != null);
        try {
            RagPipeline.Builder b = switch (o.preset) {
                case ASTRORAG -> astrorag(o, embedder);
                case CORAG, CORAG_PAPER -> corag(o, embedder);
                case NAIVE -> withRetriever(AstroRag.naiveBuilder(embedder, order(o)), o);
                case DEFAULT -> withRetriever(AstroRag.recommendedBuilder(embedder, order(o)), o);
            };
            if (embedder != o.embedder && embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            return configure(b, o, indexes).build();
        } catch (RuntimeException | Error e) {
            if (embedder != o.embedder) {
                release(embedder);
            }
            throw e;
        }
    }

    private static RagPipeline.Builder configure(RagPipeline.Builder b, PipelineOptions o,
                                                 io.github.astrorag.core.spi.EphemeralIndexFactory indexes) {
        b.index(indexes);
        if (o.cache != null) {
            b.embeddingCache(o.cache);
        }
        if (o.budget != null) {
            b.budget(o.budget);
        }
        if (o.candidates != null) {
            b.candidates(o.candidates);
        }
        if (o.prefilter != null) {
            b.prefilter(new Bm25Prefilter(), o.prefilter);
        }
        Generator generator = generator(o);
        if (generator != null) {
            b.generator(generator);
        }
        if (o.hyde) {
            Arguments.check(o.generator != PipelineOptions.GeneratorKind.EXTRACTIVE,
                    "--hyde needs a language model to write the hypothetical answer: add --generator openai or tgi");
            b.queryTransformer(new HydeQueryTransformer(generator));
        }
        return b;
    }

    /** Closes {@code embedder} if it holds resources (a loaded model); for embedders from {@link #embedder(String)}. */
    public static void release(Embedder embedder) {
        if (embedder instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                throw new io.github.astrorag.core.RagException("closing the embedding model failed: " + e.getMessage(), e);
            }
        }
    }

    /**
     * A new embedder of a model id ({@code hashing} or a {@link SentenceModel} id); the caller closes it with
     * {@link #release}.
     */
    public static Embedder embedder(String id) {
        Arguments.check(!id.isBlank(), "the model id is blank: use one of %s", MODEL_IDS);
        if (!"hashing".equals(id) && !MODEL_IDS.contains(id)) {
            throw new IllegalArgumentException("unknown embedding model '" + id + "'; known models: " + String.join(", ", MODEL_IDS));
        }
        return "hashing".equals(id) ? new HashingEmbedder() : OnnxSentenceEmbedder.load(SentenceModel.byId(id));
    }

    private static RagPipeline.Builder astrorag(PipelineOptions o, Embedder embedder) {
        RagPipeline.Builder b = AstroRag.paperBuilder(embedder, order(o));
        int k = o.mmrK == null ? AstroRag.MMR_K : o.mmrK;
        if (o.mmrK != null || o.lambda != null || o.retriever != null) {
            Arguments.check(o.retriever == null || o.retriever == PipelineOptions.RetrieverKind.DENSE,
                    "--preset astrorag retrieves with MMR over dense candidates; --retriever %s does not apply",
                    String.valueOf(o.retriever).toLowerCase(Locale.ROOT));
            b.retriever(MmrRetriever.builder().k(k).lambda(o.lambda == null ? AstroRag.MMR_LAMBDA : o.lambda)
                    .fetchSize(Math.max(k, AstroRag.MMR_FETCH)).build());
            b.candidates(k);
        }
        if (o.prTop != null || o.tau != null || o.graph != null) {
            b.rerankers(java.util.List.of(PageRankReranker.builder()
                    .graph(o.graph == null ? PageRankReranker.DEFAULT_GRAPH : o.graph)
                    .threshold(o.tau == null ? AstroRag.PAGERANK_THRESHOLD : o.tau)
                    .top(o.prTop == null ? AstroRag.PAGERANK_TOP : o.prTop).build()));
        }
        return b;
    }

    private static RagPipeline.Builder corag(PipelineOptions o, Embedder embedder) {
        MctsContextSelector.Builder mcts = o.preset == Name.CORAG ? AstroRag.coragSelectorBuilder() : MctsContextSelector.builder();
        if (o.iterations != null) {
            mcts.iterations(o.iterations);
        }
        if (o.exploration != null) {
            mcts.exploration(o.exploration);
        }
        if (o.costWeight != null) {
            mcts.costWeight(o.costWeight);
        }
        RagPipeline.Builder b;
        if (o.agent != null) {
            Arguments.check(o.iterations == null && o.exploration == null && o.costWeight == null,
                    "--agent chooses the MCTS settings per question: leave out --iterations, --exploration and --cost-weight");
            b = Corag.agentBuilder(embedder, ConfigAgent.load(o.agent), ConfigAgentTrainer.defaultScorers(embedder));
        } else if (o.preset == Name.CORAG) {
            b = AstroRag.coragBuilder(embedder).selector(mcts.build());
        } else {
            b = Corag.paperBuilder(embedder, mcts.build());
        }
        return withRetriever(b, o);
    }

    /** The preset with the retriever {@code --retriever} names, if it names one (the presets retrieve densely). */
    private static RagPipeline.Builder withRetriever(RagPipeline.Builder b, PipelineOptions o) {
        return o.retriever == null ? b : b.retriever(retriever(o.retriever));
    }

    private static Retriever retriever(PipelineOptions.RetrieverKind kind) {
        return switch (kind) {
            case DENSE -> new DenseRetriever();
            case BM25 -> new Bm25Retriever();
            case HYBRID -> HybridRetriever.defaults();
        };
    }

    private static ContextOrder order(PipelineOptions o) {
        return o.order == null ? ContextOrder.RELEVANCE : o.order;
    }

    /** {@code g} with the options both HTTP generators share. */
    private static <B extends HttpLlmGenerator.Builder<B>> B http(B g, PipelineOptions o) {
        if (o.apiKeyEnv != null) {
            Secrets.fromEnvironment(o.apiKeyEnv, "--api-key-env", "the API key", System::getenv);
            g.apiKeyEnv(o.apiKeyEnv);
        }
        if (o.maxTokens != null) {
            g.maxTokens(o.maxTokens);
        }
        if (o.llmTimeout != null) {
            g.timeout(seconds(o.llmTimeout, "--llm-timeout"));
        }
        if (o.llmRetries != null) {
            g.maxRetries(o.llmRetries);
        }
        return g;
    }

    /** {@code value} seconds, which must be positive and finite. */
    static java.time.Duration seconds(double value, String option) {
        Arguments.check(value > 0 && value <= 3600, "%s must be in (0, 3600] seconds, was %s", option, value);
        return java.time.Duration.ofMillis(Math.max(1, Math.round(value * 1000)));
    }

    /** The generator the options ask for; {@code null} keeps the pipeline's extractive default. */
    private static Generator generator(PipelineOptions o) {
        switch (o.generator) {
            case EXTRACTIVE -> {
                return null;
            }
            case OPENAI -> {
                Arguments.check(o.baseUrl != null, "--generator openai needs --base-url, e.g. http://127.0.0.1:8000/v1");
                Arguments.check(o.llmModel != null, "--generator openai needs --llm-model NAME");
                return http(OpenAiCompatibleGenerator.builder().baseUrl(o.baseUrl).model(o.llmModel), o).build();
            }
            case TGI -> {
                Arguments.check(o.baseUrl != null, "--generator tgi needs --base-url, e.g. http://127.0.0.1:3000");
                return http(TgiGenerator.builder().baseUrl(o.baseUrl), o).build();
            }
            default -> throw new IllegalStateException(String.valueOf(o.generator));
        }
    }
}
