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
 * {@link BridgingCoverageSelector#queryCoverage()}: greedy query coverage alone (no title mention, not
 * budget-aware). Question "capital Hungary river" (terms capit, hungari, river). Candidates and scores:
 * <pre>
 *   A 0.9  "Budapest is the capital of Hungary."        capital, Hungary
 *   B 0.85 "Budapest is the capital city of Hungary."   capital, Hungary (near-duplicate of A)
 *   C 0.5  "The Danube river flows through Budapest."   river
 *   D 0.1  "Paris is a city in France."                  —
 * </pre>
 * N = 4; df(capital) = df(Hungary) = 2 → idf = ln(1 + 2.5/2.5) = ln 2; df(river) = 1 → idf = ln(1 + 3.5/1.5)
 * = ln(10/3); total T = 2 ln 2 + ln(10/3). Normalised scores: A 1, B 0.75/0.8 = 0.9375, C 0.4/0.8 = 0.5, D 0.
 * Step 1: A = 1 + 2·2ln2/T ≈ 2.0704, B ≈ 2.0079, C = 0.5 + 2·ln(10/3)/T ≈ 1.4296 → A.
 * Step 2: B = 0.9375 (nothing new), C ≈ 1.4296 → C, the complementary chunk. Step 3: B (0.9375) over D (0).
 * Coverage gains at the picks: 2 ln 2/T, ln(10/3)/T, 0.
 */
class QueryCoverageSelectorTest {

    private static final Query Q = Query.of("capital Hungary river");
    private static final double T = 2 * Math.log(2) + Math.log(10.0 / 3);

    private static List<ScoredChunk> candidates() {
        return List.of(
                new ScoredChunk(TestChunks.chunk("A", "Budapest is the capital of Hungary."), 0.9, null),
                new ScoredChunk(TestChunks.chunk("B", "Budapest is the capital city of Hungary."), 0.85, null),
                new ScoredChunk(TestChunks.chunk("C", "The Danube river flows through Budapest."), 0.5, null),
                new ScoredChunk(TestChunks.chunk("D", "Paris is a city in France."), 0.1, null));
    }

    @Test
    void secondPickIsTheComplementaryChunkNotTheNearDuplicate() {
        Map<String, Object> trace = new HashMap<>();
        List<ScoredChunk> out = BridgingCoverageSelector.queryCoverage().rerank(Q, candidates(), trace::put);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "C", "B");
        assertThat(out.get(0).score()).isCloseTo(1 + 2 * 2 * Math.log(2) / T, within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(0.5 + 2 * Math.log(10.0 / 3) / T, within(1e-12));
        assertThat(out.get(2).score()).isCloseTo(0.9375, within(1e-12));
        assertThat(trace.get("queryTerms")).isEqualTo(List.of("capit", "hungari", "river"));
        assertThat(trace.get("covered")).isEqualTo(List.of("capit", "hungari", "river"));
        assertThat(trace.get("gains")).asList().hasSize(3);
        List<?> gains = (List<?>) trace.get("gains");
        assertThat((Double) gains.get(0)).isCloseTo(2 * Math.log(2) / T, within(1e-12));
        assertThat((Double) gains.get(1)).isCloseTo(Math.log(10.0 / 3) / T, within(1e-12));
        assertThat((Double) gains.get(2)).isEqualTo(0.0);
        assertThat(trace.get("bridgeTerms")).isEqualTo(List.of());
    }

    @Test
    void weightZeroIsScoreOrderAndKLimits() {
        assertThat(BridgingCoverageSelector.builder().queryCoverageOnly().weight(0).build().rerank(Q, candidates()))
                .extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(BridgingCoverageSelector.builder().queryCoverageOnly().k(1).build().rerank(Q, candidates()))
                .extracting(ScoredChunk::id).containsExactly("A");
        assertThat(BridgingCoverageSelector.queryCoverage().rerank(Q, List.of())).isEmpty();
    }

    @Test
    void asContextSelectorItFillsTheBudgetInGreedyOrderExactly() {
        TokenCounter counter = TokenCounter.p50k();
        Context all = BridgingCoverageSelector.queryCoverage().select(Q, candidates(), 1800);
        assertThat(all.chunks()).extracting(ScoredChunk::id).containsExactly("A", "C", "B", "D");
        String twoChunks = "Budapest is the capital of Hungary.\n\nThe Danube river flows through Budapest.";
        int budget = counter.count(twoChunks) + 2; // room for the separator and a word or so of B
        Context cut = BridgingCoverageSelector.queryCoverage().select(Q, candidates(), budget);
        assertThat(cut.chunks()).extracting(ScoredChunk::id).startsWith("A", "C");
        assertThat(cut.text()).startsWith(twoChunks);
        assertThat(cut.details()).containsEntry("selector", "bridging-coverage");
    }

    @Test
    void queryCoverageIsTitlesUnusedAndNotBudgetAware() {
        assertThat(BridgingCoverageSelector.queryCoverage().describe()).containsEntry("titleWeight", 0.0)
                .containsEntry("budgetAware", false).containsEntry("weight", 2.0).containsEntry("k", 3)
                .containsEntry("bridgeWeight", 0.0).containsEntry("queryShift", 0.0).containsEntry("redundancy", 0.0);
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().queryCoverageOnly().titleWeight(0.5))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().budgetAware(true).queryCoverageOnly())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().weight(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> BridgingCoverageSelector.builder().k(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BridgingCoverageSelector.queryCoverage().select(Q, candidates(), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
