package io.github.astrorag.examples.cli;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.Secrets;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.generate.HttpLlmGenerator;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.generate.TgiGenerator;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.presets.Corag;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.agent.ConfigAgentTrainer;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.presets.EmbeddingModels;
import io.github.astrorag.presets.Preset;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Prefilter;
import io.github.astrorag.retrieval.hyde.HydeQueryTransformer;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.Locale;

/**
 * Builds the command line's pipelines from {@link PipelineOptions}: the library's {@link Preset} of {@code --preset}
 * (so {@code --preset default} is exactly {@link io.github.astrorag.presets.AstroRag#recommended()}), then the options
 * that replace one of its settings ({@code --budget}, {@code --retriever}, MMR, PageRank and MCTS settings, a
 * generator, HyDE, the index, the cache). A model named by the options is loaded for the pipeline and owned by it:
 * closing the pipeline frees it; with {@code --embedder openai|tei} the pipeline embeds through that server
 * ({@link EmbedderOptions}).
 */
public final class PipelineFactory {

    /** Parses {@code --preset} by the preset's name ({@link Preset#of}). */
    static final class NameConverter implements picocli.CommandLine.ITypeConverter<Preset> {
        @Override
        public Preset convert(String value) {
            return Preset.of(value);
        }
    }

    /** The embedding model of the default preset (a constant for annotations; {@code Preset.DEFAULT.model().id()}). */
    public static final String DEFAULT_MODEL = "bge-small-q";
    /** The embedding model of the AstroRAG, CORAG-paper and naive presets ({@code Preset.ASTRORAG.model().id()}). */
    public static final String ASTRORAG_MODEL = "minilm-q";

    private PipelineFactory() {
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
                () -> EmbeddingModels.open(o.model != null ? o.model : o.preset.model().id()),
                o.model != null);
        try {
            RagPipeline.Builder b = o.preset == Preset.ASTRORAG ? astrorag(o, embedder)
                    : o.preset.searches() ? corag(o, embedder)
                    : withRetriever(o.preset.builder(embedder, order(o)), o);
            if (embedder != o.embedder && embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            return configure(b, o, indexes, embedder).build();
        } catch (RuntimeException | Error e) {
            if (embedder != o.embedder) {
                release(embedder);
            }
            throw e;
        }
    }

    private static RagPipeline.Builder configure(RagPipeline.Builder b, PipelineOptions o,
                                                 io.github.astrorag.core.spi.EphemeralIndexFactory indexes,
                                                 Embedder embedder) {
        b.index(indexes);
        if (o.unreadable != null) {
            b.onUnreadable(o.unreadable);
        }
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
        Generator generator = o.minSupport != null
                ? ExtractiveGenerator.builder(embedder).minSupport(o.minSupport).build() : generator(o);
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

    /** Closes {@code embedder} if it holds resources (a loaded model); for embedders from {@link EmbeddingModels#open(String)}. */
    public static void release(Embedder embedder) {
        if (embedder instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                throw new io.github.astrorag.core.RagException("closing the embedding model failed: " + e.getMessage(), e);
            }
        }
    }

    private static RagPipeline.Builder astrorag(PipelineOptions o, Embedder embedder) {
        RagPipeline.Builder b = Preset.ASTRORAG.builder(embedder, order(o));
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
        RagPipeline.Builder b;
        if (o.agent != null) {
            Arguments.check(o.iterations == null && o.exploration == null && o.costWeight == null,
                    "--agent chooses the MCTS settings per question: leave out --iterations, --exploration and --cost-weight");
            b = Corag.agentBuilder(embedder, ConfigAgent.load(o.agent), ConfigAgentTrainer.defaultScorers(embedder));
        } else {
            b = o.preset.builder(embedder);
            if (o.iterations != null || o.exploration != null || o.costWeight != null) {
                MctsContextSelector.Builder mcts = o.preset == Preset.CORAG ? AstroRag.coragSelectorBuilder() : MctsContextSelector.builder();
                if (o.iterations != null) {
                    mcts.iterations(o.iterations);
                }
                if (o.exploration != null) {
                    mcts.exploration(o.exploration);
                }
                if (o.costWeight != null) {
                    mcts.costWeight(o.costWeight);
                }
                b.selector(mcts.build());
            }
        }
        return withRetriever(b, o);
    }

    /** The preset with the retriever {@code --retriever} names, if it names one. */
    private static RagPipeline.Builder withRetriever(RagPipeline.Builder b, PipelineOptions o) {
        return o.retriever == null ? b : b.retriever(retriever(o.retriever));
    }

    private static Retriever retriever(PipelineOptions.RetrieverKind kind) {
        return switch (kind) {
            case DENSE -> new DenseRetriever();
            case BM25 -> new Bm25Retriever();
            case RRF -> HybridRetriever.rrf();
            case WEIGHTED -> HybridRetriever.weighted();
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
