package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.language.ScriptLanguageDetector;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.retrieval.graph.EvidencePrior;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Greedy query-coverage selection (this project's own, not from the papers) with multi-hop feedback
 * ("bridging") and budget awareness. A context should cover the question's terms, not repeat its best
 * match: a near-duplicate of a chosen chunk adds no coverage, so a chunk holding the question's other
 * terms (the second hop) comes first. The greedy objective is extended after every pick by what the
 * picked evidence points to, in the spirit of multi-hop dense retrieval (Xiong et al., 2021, "Answering Complex Open-Domain Questions with
 * Multi-Hop Dense Retrieval", ICLR), but without any new embedding: only the candidates' texts and
 * titles, their vectors and the query's vector. At each step it adds the candidate d maximising
 *
 * <pre>
 *   v(d) = sim'(d) + w · qgain(d) + γ · bgain(d) + τ · named(d) + τ_q · asked(d) + ρ · prior(d)
 *          − λ · max_{p ∈ S} cos(d, p)
 * </pre>
 *
 * <ul>
 *   <li>{@code sim'(d)}: the candidate's incoming score, min-max normalised over the candidates (1 for
 *       all when equal); with β &gt; 0 instead its dot product with the moved query
 *       {@code q' = q/|q| + β · Σ_{p∈S} p/|p|}, normalised the same way;</li>
 *   <li>{@code qgain(d)}: the IDF share of the question's terms (those in some candidate) that d
 *       covers and S does not, {@code Σ_{t ∈ Q∩d \ S} idf(t) / Σ_{t ∈ Q} idf(t)};</li>
 *   <li>{@code named(d)}: 1 when the text of a pick from another document contains d's title
 *       ({@code Chunk.title()}; case-insensitive, as whole words; at least 3 characters, one a letter),
 *       else 0: the evidence picked so far names the document d comes from;</li>
 *   <li>{@code asked(d)}: 1 when the question names d's title (the same test), else 0: the question is the
 *       first piece of evidence, and a document it names is one hop of the answer;</li>
 *   <li>{@code prior(d)}: the PageRank evidence prior ({@link EvidencePrior}): personalized PageRank over
 *       the candidates' mention graph (an edge between two chunks of different documents when one names
 *       the other's title or a Markdown heading), restarting by {@code sim'(d) + asked(d)}, minus d's own
 *       restart share, in [0, 1]; 0 for every candidate when no candidate names another. It is computed
 *       once per selection, not per pick: the documents the likely evidence links to;</li>
 *   <li>{@code bgain(d)}: the bridge terms of the picks that d contains and no later pick matched yet,
 *       {@code Σ_{t ∈ B∩d \ M} idf(t) / Σ_{t ∈ Q} idf(t)}; a pick p adds to B its {@code m}
 *       highest-IDF terms that are no question terms and occur in at least one other candidate;</li>
 *   <li>{@code max cos(d, p)}: the near-duplicate penalty against the picked set S.</li>
 * </ul>
 *
 * IDF is BM25's {@code ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))} over the N candidates (terms by
 * the selector's {@link TermAnalyzer}: by default Lucene English analysis). When a candidate or the query has no vector, β and λ act
 * as 0. As a {@link ContextSelector} the selector knows the budget: budget-aware (the default), a candidate longer
 * than the budget left is valued by the share that fits, {@code max(v, 0) · min(1, left / tokens(d))}
 * (greedy by gain per cost of budgeted maximum coverage, Khuller, Moss and Naor, 1999), so a whole
 * smaller chunk with gain beats a truncated tail; the order then fills the budget with
 * {@link TokenBudgetSelector#assemble} (exact). Ties go to the smaller chunk id.
 *
 * <p>The prior is only what the walk adds beyond the restart: the walk's whole score would count the
 * relevance a second time. In the default preset the selector gets fused candidates (BM25 and cosine, the
 * presets' {@code AstroRag.recommendedRetriever()}), whose scores already count the question's terms, hence
 * its small w = {@value #DEFAULT_WEIGHT}; over dense (cosine-only) candidates {@link #queryCoverage()}'s
 * w = {@value #DENSE_CANDIDATES_WEIGHT} applies. The bridge terms (γ), the near-duplicate penalty (λ) and the query
 * shift (β) are off by default. Titles are names only where documents are titled by what they are about
 * (encyclopaedias, manuals with headings); elsewhere τ, τ_q and ρ add nothing and the selector is
 * budget-aware query coverage alone. How the defaults were chosen (2-fold cross-validation) and what each term
 * measured is in {@code docs/evaluation.md}.
 *
 * <p>Two configurations: {@link #defaults()} (w = 0.25, budget-aware, τ = 0.5, τ_q = 1, ρ = 0.25: the default
 * preset's selector) and {@link #queryCoverage()} (w = 2, τ = τ_q = ρ = 0, not budget-aware: the greedy coverage
 * objective {@code sim'(d) + w · qgain(d)} alone, the eval's {@code coverage} pipeline). Two uses: as a {@link Reranker} it returns the first
 * {@code k} picks (default {@value #DEFAULT_K}), scored by the objective at their pick; as a
 * {@link ContextSelector} it orders every candidate greedily and fills the budget. The trace holds
 * {@code queryTerms} (the question's terms found in some candidate), {@code gains} (qgain at each pick),
 * {@code bridgeTerms} and {@code covered}.
 *
 * <p><b>A question the embedder does not read.</b> With {@link Builder#denseLanguages} (the languages the pipeline's
 * embedder reads; the parts set it from {@code Embedder.languages()}), a question whose script says another language
 * (read by {@link ScriptLanguageDetector}: any Latin script is English) was ranked by BM25 alone
 * ({@code HybridRetriever.Builder.denseLanguages}), and its context is those candidates in their rank order within
 * the budget, as {@link TokenBudgetSelector} fills it: the objective's weights were chosen over fused English
 * candidates, and over a lexical ranking in another language they only moved the context away from BM25's
 * (measured in {@code docs/languages.md}). The trace then says {@code selection: rank order} with the question's
 * language. Default: no languages, every question is selected by the objective.
 *
 * <p>Cost: O(k · n · (|q| + k·m + k·|title| + dim)) after analysing the n candidates once, plus one
 * token count per candidate when budget-aware and, with ρ &gt; 0, the mention graph (O(n · names · text))
 * and one PageRank walk over n vertices. Immutable, thread-safe.
 */
public final class BridgingCoverageSelector implements Reranker, ContextSelector {

    /** Chunks picked as a reranker. */
    public static final int DEFAULT_K = 3;
    /**
     * Weight w of the question-term coverage gain, for candidates whose scores already count the question's
     * terms (the default preset's fusion of BM25 and cosine), chosen with that fusion's BM25 weight by 2-fold
     * cross-validation (docs/evaluation.md).
     */
    public static final double DEFAULT_WEIGHT = 0.25;
    /**
     * Weight w for dense (cosine-only) candidates, whose scores do not count the question's terms: the best
     * measured there, and the weight of {@link #queryCoverage()}.
     */
    public static final double DENSE_CANDIDATES_WEIGHT = 2.0;
    /** Weight γ of the bridge-term gain. */
    public static final double DEFAULT_BRIDGE_WEIGHT = 0.0;
    /** Bridge terms m taken from each pick. */
    public static final int DEFAULT_BRIDGE_TERMS = 5;
    /** Query shift β towards the picked chunks. */
    public static final double DEFAULT_QUERY_SHIFT = 0.0;
    /** Near-duplicate penalty λ. */
    public static final double DEFAULT_REDUNDANCY = 0.0;
    /** Weight τ of a candidate whose title a picked chunk of another document mentions. */
    public static final double DEFAULT_TITLE_WEIGHT = 0.5;
    /** Weight τ_q of a candidate whose title the question names. */
    public static final double DEFAULT_QUESTION_TITLE_WEIGHT = 1.0;
    /** Weight ρ of the PageRank evidence prior. */
    public static final double DEFAULT_PAGERANK_WEIGHT = 0.25;
    /** Whether the budget left discounts a candidate that would be cut. */
    public static final boolean DEFAULT_BUDGET_AWARE = true;

    private final int k;
    private final double weight;
    private final double bridgeWeight;
    private final int bridgeTerms;
    private final double queryShift;
    private final double redundancy;
    private final double titleWeight;
    private final double questionTitleWeight;
    private final double pageRankWeight;
    private final boolean budgetAware;
    private final TokenBudgetSelector assembler;
    private final TermAnalyzer analyzer;
    private final Set<String> denseLanguages;
    private final ScriptLanguageDetector detector = new ScriptLanguageDetector();

    private BridgingCoverageSelector(Builder b) {
        this.k = b.k == null ? DEFAULT_K : b.k;
        this.weight = b.weight == null ? DEFAULT_WEIGHT : b.weight;
        this.bridgeWeight = b.bridgeWeight == null ? DEFAULT_BRIDGE_WEIGHT : b.bridgeWeight;
        this.bridgeTerms = b.bridgeTerms == null ? DEFAULT_BRIDGE_TERMS : b.bridgeTerms;
        this.queryShift = b.queryShift == null ? DEFAULT_QUERY_SHIFT : b.queryShift;
        this.redundancy = b.redundancy == null ? DEFAULT_REDUNDANCY : b.redundancy;
        this.titleWeight = b.titleWeight == null ? DEFAULT_TITLE_WEIGHT : b.titleWeight;
        this.questionTitleWeight = b.questionTitleWeight == null ? DEFAULT_QUESTION_TITLE_WEIGHT : b.questionTitleWeight;
        this.pageRankWeight = b.pageRankWeight == null ? DEFAULT_PAGERANK_WEIGHT : b.pageRankWeight;
        this.budgetAware = b.budgetAware == null ? DEFAULT_BUDGET_AWARE : b.budgetAware;
        this.assembler = b.assembler == null ? new TokenBudgetSelector() : b.assembler;
        this.analyzer = b.analyzer == null ? EnglishTermAnalyzer.defaults() : b.analyzer;
        this.denseLanguages = b.denseLanguages == null ? Set.of() : b.denseLanguages;
    }

    /** The analyzer of the question's and the candidates' terms. */
    TermAnalyzer analyzer() {
        return analyzer;
    }

    /**
     * The defaults above, p50k budget assembly in relevance order.
     *
     * @return the default selector
     */
    public static BridgingCoverageSelector defaults() {
        return builder().build();
    }

    /**
     * Greedy query coverage alone: {@link Builder#queryCoverageOnly()} with w = {@value #DENSE_CANDIDATES_WEIGHT}
     * and the other defaults (k = 3, no bridging, no query shift, no near-duplicate penalty, p50k budget assembly
     * in relevance order).
     *
     * @return the query-coverage selector
     */
    public static BridgingCoverageSelector queryCoverage() {
        return builder().queryCoverageOnly().weight(DENSE_CANDIDATES_WEIGHT).build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }


    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return order(query, candidates, k, 0, trace);
    }


    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        String unread = detector.unreadLanguage(query.text(), denseLanguages);
        if (unread != null) {
            trace.put("selection", "rank order");
            trace.put("language", unread);
            return assembler.assemble(query, ScoredChunk.distinct(candidates), budget,
                    Map.of("selector", "bridging-coverage", "selection", "rank order"));
        }
        List<ScoredChunk> ranked = order(query, candidates, Integer.MAX_VALUE, budgetAware ? budget : 0, trace);
        return assembler.assemble(query, ranked, budget, Map.of("selector", "bridging-coverage"));
    }

    /** The first {@code limit} greedy picks scored by the objective at their pick; budget 0 = unknown. */
    private List<ScoredChunk> order(Query query, List<ScoredChunk> candidates, int limit, int budget, TraceSink trace) {
        if (candidates.isEmpty()) {
            return List.of();
        }
        CoverageObjective objective = objective(query, candidates, budget > 0);
        int n = objective.size();
        CoverageObjective.State state = objective.start(budget);
        List<ScoredChunk> out = new ArrayList<>();
        List<Double> gains = new ArrayList<>();
        while (out.size() < Math.min(limit, n)) {
            int best = -1;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (state.chosen(i)) {
                    continue;
                }
                double value = state.value(i);
                if (best < 0 || value > bestValue
                        || (value == bestValue && objective.chunk(i).id().compareTo(objective.chunk(best).id()) < 0)) {
                    best = i;
                    bestValue = value;
                }
            }
            gains.add(state.queryGain(best));
            state.pick(best);
            out.add(objective.chunk(best).withScore(bestValue));
        }
        trace.put("queryTerms", objective.queryTerms());
        trace.put("gains", gains);
        trace.put("bridgeTerms", state.bridgeTerms());
        trace.put("covered", state.covered());
        return out;
    }

    /**
     * This selector's objective bound to {@code query} and the distinct {@code candidates}: the set
     * function the greedy order climbs, also scored as a whole by {@link EvidenceCoverageScorer}.
     *
     * @param countTokens whether the candidates' tokens are counted (needed for budget awareness)
     */
    CoverageObjective objective(Query query, List<ScoredChunk> candidates, boolean countTokens) {
        return new CoverageObjective(this, query, ScoredChunk.distinct(candidates), countTokens);
    }

    double weight() {
        return weight;
    }

    double bridgeWeight() {
        return bridgeWeight;
    }

    int bridgeTermCount() {
        return bridgeTerms;
    }

    double queryShift() {
        return queryShift;
    }

    double redundancy() {
        return redundancy;
    }

    double titleWeight() {
        return titleWeight;
    }

    double questionTitleWeight() {
        return questionTitleWeight;
    }

    double pageRankWeight() {
        return pageRankWeight;
    }

    TokenBudgetSelector assembler() {
        return assembler;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "bridging-coverage");
        m.put("k", k);
        m.put("weight", weight);
        m.put("bridgeWeight", bridgeWeight);
        m.put("bridgeTerms", bridgeTerms);
        m.put("queryShift", queryShift);
        m.put("redundancy", redundancy);
        m.put("titleWeight", titleWeight);
        m.put("questionTitleWeight", questionTitleWeight);
        m.put("pageRankWeight", pageRankWeight);
        m.put("budgetAware", budgetAware);
        if (!denseLanguages.isEmpty()) {
            m.put("denseLanguages", List.copyOf(new TreeSet<>(denseLanguages)));
        }
        m.put("assembly", assembler.describe());
        return m;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "bridging-coverage(w=%s, γ=%s, m=%d, β=%s, λ=%s, τ=%s, τq=%s, ρ=%s, budgetAware=%s)",
                weight, bridgeWeight, bridgeTerms, queryShift, redundancy, titleWeight, questionTitleWeight, pageRankWeight,
                budgetAware);
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private Integer k;
        private Double weight;
        private Double bridgeWeight;
        private Integer bridgeTerms;
        private Double queryShift;
        private Double redundancy;
        private Double titleWeight;
        private Double questionTitleWeight;
        private Double pageRankWeight;
        private Boolean budgetAware;
        private TokenBudgetSelector assembler;
        private TermAnalyzer analyzer;
        private Set<String> denseLanguages;

        private Builder() {
        }

        /**
         * Greedy query coverage alone: title weights τ = τ_q = 0, no PageRank prior (ρ = 0) and not
         * budget-aware, so the objective is {@code sim'(d) + w · qgain(d)} (plus the bridge, shift and
         * penalty terms, off unless set). Sets {@link #titleWeight}, {@link #questionTitleWeight},
         * {@link #pageRankWeight} and {@link #budgetAware}: none may be set again.
         *
         * @return this builder
         */
        public Builder queryCoverageOnly() {
            return titleWeight(0).questionTitleWeight(0).pageRankWeight(0).budgetAware(false);
        }

        /**
         * Chunks picked as a reranker; at least 1; default {@value BridgingCoverageSelector#DEFAULT_K}.
         *
         * @param value the number of chunks picked
         * @return this builder
         */
        public Builder k(int value) {
            Arguments.checkState(k == null, "k was already set");
            Arguments.check(value >= 1, "k must be at least 1, was %d", value);
            k = value;
            return this;
        }

        /**
         * Weight w of the question-term gain; finite, ≥ 0; default {@value BridgingCoverageSelector#DEFAULT_WEIGHT}.
         *
         * @param value the weight w
         * @return this builder
         */
        public Builder weight(double value) {
            Arguments.checkState(weight == null, "weight was already set");
            weight = nonNegative("weight", value);
            return this;
        }

        /**
         * Weight γ of the bridge-term gain; finite, ≥ 0 (0 = no bridging); default {@value
         * BridgingCoverageSelector#DEFAULT_BRIDGE_WEIGHT}.
         *
         * @param value the weight γ
         * @return this builder
         */
        public Builder bridgeWeight(double value) {
            Arguments.checkState(bridgeWeight == null, "bridgeWeight was already set");
            bridgeWeight = nonNegative("bridgeWeight", value);
            return this;
        }

        /**
         * Bridge terms m per pick; 1 to 1000; default {@value BridgingCoverageSelector#DEFAULT_BRIDGE_TERMS}.
         *
         * @param value the number of bridge terms m
         * @return this builder
         */
        public Builder bridgeTerms(int value) {
            Arguments.checkState(bridgeTerms == null, "bridgeTerms was already set");
            Arguments.check(value >= 1 && value <= 1000, "bridgeTerms must be in [1, 1000], was %d", value);
            bridgeTerms = value;
            return this;
        }

        /**
         * Query shift β towards the picks; finite, ≥ 0; default {@value BridgingCoverageSelector#DEFAULT_QUERY_SHIFT}.
         *
         * @param value the shift β
         * @return this builder
         */
        public Builder queryShift(double value) {
            Arguments.checkState(queryShift == null, "queryShift was already set");
            queryShift = nonNegative("queryShift", value);
            return this;
        }

        /**
         * Near-duplicate penalty λ; finite, ≥ 0; default {@value BridgingCoverageSelector#DEFAULT_REDUNDANCY}.
         *
         * @param value the penalty λ
         * @return this builder
         */
        public Builder redundancy(double value) {
            Arguments.checkState(redundancy == null, "redundancy was already set");
            redundancy = nonNegative("redundancy", value);
            return this;
        }

        /**
         * Weight τ of a title mentioned by a pick; finite, ≥ 0 (0 = titles unused); default {@value
         * BridgingCoverageSelector#DEFAULT_TITLE_WEIGHT}.
         *
         * @param value the weight τ
         * @return this builder
         */
        public Builder titleWeight(double value) {
            Arguments.checkState(titleWeight == null, "titleWeight was already set");
            titleWeight = nonNegative("titleWeight", value);
            return this;
        }

        /**
         * Weight τ_q of a candidate whose title the question names; finite, ≥ 0 (0 = unused); default
         * {@value BridgingCoverageSelector#DEFAULT_QUESTION_TITLE_WEIGHT}.
         *
         * @param value the weight τ_q
         * @return this builder
         */
        public Builder questionTitleWeight(double value) {
            Arguments.checkState(questionTitleWeight == null, "questionTitleWeight was already set");
            questionTitleWeight = nonNegative("questionTitleWeight", value);
            return this;
        }

        /**
         * Weight ρ of the PageRank evidence prior ({@link EvidencePrior}); finite, ≥ 0 (0 = no graph is
         * built); default {@value BridgingCoverageSelector#DEFAULT_PAGERANK_WEIGHT}.
         *
         * @param value the weight ρ
         * @return this builder
         */
        public Builder pageRankWeight(double value) {
            Arguments.checkState(pageRankWeight == null, "pageRankWeight was already set");
            pageRankWeight = nonNegative("pageRankWeight", value);
            return this;
        }

        /**
         * Whether a candidate longer than the budget left is discounted; default {@value
         * BridgingCoverageSelector#DEFAULT_BUDGET_AWARE}.
         *
         * @param value {@code true} to discount candidates longer than the budget left
         * @return this builder
         */
        public Builder budgetAware(boolean value) {
            Arguments.checkState(budgetAware == null, "budgetAware was already set");
            budgetAware = value;
            return this;
        }

        /**
         * How the greedy order becomes a budgeted context, given the question: its rules cut the last chunk (its
         * head, or with {@link TokenBudgetSelector.Builder#relevantWindow} its window most relevant to the
         * question) and set the fill minimums; default p50k_base in relevance order with the default rules.
         *
         * @param value the assembler of the final context; not {@code null}
         * @return this builder
         */
        public Builder assembler(TokenBudgetSelector value) {
            Arguments.checkState(assembler == null, "assembler was already set");
            assembler = Objects.requireNonNull(value, "assembler");
            return this;
        }

        /**
         * The terms the coverage counts (default {@link EnglishTermAnalyzer#defaults()}); give the assembler the
         * same analyzer for its relevant window.
         *
         * @param value the analyzer
         * @return this builder
         * @throws IllegalStateException if already set
         */
        public Builder analyzer(TermAnalyzer value) {
            Arguments.checkState(analyzer == null, "analyzer was already set");
            analyzer = Objects.requireNonNull(value, "analyzer");
            return this;
        }

        /**
         * The languages the pipeline's embedder reads ({@link io.github.astrorag.core.spi.Embedder#languages()}):
         * a question whose script says another language is selected in the candidates' rank order within the
         * budget (see the class comment). Default empty: every question by the objective.
         *
         * @param value BCP 47 codes, such as {@code en}; empty for all
         * @return this builder
         * @throws IllegalStateException if already set
         */
        public Builder denseLanguages(Set<String> value) {
            Arguments.checkState(denseLanguages == null, "denseLanguages was already set");
            denseLanguages = Set.copyOf(value);
            return this;
        }

        private static double nonNegative(String name, double value) {
            Arguments.check(value >= 0 && Double.isFinite(value),
                    "%s must be finite and >= 0, was %s", name, value);
            return value;
        }

        /**
         * The selector.
         *
         * @return the immutable selector
         */
        public BridgingCoverageSelector build() {
            return new BridgingCoverageSelector(this);
        }
    }
}
