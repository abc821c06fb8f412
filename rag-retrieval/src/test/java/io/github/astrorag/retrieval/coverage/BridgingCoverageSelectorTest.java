package io.github.astrorag.retrieval.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.retrieval.TestChunks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A constructed bridge question "Ada river" (terms ada, river): where was Ada born, and which river
 * flows there? Candidates, scores (normalised) and terms:
 * <pre>
 *   A 0.9 (1)    "Ada was born in Lunaria."       ada, born, lunaria       (first hop: names Lunaria)
 *   C 0.7 (1/3)  "Orbis has a river port."        orbi, river, port        (a distractor with the river)
 *   B 0.6 (0)    "Lunaria lies on the Vel river." lunaria, li, vel, river  (second hop, titled "Lunaria")
 * </pre>
 * N = 3: idf(ada) = ln(1 + 2.5/1.5) = ln(8/3); idf(river) = idf(lunaria) = ln(1 + 1.5/2.5) = ln 1.6;
 * T = ln(8/3) + ln 1.6. Step 1 (w = 2): A = 1 + 2 ln(8/3)/T ≈ 2.352 beats C = 1/3 + 2 ln 1.6/T ≈ 0.981.
 * Step 2, ada covered: query coverage alone takes C (0.981 against B's 2 ln 1.6/T ≈ 0.648); the title
 * mention (A names "Lunaria", τ = 0.5) lifts B to ≈ 1.148, and so do A's bridge term lunaria
 * (γ = 2, titles unused: B = (2 + 2) ln 1.6/T ≈ 1.296). Step 3: C = 1/3 (river covered). These
 * values are of the objective with w = 2 (the default is 0.5, for fused candidates) and without the
 * question's title and the PageRank prior ({@link #TITLES}: τ_q = ρ = 0); the tests of those two terms add
 * them to it.
 */
class BridgingCoverageSelectorTest {

    private static final Query Q = Query.of("Ada river");
    private static final double T = Math.log(8.0 / 3) + Math.log(1.6);
    /** The defaults with the coverage weight w = 2 of these hand computations. */
    private static final BridgingCoverageSelector W2 = BridgingCoverageSelector.builder().weight(2).build();
    /** {@link #W2} without the question's title (τ_q) and the PageRank prior (ρ). */
    private static final BridgingCoverageSelector TITLES =
            BridgingCoverageSelector.builder().weight(2).questionTitleWeight(0).pageRankWeight(0).build();

    private static List<ScoredChunk> candidates(boolean titled) {
        return List.of(
                new ScoredChunk(TestChunks.chunk("A", "A", titled ? "Ada" : "A", "Ada was born in Lunaria."), 0.9, null),
                new ScoredChunk(TestChunks.chunk("C", "C", titled ? "Orbis" : "C", "Orbis has a river port."), 0.7, null),
                new ScoredChunk(TestChunks.chunk("B", "B", titled ? "Lunaria" : "B", "Lunaria lies on the Vel river."), 0.6, null));
    }

    @Test
    void queryCoverageAloneTakesTheDistractorSecond() {
        assertThat(BridgingCoverageSelector.queryCoverage().rerank(Q, candidates(true)))
                .extracting(ScoredChunk::id).containsExactly("A", "C", "B");
        assertThat(BridgingCoverageSelector.builder().weight(2).titleWeight(0).build().rerank(Q, candidates(true)))
                .extracting(ScoredChunk::id).containsExactly("A", "C", "B");
    }

    @Test
    void theTitleTheFirstPickNamesComesSecond() {
        Map<String, Object> trace = new HashMap<>();
        List<ScoredChunk> out = TITLES.rerank(Q, candidates(true), trace::put);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out.get(0).score()).isCloseTo(1 + 2 * Math.log(8.0 / 3) / T, within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(0.5 + 2 * Math.log(1.6) / T, within(1e-12));
        assertThat(out.get(2).score()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(trace.get("queryTerms")).isEqualTo(List.of("ada", "river"));
        assertThat(trace.get("bridgeTerms")).isEqualTo(List.of());
    }

    @Test
    void aTitleTheQuestionNamesAddsTauQ() {
        // "Ada river" names A's title "Ada": A gains τ_q = 1; B and C are named by no question word
        List<ScoredChunk> out = BridgingCoverageSelector.builder().weight(2).pageRankWeight(0).build().rerank(Q, candidates(true));
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out.get(0).score()).isCloseTo(2 + 2 * Math.log(8.0 / 3) / T, within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(0.5 + 2 * Math.log(1.6) / T, within(1e-12));
        // untitled, nothing is named
        assertThat(BridgingCoverageSelector.builder().weight(2).pageRankWeight(0).build().rerank(Q, candidates(false)).get(0).score())
                .isCloseTo(1 + 2 * Math.log(8.0 / 3) / T, within(1e-12));
    }

    @Test
    void thePageRankPriorAddsRhoTimesEachCandidatesPrior() {
        // the mention graph is A - B (A names Lunaria); the walk restarts by p = sim' + [named by the question]
        List<ScoredChunk> pool = candidates(true);
        double[] prior = io.github.astrorag.retrieval.graph.EvidencePrior.of(pool, new double[] {2 + 1e-6, 1.0 / 3 + 1e-6, 1e-6});
        assertThat(prior[1]).isZero(); // C: no edge
        assertThat(prior[2]).isEqualTo(1.0); // B receives what A's restarts pass on
        List<ScoredChunk> out = BridgingCoverageSelector.builder().weight(2).pageRankWeight(0.25).build().rerank(Q, pool);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out.get(0).score()).isCloseTo(2 + 2 * Math.log(8.0 / 3) / T + 0.25 * prior[0], within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(0.5 + 2 * Math.log(1.6) / T + 0.25, within(1e-12));
        assertThat(out.get(2).score()).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void aTitleCountsOnlyAsWholeWordsWithALetter() {
        // B titled "Lunarian" or "000" is not named by A ("... Lunaria.", "10,000"): query-coverage order
        List<ScoredChunk> cands = List.of(
                new ScoredChunk(TestChunks.chunk("A", "A", "Ada", "Ada was born in Lunaria, 10,000 of them."), 0.9, null),
                new ScoredChunk(TestChunks.chunk("C", "C", "Orbis", "Orbis has a river port."), 0.7, null),
                new ScoredChunk(TestChunks.chunk("B", "B", "000", "Lunaria lies on the Vel river."), 0.6, null));
        assertThat(W2.rerank(Q, cands)).extracting(ScoredChunk::id)
                .containsExactly("A", "C", "B");
    }

    @Test
    void withoutTitlesTheFirstPicksBridgeTermLeadsToTheSecondHop() {
        Map<String, Object> trace = new HashMap<>();
        List<ScoredChunk> out = BridgingCoverageSelector.builder().weight(2).bridgeWeight(2).build()
                .rerank(Q, candidates(false), trace::put);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out.get(1).score()).isCloseTo(4 * Math.log(1.6) / T, within(1e-12));
        assertThat(out.get(2).score()).isCloseTo(1.0 / 3, within(1e-12));
        // A's only term shared with another candidate that is no question term; B adds none (li, vel are its own)
        assertThat(trace.get("bridgeTerms")).isEqualTo(List.of("lunaria"));
        // γ = 1 is not enough: B = 3 ln 1.6/T ≈ 0.972 < C ≈ 0.981
        assertThat(BridgingCoverageSelector.builder().weight(2).bridgeWeight(1).build().rerank(Q, candidates(false)))
                .extracting(ScoredChunk::id).containsExactly("A", "C", "B");
    }

    @Test
    void aShortChunkWithGainBeatsATruncatedTailWhenBudgetAware() {
        TokenCounter counter = TokenCounter.p50k();
        ScoredChunk a = new ScoredChunk(TestChunks.chunk("A", "Ada was born in Lunaria."), 0.9, null);
        ScoredChunk longOne = new ScoredChunk(TestChunks.chunk("L",
                "The river " + "flows past old mills and green fields ".repeat(8)), 0.8, null);
        ScoredChunk s = new ScoredChunk(TestChunks.chunk("S", "Vel river."), 0.1, null);
        List<ScoredChunk> cands = List.of(a, longOne, s);
        int budget = counter.count(a.chunk().text()) + counter.count(s.chunk().text()) + 4;
        int left = budget - counter.count(a.chunk().text());
        // step 2: L = (7/8 + 2 ln 1.6/T) · left/tokens(L) ≈ 1.52 · 7/59, S = 2 ln 1.6/T ≈ 0.648 (fits whole)
        double l = (7.0 / 8 + 2 * Math.log(1.6) / T) * left / counter.count(longOne.chunk().text());
        assertThat(l).isLessThan(2 * Math.log(1.6) / T);
        Context aware = W2.select(Q, cands, budget);
        assertThat(aware.chunks()).extracting(ScoredChunk::id).startsWith("A", "S");
        assertThat(aware.chunks().get(1).score()).isCloseTo(2 * Math.log(1.6) / T, within(1e-12));
        assertThat(aware.details()).containsEntry("selector", "bridging-coverage");
        Context unaware = BridgingCoverageSelector.builder().weight(2).budgetAware(false).build().select(Q, cands, budget);
        assertThat(unaware.chunks()).extracting(ScoredChunk::id).containsExactly("A", "L");
        assertThat(unaware.text()).doesNotContain("Vel");
    }

    @Test
    void theDuplicatePenaltyUsesTheVectors() {
        // no query term occurs ("zzz"): only similarity and penalty count. A = D = (1,0), E = (0,1); q = (1,0)
        Query q = Query.of("zzz").withEmbedding(new float[] {1, 0});
        List<ScoredChunk> cands = List.of(
                new ScoredChunk(TestChunks.chunk("A", "alpha"), 1.0, new float[] {1, 0}),
                new ScoredChunk(TestChunks.chunk("D", "delta"), 0.99, new float[] {1, 0}),
                new ScoredChunk(TestChunks.chunk("E", "epsilon"), 0.0, new float[] {0, 1}));
        assertThat(W2.rerank(q, cands)).extracting(ScoredChunk::id)
                .containsExactly("A", "D", "E");
        // λ = 2: after A, D = 0.99 − 2·1 = −1.01 < E = 0 − 2·0 = 0
        List<ScoredChunk> penalised = BridgingCoverageSelector.builder().weight(2).redundancy(2).build().rerank(q, cands);
        assertThat(penalised).extracting(ScoredChunk::id).containsExactly("A", "E", "D");
        assertThat(penalised.get(1).score()).isCloseTo(0.0, within(1e-12));
        assertThat(penalised.get(2).score()).isCloseTo(0.99 - 2, within(1e-12));
    }

    @Test
    void theQueryMovesTowardsThePick() {
        // q = (1,0); A = (0.8,0.6) score 0.8, E = (0.6,−0.8) score 0.6, D = (0,1) score 0: score order A, E, D
        Query q = Query.of("zzz").withEmbedding(new float[] {1, 0});
        List<ScoredChunk> cands = List.of(
                new ScoredChunk(TestChunks.chunk("A", "alpha"), 0.8, new float[] {0.8f, 0.6f}),
                new ScoredChunk(TestChunks.chunk("E", "epsilon"), 0.6, new float[] {0.6f, -0.8f}),
                new ScoredChunk(TestChunks.chunk("D", "delta"), 0.0, new float[] {0, 1}));
        assertThat(W2.rerank(q, cands)).extracting(ScoredChunk::id)
                .containsExactly("A", "E", "D");
        // β = 2 after A: q' = (1,0) + 2·(0.8,0.6) = (2.6,1.2); dots A 2.8, E 0.6, D 1.2 → D = 0.6/2.2 = 3/11, E = 0
        List<ScoredChunk> moved = BridgingCoverageSelector.builder().weight(2).queryShift(2).build().rerank(q, cands);
        assertThat(moved).extracting(ScoredChunk::id).containsExactly("A", "D", "E");
        assertThat(moved.get(1).score()).isCloseTo(3.0 / 11, within(1e-6));
    }

    @Test
    void rejectsBadSettingsAndKLimits() {
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().titleWeight(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().bridgeTerms(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().queryShift(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().budgetAware(true).budgetAware(false))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
        assertThatThrownBy(() -> BridgingCoverageSelector.defaults().select(Q, candidates(true), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(BridgingCoverageSelector.builder().k(1).build().rerank(Q, candidates(true)))
                .extracting(ScoredChunk::id).containsExactly("A");
        assertThat(BridgingCoverageSelector.defaults().rerank(Q, List.of())).isEmpty();
        assertThat(BridgingCoverageSelector.defaults().describe()).containsEntry("name", "bridging-coverage")
                .containsEntry("titleWeight", 0.5).containsEntry("budgetAware", true);
    }
}
