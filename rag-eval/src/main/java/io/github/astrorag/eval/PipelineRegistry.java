package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.presets.Preset;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.presets.AstroRag;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The pipelines the evaluator can compare, by name: each name makes a complete {@link RagPipeline} (first-stage
 * retrieval, reranking and context selection) from the run's {@link EvalSettings} (embedder, budget); each is one
 * row of the report. Immutable; {@link #with} returns a larger copy.
 *
 * <p>Built in ({@link #defaults()}): {@code naive} — dense top-k retrieval by cosine, cut to the budget
 * (the core pipeline's defaults with the run's embedder). The names {@value #CHANCE} and
 * {@value #NO_RETRIEVAL} are reserved for the multiple-choice baselines that the runner adds itself.
 */
public final class PipelineRegistry {

    /** Baseline row: the expected accuracy of a uniform random pick. */
    public static final String CHANCE = "chance";
    /** Baseline row: the extractive reader with an empty context. */
    public static final String NO_RETRIEVAL = "no-retrieval";
    /** The pipeline run when none is named: the baseline {@value}, not the default preset's row {@value #DEFAULT}. */
    public static final String DEFAULT_PIPELINE = "naive";

    /**
     * One named pipeline.
     *
     * @param name        its name, the report's row
     * @param description one line for the report
     * @param factory     builds the pipeline over a run's settings
     */
    public record Entry(String name, String description, Function<EvalSettings, RagPipeline> factory) {
        /**
         * Checks that no component is {@code null}.
         *
         * @param name        its name, the report's row
         * @param description one line for the report
         * @param factory     builds the pipeline over a run's settings
         */
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(factory, "factory");
        }
    }

    private final Map<String, Entry> entries;

    private PipelineRegistry(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /**
     * A registry with no pipeline.
     *
     * @return the empty registry
     */
    public static PipelineRegistry empty() {
        return new PipelineRegistry(new LinkedHashMap<>());
    }

    /**
     * The pipelines this build offers, each over the run's embedder and budget. All but {@code astrorag} and the
     * exhaustive ones rank {@value #CANDIDATES} candidates and fill the budget in their order.
     *
     * @return the built-in registry
     */
    public static PipelineRegistry defaults() {
        return empty()
                .with(DEFAULT_PIPELINE, "dense top-k by cosine, cut to the budget (NaiveRAG)",
                        s -> base(s).build())
                .with("bm25", "BM25 top-k (Lucene English analysis), cut to the budget",
                        s -> base(s).retriever(new Bm25Retriever()).build())
                .with(RRF, "reciprocal-rank fusion of BM25 and dense rankings (k = " + HybridRetriever.DEFAULT_RRF_K
                                + "), cut to the budget",
                        s -> base(s).retriever(HybridRetriever.rrf()).build())
                .with(WEIGHTED, "weighted fusion of min-max-normalised BM25 and dense scores, BM25 weight "
                                + HybridRetriever.DEFAULT_BM25_WEIGHT + " (weighted:W for another weight W in [0, 1]), cut to the budget",
                        s -> weighted(s, HybridRetriever.DEFAULT_BM25_WEIGHT))
                .with("mmr", "MMR (lambda 0.5) over the dense candidates, in MMR order, cut to the budget",
                        s -> base(s).retriever(MmrRetriever.builder().k(CANDIDATES).fetchSize(CANDIDATES).build()).build())
                .with("coverage", "greedy query-coverage selection alone (no titles, no PageRank prior, not budget-aware) "
                                + "over the dense candidates (ours)",
                        s -> base(s).selector(BridgingCoverageSelector.queryCoverage()).build())
                .with("astrorag", "the AstroRAG paper: MMR k=3, personalized PageRank top 3 on the cosine graph",
                        s -> preset(s, Preset.ASTRORAG))
                .with("corag-paper", "the CORAG paper: MCTS over combinations and order (query-coverage scorer)",
                        s -> preset(s, Preset.CORAG_PAPER))
                .with("upper", "CORAG Upper: exhaustive search over the top " + UPPER_CANDIDATES + " candidates",
                        s -> base(s, UPPER_CANDIDATES).selector(ExhaustiveContextSelector.defaults()).build())
                .with("corag", "the corag preset: CORAG's MCTS (10 iterations, c 2.4, lambda 0.1) over the default's coverage "
                                + "objective (EvidenceCoverageScorer), the budget the best combination leaves filled in the objective's order",
                        s -> preset(s, Preset.CORAG))
                .with("mcts-evidence", "corag without filling: the search's best combination of whole chunks",
                        s -> base(s).retriever(AstroRag.recommendedRetriever()).selector(MctsContextSelector.builder()
                                .scorer(EvidenceCoverageScorer.defaults()).executor(Runnable::run).build()).build())
                .with("upper-evidence", "exhaustive search of the same objective over the top " + UPPER_CANDIDATES
                                + " of the same candidates (whole chunks, lambda 0.1)",
                        s -> base(s, UPPER_CANDIDATES).retriever(AstroRag.recommendedRetriever()).selector(ExhaustiveContextSelector
                                .builder().scorer(EvidenceCoverageScorer.defaults()).build()).build())
                .with("default-dense", "the default's selector over dense candidates, coverage weight w = 2 (the best there)",
                        s -> base(s).selector(BridgingCoverageSelector.builder().weight(BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT).build()).build())
                .with(DEFAULT, "the default preset: weighted BM25 + cosine candidates, budget-aware query coverage following "
                                + "titles named by the question and the evidence, PageRank evidence prior (ours)",
                        s -> preset(s, Preset.DEFAULT));
    }

    /** Candidates every ranking pipeline draws from. */
    public static final int CANDIDATES = 20;
    /** Candidates the exhaustive search enumerates (it refuses many more). */
    public static final int UPPER_CANDIDATES = 10;

    /** The default preset's row; {@code default:W:C} names its selector over other candidates and weights. */
    public static final String DEFAULT = "default";
    /** The weighted-fusion row ({@code HybridRetriever.weighted()}); {@code weighted:W} names it with BM25 weight W. */
    public static final String WEIGHTED = "weighted";
    /** The reciprocal-rank-fusion row ({@code HybridRetriever.rrf()}). */
    public static final String RRF = "rrf";

    private static RagPipeline weighted(EvalSettings s, double bm25Weight) {
        return base(s).retriever(HybridRetriever.weighted(bm25Weight)).build();
    }

    private static RagPipeline.Builder base(EvalSettings s) {
        return base(s, CANDIDATES);
    }

    private static RagPipeline.Builder base(EvalSettings s, int candidates) {
        return RagPipeline.builder().embedder(s.embedder()).budget(s.budget()).candidates(candidates);
    }

    /** The library's preset over the run's embedder and budget, as {@code astrorag ask --preset} builds it. */
    private static RagPipeline preset(EvalSettings s, Preset preset) {
        return preset.builder(s.embedder()).budget(s.budget()).build();
    }

    /**
     * This registry plus one pipeline.
     *
     * @param name        the pipeline's name: non-blank, no comma, not a baseline's
     * @param description one line for the report
     * @param factory     builds the pipeline over a run's settings
     * @return a new registry, this one's pipelines and then the new one
     * @throws IllegalArgumentException if the name is taken, reserved, blank or holds a comma
     */
    public PipelineRegistry with(String name, String description, Function<EvalSettings, RagPipeline> factory) {
        Arguments.check(!name.isBlank() && !name.contains(","),
                "a pipeline name must be non-blank without commas, was '%s'", name);
        Arguments.check(!name.equals(CHANCE) && !name.equals(NO_RETRIEVAL),
                "pipeline name '%s' is reserved for a baseline", name);
        Arguments.check(!entries.containsKey(name), "pipeline '%s' is already registered", name);
        Map<String, Entry> copy = new LinkedHashMap<>(entries);
        copy.put(name, new Entry(name, description, factory));
        return new PipelineRegistry(copy);
    }

    /**
     * The registered names, in registration order.
     *
     * @return the names
     */
    public List<String> names() {
        return List.copyOf(entries.keySet());
    }

    private static double number(String name, String text, String what) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException bad) {
            throw new IllegalArgumentException("pipeline '" + name + "': " + what + " must be a number, was '" + text + "'", bad);
        }
    }

    /**
     * The entry of {@code name}. When {@value #WEIGHTED} is registered, {@code weighted:W} names weighted
     * fusion with BM25 weight W (a number in [0, 1]), so that one run can compare weights; when
     * {@value #DEFAULT} is, {@code default:W:C} names the default's selector with coverage weight C (≥ 0)
     * over weighted-fusion candidates of BM25 weight W (W = 0: dense candidates), to tune the two together.
     *
     * @param name a registered name, or {@code weighted:W} or {@code default:W:C}
     * @return its entry
     * @throws IllegalArgumentException naming the known pipelines if there is none, or if W or C is out of range
     */
    public Entry get(String name) {
        Entry e = entries.get(name);
        if (e == null && entries.containsKey(WEIGHTED) && name.startsWith(WEIGHTED + ":")) {
            double w = number(name, name.substring(WEIGHTED.length() + 1), "the BM25 weight");
            Arguments.check(w >= 0 && w <= 1, "pipeline '%s': the BM25 weight must be in [0, 1]", name);
            return new Entry(name, "weighted fusion of min-max-normalised BM25 and dense scores, BM25 weight " + w
                    + ", cut to the budget", s -> weighted(s, w));
        }
        if (e == null && entries.containsKey(DEFAULT) && name.startsWith(DEFAULT + ":")) {
            String[] parts = name.split(":", -1);
            Arguments.check(parts.length == 3, "pipeline '%s': write default:W:C (BM25 weight W, coverage weight C)", name);
            double w = number(name, parts[1], "the BM25 weight");
            double c = number(name, parts[2], "the coverage weight");
            Arguments.check(w >= 0 && w <= 1 && c >= 0 && c <= 100, "pipeline '%s': W must be in [0, 1] and C in [0, 100]", name);
            return new Entry(name, "the default's selector with coverage weight " + c + " over " + (w == 0 ? "dense candidates"
                    : "weighted-fusion candidates, BM25 weight " + w), s -> (w == 0 ? base(s) : base(s).retriever(
                    HybridRetriever.weighted(w)))
                    .selector(BridgingCoverageSelector.builder().weight(c).build()).build());
        }
        if (e == null) {
            throw new IllegalArgumentException("unknown pipeline '" + name + "': use one of "
                    + String.join(", ", entries.keySet()));
        }
        return e;
    }
}
