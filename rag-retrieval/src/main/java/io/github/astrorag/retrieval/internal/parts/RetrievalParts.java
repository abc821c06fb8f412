package io.github.astrorag.retrieval.internal.parts;

import io.github.astrorag.core.internal.parts.CoreParts;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartSettings;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.graph.PersonalizedPageRank;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import io.github.astrorag.retrieval.rerank.Bm25Reranker;
import io.github.astrorag.retrieval.rerank.EmbeddingReranker;
import java.util.List;
import java.util.Locale;

/**
 * rag-retrieval's parts by name: the lexical, fused and MMR retrievers, the PageRank, embedding and BM25 rerankers,
 * the coverage selectors and the evidence scorer. Registered in {@code META-INF/services}.
 */
public final class RetrievalParts implements PartProvider {

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public RetrievalParts() {
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(
                Part.builder(Role.RETRIEVER, "bm25", "BM25 over the chunks' terms (the pipeline's analyzer, default english)",
                        (s, c) -> new Bm25Retriever(s.number("k1"), s.number("b"), c.analyzer()))
                        .setting(Setting.number("k1", "term frequency saturation", Bm25.DEFAULT_K1, 0, 10))
                        .setting(Setting.number("b", "length normalisation", Bm25.DEFAULT_B, 0, 1)).build(),
                Part.builder(Role.RETRIEVER, "rrf", "reciprocal-rank fusion of BM25 and dense rankings",
                        (s, c) -> HybridRetriever.builder().fusion(HybridRetriever.Fusion.RRF).rrfK(s.integer("k"))
                                .fetchSize(s.integer("fetch-size")).bm25(bm25(c)).denseLanguages(readBy(c)).build())
                        .setting(Setting.integer("k", "the constant k of 1/(k + rank)", HybridRetriever.DEFAULT_RRF_K, 1, 10_000))
                        .setting(fetchSize()).build(),
                Part.builder(Role.RETRIEVER, "weighted", "weighted fusion of min-max-normalised BM25 and dense scores",
                        (s, c) -> s.isGiven("fetch-size")
                                ? HybridRetriever.builder().fusion(HybridRetriever.Fusion.WEIGHTED)
                                        .bm25Weight(s.number("bm25-weight")).fetchSize(s.integer("fetch-size"))
                                        .bm25(bm25(c)).denseLanguages(readBy(c)).build()
                                : HybridRetriever.builder().fusion(HybridRetriever.Fusion.WEIGHTED)
                                        .bm25Weight(s.number("bm25-weight")).bm25(bm25(c)).denseLanguages(readBy(c)).build())
                        .setting(Setting.number("bm25-weight", "BM25's weight; the dense score gets 1 minus it",
                                HybridRetriever.DEFAULT_BM25_WEIGHT, 0, 1))
                        .setting(fetchSize()).build(),
                Part.builder(Role.RETRIEVER, "mmr", "maximal marginal relevance over the dense candidates (AstroRAG's first stage)",
                        (s, c) -> MmrRetriever.builder().k(s.integer("k")).lambda(s.number("lambda"))
                                .fetchSize(Math.max(s.integer("k"), s.integer("fetch-size"))).build())
                        .setting(Setting.integer("k", "chunks MMR selects", MmrRetriever.DEFAULT_K, 1, 10_000))
                        .setting(Setting.number("lambda", "relevance against diversity, 1 = relevance only",
                                MmrRetriever.DEFAULT_LAMBDA, 0, 1))
                        .setting(Setting.integer("fetch-size", "dense candidates MMR chooses among (at least k)",
                                MmrRetriever.DEFAULT_FETCH_SIZE, 1, 10_000)).build(),
                Part.builder(Role.RERANKER, "pagerank", "personalized PageRank over the candidates' graph (AstroRAG's second stage)",
                        (s, c) -> PageRankReranker.builder()
                                .graph(PageRankReranker.GraphKind.valueOf(s.text("graph").toUpperCase(Locale.ROOT)))
                                .threshold(s.number("tau")).damping(s.number("damping")).top(s.integer("top")).build())
                        .setting(Setting.choice("graph", "cosine (edges where cosine > tau) or mention (a chunk names "
                                + "another document's title or heading)", "cosine", List.of("cosine", "mention")))
                        .setting(Setting.number("tau", "cosine threshold of an edge", PageRankReranker.DEFAULT_THRESHOLD, 0, 1))
                        .setting(Setting.number("damping", "PageRank's damping factor", PersonalizedPageRank.DEFAULT_DAMPING, 0, 1))
                        .setting(Setting.integer("top", "chunks kept", PageRankReranker.DEFAULT_TOP, 1, 10_000)).build(),
                Part.builder(Role.RERANKER, "embedding", "re-scores the candidates by cosine with the pipeline's embedder",
                        (s, c) -> new EmbeddingReranker(c.embedder(), s.has("top") ? s.integer("top") : EmbeddingReranker.ALL))
                        .setting(top()).build(),
                Part.builder(Role.RERANKER, "bm25", "re-scores the candidates by BM25 over the candidate set",
                        (s, c) -> new Bm25Reranker(s.has("top") ? s.integer("top") : Bm25Reranker.ALL, c.analyzer()))
                        .setting(top()).build(),
                Part.builder(Role.SELECTOR, "coverage", "greedy query-term coverage alone (no titles, no PageRank prior)",
                        (s, c) -> BridgingCoverageSelector.builder().queryCoverageOnly()
                                .weight(BridgingCoverageSelector.DENSE_CANDIDATES_WEIGHT).analyzer(c.analyzer())
                                .assembler(TokenBudgetSelector.builder().counter(c.tokenCounter()).analyzer(c.analyzer())
                                        .build()).build()).build(),
                Part.builder(Role.SELECTOR, "bridging-coverage", "budget-aware coverage of the question's terms that follows "
                                + "the titles the question and the evidence name, with a PageRank evidence prior (the default's)",
                        RetrievalParts::bridging)
                        .setting(Setting.number("coverage-weight", "weight of new coverage against relevance",
                                BridgingCoverageSelector.DEFAULT_WEIGHT, 0, 100))
                        .setting(CoreParts.order()).build(),
                Part.builder(Role.SCORER, "evidence-coverage", "the default selector's coverage objective as a combination score",
                        (s, c) -> EvidenceCoverageScorer.of(BridgingCoverageSelector.builder().analyzer(c.analyzer())
                                .assembler(TokenBudgetSelector.builder().counter(c.tokenCounter()).analyzer(c.analyzer())
                                        .build()).build())).build());
    }

    /**
     * The languages the context's embedder reads (empty, every language, when the part is made without one): a fused
     * retriever ranks a question of another script's language by BM25 alone, and the default's selector keeps that
     * ranking's order.
     */
    private static java.util.Set<String> readBy(io.github.astrorag.core.part.PartContext c) {
        try {
            return c.embedder().languages();
        } catch (IllegalStateException noEmbedder) {
            return java.util.Set.of();
        }
    }

    private static BridgingCoverageSelector bridging(PartSettings s, io.github.astrorag.core.part.PartContext c) {
        BridgingCoverageSelector.Builder b = BridgingCoverageSelector.builder().analyzer(c.analyzer())
                .denseLanguages(readBy(c)).assembler(TokenBudgetSelector.builder().counter(c.tokenCounter()).order(CoreParts.order(s))
                        .analyzer(c.analyzer()).build());
        if (s.isGiven("coverage-weight")) {
            b.weight(s.number("coverage-weight"));
        }
        return b.build();
    }

    /** BM25 at its defaults over the context's analyzer, for the fusions. */
    private static Bm25Retriever bm25(io.github.astrorag.core.part.PartContext c) {
        return new Bm25Retriever(Bm25.DEFAULT_K1, Bm25.DEFAULT_B, c.analyzer());
    }

    private static Setting fetchSize() {
        return Setting.integer("fetch-size", "candidates each ranking contributes before fusion",
                HybridRetriever.DEFAULT_FETCH_SIZE, 1, 10_000);
    }

    private static Setting top() {
        return Setting.integer("top", "candidates kept; default all", null, 1, 10_000);
    }
}
