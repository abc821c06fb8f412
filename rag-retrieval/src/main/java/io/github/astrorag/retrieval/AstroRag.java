package io.github.astrorag.retrieval;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.graph.PersonalizedPageRank;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.Objects;

/**
 * The AstroRAG pipeline as the paper describes it, in one call: token-aware recursive chunks of
 * {@value #CHUNK_TOKENS} p50k_base tokens with {@value #CHUNK_OVERLAP} overlap, a transient in-memory
 * index per instance, dense retrieval with MMR (k = {@value #MMR_K}, λ = {@value #MMR_LAMBDA}, from the
 * {@value #MMR_FETCH} nearest chunks), personalized PageRank over the cosine graph of those candidates
 * (τ = {@value #PAGERANK_THRESHOLD}, damping {@value #PAGERANK_DAMPING}) keeping the top
 * {@value #PAGERANK_TOP}, and the concatenation cut to T = {@value #BUDGET} tokens.
 *
 * <pre>{@code
 * RagPipeline rag = AstroRag.pipelineBuilder(embedder).build();
 * }</pre>
 *
 * The returned builder comes from a built pipeline ({@link RagPipeline#toBuilder()}), so each of its
 * settings may be replaced once, e.g. {@code .generator(myLlm)} or {@code .reranker(...)}; the generator
 * is the core's extractive one until replaced.
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

    private AstroRag() {
    }

    /**
     * The paper's pipeline, ready to use: all-MiniLM-L6-v2 (quantized, from its Maven artifact, offline),
     * MMR k=3 → personalized PageRank top 3 → 1800 tokens → the extractive generator. The embedder's native
     * session lives as long as the pipeline is reachable; for explicit control build with
     * {@link #pipelineBuilder(Embedder)} over an {@code OnnxSentenceEmbedder} you close yourself.
     */
    public static RagPipeline defaults() {
        return pipelineBuilder(io.github.astrorag.retrieval.embed.OnnxSentenceEmbedder.load(
                io.github.astrorag.retrieval.embed.SentenceModel.ALL_MINILM_L6_V2_Q)).build();
    }

    /** The paper's pipeline over {@code embedder}, chunks in relevance order. */
    public static RagPipeline.Builder pipelineBuilder(Embedder embedder) {
        return pipelineBuilder(embedder, ORDER);
    }

    /** The paper's pipeline over {@code embedder}, the kept chunks arranged by {@code order}. */
    public static RagPipeline.Builder pipelineBuilder(Embedder embedder, ContextOrder order) {
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(order, "order");
        TokenCounter counter = TokenCounter.p50k();
        return RagPipeline.builder()
                .chunker(RecursiveTokenChunker.builder().counter(counter).maxTokens(CHUNK_TOKENS).overlap(CHUNK_OVERLAP).build())
                .embedder(embedder)
                .index(new InMemoryEphemeralIndexFactory())
                .retriever(MmrRetriever.builder().k(MMR_K).lambda(MMR_LAMBDA).fetchSize(MMR_FETCH).build())
                .candidates(MMR_K)
                .reranker(PageRankReranker.builder().graph(PageRankReranker.GraphKind.COSINE)
                        .threshold(PAGERANK_THRESHOLD).damping(PAGERANK_DAMPING).top(PAGERANK_TOP).build())
                .selector(new TokenBudgetSelector(counter, order))
                .budget(BUDGET)
                .build()
                .toBuilder();
    }
}
