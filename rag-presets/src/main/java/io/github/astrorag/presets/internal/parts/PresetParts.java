package io.github.astrorag.presets.internal.parts;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartSettings;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.agent.ConfigAgentTrainer;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.presets.Corag;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The presets by name, each defined once here as the named parts it is made of: the five of the README
 * ({@code default}, {@code corag}, {@code astrorag}, {@code corag-paper}, {@code naive}) and the pipelines the
 * evaluation compares them with ({@code bm25}, {@code rrf}, {@code weighted}, {@code mmr}, {@code coverage},
 * {@code upper}, {@code mcts-evidence}, {@code upper-evidence}, {@code default-dense}). {@link AstroRag},
 * {@link Corag} and {@link io.github.astrorag.presets.Preset} build through these definitions. Registered in
 * {@code META-INF/services}.
 */
public final class PresetParts implements PartProvider {

    /** The embedding model of the default preset and of the evaluation's comparison pipelines. */
    public static final PartSpec RECOMMENDED_MODEL = PartSpec.of("bge-small-q");
    /** The embedding model of the papers' presets. */
    public static final PartSpec PAPER_MODEL = PartSpec.of("minilm-q");
    /** Candidates the exhaustive searches enumerate (they refuse many more). */
    public static final int UPPER_CANDIDATES = 10;

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public PresetParts() {
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(
                preset("default", "weighted BM25 + cosine candidates, budget-aware query coverage following the titles the "
                        + "question and the evidence name, PageRank evidence prior (the recommended pipeline)",
                        PresetParts::recommended)
                        .setting(bm25Weight(AstroRag.RECOMMENDED_BM25_WEIGHT))
                        .setting(Setting.number("coverage-weight", "the selector's weight of new coverage against relevance",
                                BridgingCoverageSelector.DEFAULT_WEIGHT, 0, 100))
                        .setting(order()).build(),
                preset("corag", "CORAG's MCTS over the default's coverage objective, the budget the best combination leaves "
                        + "filled in the objective's order", PresetParts::corag)
                        .setting(bm25Weight(AstroRag.RECOMMENDED_BM25_WEIGHT))
                        .setting(iterations()).setting(exploration()).setting(costWeight()).build(),
                preset("astrorag", "the AstroRAG paper: MMR k=3, personalized PageRank top 3 on the cosine graph, 1800 tokens",
                        PresetParts::astrorag)
                        .setting(Setting.integer("mmr-k", "chunks MMR selects", AstroRag.MMR_K, 1, 10_000))
                        .setting(Setting.number("lambda", "MMR's relevance/diversity weight", AstroRag.MMR_LAMBDA, 0, 1))
                        .setting(Setting.integer("pr-top", "chunks personalized PageRank keeps", AstroRag.PAGERANK_TOP, 1, 10_000))
                        .setting(Setting.number("tau", "cosine threshold of the PageRank graph", AstroRag.PAGERANK_THRESHOLD, 0, 1))
                        .setting(Setting.choice("graph", "PageRank graph: cosine, or mention (an edge where a chunk names "
                                + "another document's title or heading)", "cosine", List.of("cosine", "mention")))
                        .setting(order()).build(),
                preset("corag-paper", "the CORAG paper: dense top 20, MCTS over combinations and order with its "
                        + "query-coverage utility", PresetParts::coragPaper)
                        .setting(iterations()).setting(exploration()).setting(costWeight())
                        .setting(Setting.text("agent", "a configuration agent trained by 'astrorag agent train' that picks "
                                + "the scorer and MCTS settings per question (a file)", null)).build(),
                preset("naive", "NaiveRAG: top-k by cosine until the budget is spent", PresetParts::naive)
                        .setting(order()).build(),
                preset("bm25", "BM25 top-k (the pipeline's analyzer, default english), cut to the budget",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, PartSpec.of("bm25")),
                                RagPipeline.DEFAULT_CANDIDATES)).build(),
                preset("rrf", "reciprocal-rank fusion of BM25 and dense rankings, cut to the budget",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, PartSpec.of("rrf")),
                                RagPipeline.DEFAULT_CANDIDATES)).build(),
                preset("weighted", "weighted fusion of min-max-normalised BM25 and dense scores, cut to the budget",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, weighted(s.number("bm25-weight"))),
                                RagPipeline.DEFAULT_CANDIDATES))
                        .setting(bm25Weight(HybridRetriever.DEFAULT_BM25_WEIGHT)).build(),
                preset("mmr", "MMR (lambda 0.5) over the dense candidates, in MMR order, cut to the budget",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, spec("mmr", "k",
                                RagPipeline.DEFAULT_CANDIDATES, "fetch-size", RagPipeline.DEFAULT_CANDIDATES)),
                                RagPipeline.DEFAULT_CANDIDATES)).build(),
                preset("coverage", "greedy query-coverage selection alone (no titles, no PageRank prior, not budget-aware) "
                        + "over the dense candidates", (s, r) -> composed(RECOMMENDED_MODEL, r,
                        Map.of(Role.SELECTOR, PartSpec.of("coverage")), RagPipeline.DEFAULT_CANDIDATES)).build(),
                preset("upper", "CORAG Upper: exhaustive search over the top " + UPPER_CANDIDATES + " dense candidates",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.SELECTOR, PartSpec.of("exhaustive")),
                                UPPER_CANDIDATES)).build(),
                preset("mcts-evidence", "corag without filling: the search's best combination of whole chunks",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(
                                Role.RETRIEVER, weighted(AstroRag.RECOMMENDED_BM25_WEIGHT),
                                Role.SELECTOR, spec("mcts", "scorer", "evidence-coverage", "parallel", "false")),
                                RagPipeline.DEFAULT_CANDIDATES)).build(),
                preset("upper-evidence", "exhaustive search of the default's coverage objective over the top "
                        + UPPER_CANDIDATES + " of the default's candidates", (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(
                        Role.RETRIEVER, weighted(AstroRag.RECOMMENDED_BM25_WEIGHT),
                        Role.SELECTOR, spec("exhaustive", "scorer", "evidence-coverage")), UPPER_CANDIDATES)).build(),
                preset("default-dense", "the default's selector over dense candidates, coverage weight 2 (the best there)",
                        (s, r) -> composed(RECOMMENDED_MODEL, r, Map.of(Role.SELECTOR, spec("bridging-coverage",
                                "coverage-weight", BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT)),
                                RagPipeline.DEFAULT_CANDIDATES)).build());
    }

    /** {@code default}: weighted fusion, then the bridging coverage selector. */
    static PipelinePreset recommended(PartSettings s, PartContext r) {
        PartSpec selector = PartSpec.of("bridging-coverage").with(given(s, "coverage-weight", "order"));
        return composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, weighted(s.number("bm25-weight")),
                Role.SELECTOR, selector), null);
    }

    /** {@code corag}: the default's candidates, MCTS over its objective, the budget filled, in the asking thread. */
    static PipelinePreset corag(PartSettings s, PartContext r) {
        PartSpec selector = spec("mcts", "scorer", "evidence-coverage", "fill", "true", "parallel", "false")
                .with(given(s, "iterations", "exploration", "cost-weight"));
        return composed(RECOMMENDED_MODEL, r, Map.of(Role.RETRIEVER, weighted(s.number("bm25-weight")),
                Role.SELECTOR, selector), null);
    }

    /** {@code astrorag}: the paper's chunks, MMR, personalized PageRank and budget. */
    static PipelinePreset astrorag(PartSettings s, PartContext r) {
        int k = s.integer("mmr-k");
        Map<Role<?>, PartSpec> parts = new LinkedHashMap<>();
        parts.put(Role.RETRIEVER, spec("mmr", "k", k, "lambda", s.number("lambda"), "fetch-size", Math.max(k, AstroRag.MMR_FETCH)));
        parts.put(Role.RERANKER, spec("pagerank", "graph", s.text("graph"), "tau", s.number("tau"), "damping",
                AstroRag.PAGERANK_DAMPING, "top", s.integer("pr-top")));
        parts.put(Role.SELECTOR, PartSpec.of("budget").with(given(s, "order")));
        return new Composed(PAPER_MODEL, parts, (e, counter) -> {
            PartContext c = PartContext.of(r.registry(), e).with(r.analyzer()).withTokenCounter(counter);
            return tokenCounter(RagPipeline.builder(), counter)
                    .chunker(RecursiveTokenChunker.builder().counter(counter).maxTokens(AstroRag.CHUNK_TOKENS)
                            .overlap(AstroRag.CHUNK_OVERLAP).build())
                    .embedder(e)
                    .analyzer(c.analyzer())
                    .index(new InMemoryEphemeralIndexFactory())
                    .retriever(r.registry().create(Role.RETRIEVER, parts.get(Role.RETRIEVER), c))
                    .candidates(k)
                    .reranker(r.registry().create(Role.RERANKER, parts.get(Role.RERANKER), c))
                    .selector(r.registry().create(Role.SELECTOR, parts.get(Role.SELECTOR), c))
                    .budget(AstroRag.BUDGET)
                    .build()
                    .toBuilder();
        });
    }

    /** {@code corag-paper}: MCTS with the paper's utility over dense candidates, or a configuration agent's choice. */
    static PipelinePreset coragPaper(PartSettings s, PartContext r) {
        if (s.has("agent")) {
            for (String k : List.of("iterations", "exploration", "cost-weight")) {
                if (s.isGiven(k)) {
                    throw new IllegalArgumentException("preset corag-paper: the agent chooses the MCTS settings per "
                            + "question; leave out iterations, exploration and cost-weight");
                }
            }
            Path file = Path.of(s.text("agent"));
            return new Composed(PAPER_MODEL, Map.of(), (e, counter) -> {
                Arguments.check(counter == TokenCounter.p50k(), "preset corag-paper with an agent counts in p50k_base "
                        + "only (its MCTS settings were trained so), was %s", counter.name());
                return Corag.agentBuilder(e, ConfigAgent.load(file), ConfigAgentTrainer.defaultScorers(e));
            });
        }
        return composed(PAPER_MODEL, r, Map.of(Role.SELECTOR, PartSpec.of("mcts")
                .with(given(s, "iterations", "exploration", "cost-weight"))), null);
    }

    /** {@code naive}: dense top-k in relevance order until the budget is spent. */
    static PipelinePreset naive(PartSettings s, PartContext r) {
        return composed(PAPER_MODEL, r, Map.of(Role.SELECTOR, PartSpec.of("budget").with(given(s, "order"))), null);
    }

    /**
     * A preset over the named parts: the minimal pipeline with the given retriever, rerankers' one reranker and
     * selector, and {@code candidates} when given.
     */
    private static PipelinePreset composed(PartSpec model, PartContext r, Map<Role<?>, PartSpec> parts,
                                           Integer candidates) {
        return new Composed(model, parts, (e, counter) -> {
            PartContext c = PartContext.of(r.registry(), e).with(r.analyzer()).withTokenCounter(counter);
            RagPipeline.Builder b = tokenCounter(RagPipeline.builder(), counter).embedder(e).analyzer(c.analyzer());
            if (parts.containsKey(Role.RETRIEVER)) {
                b.retriever(r.registry().create(Role.RETRIEVER, parts.get(Role.RETRIEVER), c));
            }
            if (parts.containsKey(Role.RERANKER)) {
                b.reranker(r.registry().create(Role.RERANKER, parts.get(Role.RERANKER), c));
            }
            if (parts.containsKey(Role.SELECTOR)) {
                b.selector(r.registry().create(Role.SELECTOR, parts.get(Role.SELECTOR), c));
            }
            if (candidates != null) {
                b.candidates(candidates);
            }
            return b.build().toBuilder();
        });
    }

    /**
     * {@code b} counting in {@code counter}: untouched for {@code p50k_base} (the pipeline's own default, so that a
     * preset's builder may still be given another counter once), else with {@link RagPipeline.Builder#tokenCounter}.
     */
    private static RagPipeline.Builder tokenCounter(RagPipeline.Builder b, TokenCounter counter) {
        return counter == TokenCounter.p50k() ? b : b.tokenCounter(counter);
    }

    /** A preset: its embedder, the parts it names, how it is built over an embedder and a token counter. */
    private record Composed(PartSpec embedder, Map<Role<?>, PartSpec> parts,
                            BiFunction<Embedder, TokenCounter, RagPipeline.Builder> make) implements PipelinePreset {
        Composed {
            parts = Map.copyOf(parts);
        }

        @Override
        public RagPipeline.Builder builder(Embedder embedder) {
            return builder(embedder, TokenCounter.p50k());
        }

        @Override
        public RagPipeline.Builder builder(Embedder embedder, TokenCounter counter) {
            return make.apply(Objects.requireNonNull(embedder, "embedder"), Objects.requireNonNull(counter, "counter"));
        }
    }

    private static Part.Builder<PipelinePreset> preset(String name, String description,
                                                       BiFunction<PartSettings, PartContext, PipelinePreset> make) {
        return Part.builder(Role.PRESET, name, description, (s, c) -> make.apply(s, c));
    }

    private static PartSpec weighted(double bm25Weight) {
        return spec("weighted", "bm25-weight", bm25Weight);
    }

    /** A spec from alternating keys and values. */
    static PartSpec spec(String name, Object... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], String.valueOf(keysAndValues[i + 1]));
        }
        return new PartSpec(name, m);
    }

    /** The settings of {@code keys} the user gave, as written. */
    private static Map<String, String> given(PartSettings s, String... keys) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : keys) {
            if (s.isGiven(k)) {
                m.put(k, s.given().get(k));
            }
        }
        return m;
    }

    private static Setting bm25Weight(double dflt) {
        return Setting.number("bm25-weight", "BM25's weight in the fusion of the candidates' scores", dflt, 0, 1);
    }

    private static Setting order() {
        return Setting.choice("order", "prompt order of the chosen chunks: relevance, or edges (best first and last)",
                "relevance", List.of("relevance", "edges"));
    }

    private static Setting iterations() {
        return Setting.integer("iterations", "MCTS iterations", MctsContextSelector.DEFAULT_ITERATIONS, 1,
                MctsContextSelector.MAX_ITERATIONS);
    }

    private static Setting exploration() {
        return Setting.number("exploration", "MCTS exploration constant c", MctsContextSelector.DEFAULT_EXPLORATION, 0,
                MctsContextSelector.MAX_WEIGHT);
    }

    private static Setting costWeight() {
        return Setting.number("cost-weight", "weight lambda of the token cost in the utility",
                MctsContextSelector.DEFAULT_COST_WEIGHT, 0, MctsContextSelector.MAX_WEIGHT);
    }

}
