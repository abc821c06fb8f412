package io.github.astrorag.presets;

import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.graph.PersonalizedPageRank;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The presets, each one library call: {@link #recommended()}, the recommended pipeline and what "default"
 * means everywhere in this project (the command line's {@code --preset default} runs exactly it);
 * {@link #corag()}, CORAG's search over the default's evidence objective; {@link #paper()}, the AstroRAG
 * pipeline as the paper describes it; {@link #naive()}, the NaiveRAG baseline. The paper's CORAG is
 * {@link Corag#paper(Embedder)}. What each preset gives on the evaluation data sets is in
 * {@code docs/evaluation.md}, not here.
 *
 * <table>
 * <caption>Presets</caption>
 * <tr><th>preset</th><th>pipeline</th></tr>
 * <tr><td>{@link #recommended()}</td><td>bge-small-en-v1.5 (quantized), {@value RagPipeline#DEFAULT_CANDIDATES}
 *     candidates by weighted fusion of BM25 and cosine, {@link BridgingCoverageSelector}</td></tr>
 * <tr><td>{@link #corag()}</td><td>the same candidates, CORAG's MCTS over the selector's objective
 *     ({@link EvidenceCoverageScorer}), the budget left filled</td></tr>
 * <tr><td>{@link #paper()}</td><td>all-MiniLM-L6-v2 (quantized), MMR k=3 → personalized PageRank top 3
 *     → 1800 tokens</td></tr>
 * <tr><td>{@link #naive()}</td><td>all-MiniLM-L6-v2 (quantized), top-k by cosine until the budget is
 *     spent</td></tr>
 * </table>
 *
 * <p>The no-argument calls load their embedding model (offline, from its Maven artifact) and return a
 * pipeline that owns it: close the pipeline (try-with-resources) to free the native session. The
 * {@code ...Builder(embedder)} calls start from the same preset over an embedder the caller owns. One
 * rule for every preset's builder ({@link RagPipeline#toBuilder()}): each setting may be replaced once,
 * e.g. {@code AstroRag.recommendedBuilder(embedder).budget(300).generator(llm).build()}; what a preset
 * does not set falls back to the minimal pipeline when built.
 *
 * <p>The paper's settings: token-aware recursive chunks of {@value #CHUNK_TOKENS} p50k_base tokens with
 * {@value #CHUNK_OVERLAP} overlap, an in-memory ephemeral index per instance, dense retrieval with MMR
 * (k = {@value #MMR_K}, λ = {@value #MMR_LAMBDA}, from the {@value #MMR_FETCH} nearest chunks),
 * personalized PageRank over the cosine graph of those candidates (τ = {@value #PAGERANK_THRESHOLD},
 * damping {@value #PAGERANK_DAMPING}) keeping the top {@value #PAGERANK_TOP}, and the concatenation cut to
 * T = {@value #BUDGET} tokens.
 */
public final class AstroRag {

    /** Chunk size in p50k_base tokens. */
    public static final int CHUNK_TOKENS = 300;
    /** Overlap between consecutive chunks, in tokens (the paper's best). */
    public static final int CHUNK_OVERLAP = 30;
    /** Chunks MMR selects. */
    public static final int MMR_K = MmrRetriever.DEFAULT_K;
    /** MMR's λ. */
    public static final double MMR_LAMBDA = MmrRetriever.DEFAULT_LAMBDA;
    /** Nearest chunks MMR chooses from. */
    public static final int MMR_FETCH = MmrRetriever.DEFAULT_FETCH_SIZE;
    /** Cosine threshold τ of the PageRank graph. */
    public static final double PAGERANK_THRESHOLD = PageRankReranker.DEFAULT_THRESHOLD;
    /** PageRank damping. */
    public static final double PAGERANK_DAMPING = PersonalizedPageRank.DEFAULT_DAMPING;
    /** Chunks PageRank keeps (the paper's pr). */
    public static final int PAGERANK_TOP = PageRankReranker.DEFAULT_TOP;
    /** Context budget T in tokens. */
    public static final int BUDGET = TokenBudgetSelector.DEFAULT_BUDGET;
    /** Prompt order of the kept chunks. */
    public static final ContextOrder ORDER = ContextOrder.RELEVANCE;
    /**
     * The weight w of BM25 in the weighted fusion that gives {@link #recommended()} its candidates,
     * {@code (1 − w) · dense + w · bm25} over min-max-normalised scores ({@link io.github.astrorag.retrieval.hybrid.HybridRetriever.Fusion#WEIGHTED}).
     * It was chosen together with the selector's coverage weight by 2-fold cross-validation; the runs are in
     * {@code docs/evaluation.md}.
     */
    public static final double RECOMMENDED_BM25_WEIGHT = 0.5;
    /** The embedding model of {@link #recommended()}. */
    public static final SentenceModel RECOMMENDED_MODEL = SentenceModel.BGE_SMALL_EN_V15_Q;
    /** The embedding model of {@link #paper()} and {@link #naive()}: the paper's Sentence-BERT. */
    public static final SentenceModel PAPER_MODEL = SentenceModel.ALL_MINILM_L6_V2_Q;

    private AstroRag() {
    }

    /**
     * The recommended pipeline, owning its model: bge-small-en-v1.5 (quantized), the minimal pipeline's
     * chunking and index, {@value RagPipeline#DEFAULT_CANDIDATES} candidates by weighted fusion of
     * min-max-normalised BM25 and cosine scores (BM25 weight {@value #RECOMMENDED_BM25_WEIGHT}; the preset's
     * {@code bm25-weight}), the
     * {@value TokenBudgetSelector#DEFAULT_BUDGET}-token budget, and {@link BridgingCoverageSelector} at its
     * defaults choosing the context; the extractive generator until one is given.
     *
     * @return a new pipeline; closing it closes the embedder it owns
     */
    public static RagPipeline recommended() {
        return owning(OnnxSentenceEmbedder.load(RECOMMENDED_MODEL), AstroRag::recommendedBuilder);
    }

    /**
     * The recommended pipeline over {@code embedder}, chunks in relevance order.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder recommendedBuilder(Embedder embedder) {
        return recommendedBuilder(embedder, ORDER);
    }

    /**
     * The recommended pipeline over {@code embedder}, the selected chunks arranged by {@code order}.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param order how the selected chunks are arranged in the prompt
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder recommendedBuilder(Embedder embedder, ContextOrder order) {
        return Preset.builder("default" + order(order), embedder);
    }

    /**
     * CORAG's search over the evidence utility, owning its model: bge-small-en-v1.5 (quantized), the
     * {@value RagPipeline#DEFAULT_CANDIDATES} candidates of {@link #recommended()}, and {@link MctsContextSelector} at the
     * paper's settings over {@link EvidenceCoverageScorer} (the default selector's objective summed over an ordered
     * combination) choosing the chunks and their order, the budget its best combination leaves filled in the
     * objective's order. The paper's CORAG (its query-coverage utility) is
     * {@link Corag#paper(Embedder)}.
     *
     * @return a new pipeline; closing it closes the embedder it owns
     */
    public static RagPipeline corag() {
        return owning(OnnxSentenceEmbedder.load(RECOMMENDED_MODEL), AstroRag::coragBuilder);
    }

    /**
     * CORAG's search over the evidence utility over {@code embedder} (see {@link #corag()}).
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder coragBuilder(Embedder embedder) {
        return Preset.builder("corag", embedder);
    }

    /**
     * The paper's pipeline, owning its model: all-MiniLM-L6-v2 (quantized), MMR k=3 → personalized PageRank
     * top 3 → 1800 tokens → the extractive generator until one is given.
     *
     * @return a new pipeline; closing it closes the embedder it owns
     */
    public static RagPipeline paper() {
        return owning(OnnxSentenceEmbedder.load(PAPER_MODEL), AstroRag::paperBuilder);
    }

    /**
     * The paper's pipeline over {@code embedder}, chunks in relevance order.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder paperBuilder(Embedder embedder) {
        return paperBuilder(embedder, ORDER);
    }

    /**
     * The paper's pipeline over {@code embedder}, the kept chunks arranged by {@code order}.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param order how the kept chunks are arranged in the prompt
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder paperBuilder(Embedder embedder, ContextOrder order) {
        return Preset.builder("astrorag" + order(order), embedder);
    }

    /**
     * NaiveRAG, owning its model: all-MiniLM-L6-v2 (quantized), {@value RagPipeline#DEFAULT_CANDIDATES} dense
     * candidates taken in order of similarity until the budget is spent (the minimal pipeline over the
     * paper's embedder).
     *
     * @return a new pipeline; closing it closes the embedder it owns
     */
    public static RagPipeline naive() {
        return owning(OnnxSentenceEmbedder.load(PAPER_MODEL), AstroRag::naiveBuilder);
    }

    /**
     * NaiveRAG over {@code embedder}, chunks in relevance order.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder naiveBuilder(Embedder embedder) {
        return naiveBuilder(embedder, ORDER);
    }

    /**
     * NaiveRAG over {@code embedder}, the kept chunks arranged by {@code order}.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param order how the kept chunks are arranged in the prompt
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder naiveBuilder(Embedder embedder, ContextOrder order) {
        return Preset.builder("naive" + order(order), embedder);
    }

    /** The preset setting of {@code order}, as a spec writes it. */
    static String order(ContextOrder order) {
        return ":order=" + Objects.requireNonNull(order, "order").name().toLowerCase(Locale.ROOT);
    }

    /** A pipeline from {@code preset} over {@code embedder} that closes it; closes it at once if building fails. */
    private static RagPipeline owning(OnnxSentenceEmbedder embedder, Function<Embedder, RagPipeline.Builder> preset) {
        try {
            return preset.apply(embedder).owning(embedder).build();
        } catch (RuntimeException | Error e) {
            embedder.close();
            throw e;
        }
    }
}
