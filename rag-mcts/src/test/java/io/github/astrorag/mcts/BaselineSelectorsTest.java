package io.github.astrorag.mcts;

import static io.github.astrorag.mcts.Fixtures.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.Fixtures.TableScorer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BaselineSelectorsTest {

    private static final Query Q = Query.of("q");

    @Test
    void countsOrderedCombinations() {
        assertThat(ExhaustiveContextSelector.orderedCombinations(10, 5)).isEqualTo(10 + 90 + 720 + 5040 + 30240);
        assertThat(ExhaustiveContextSelector.orderedCombinations(3, 5)).isEqualTo(3 + 6 + 6);
        assertThat(ExhaustiveContextSelector.orderedCombinations(1000, 8)).isEqualTo(Long.MAX_VALUE);
        // 13: 173,485 <= 200,000 < 266,644 for 14
        assertThat(ExhaustiveContextSelector.defaults().maxCandidates()).isEqualTo(13);
    }

    @Test
    void exhaustiveRefusesMoreCandidatesThanItCanEnumerate() {
        List<ScoredChunk> many = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            many.add(chunk("c" + i, "text " + i, 0.1));
        }
        assertThatThrownBy(() -> ExhaustiveContextSelector.defaults().select(Q, many, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("over 14 candidates").hasMessageContaining("266644")
                .hasMessageContaining("limit of 200000").hasMessageContaining("at most 13 candidates");
    }

    @Test
    void exhaustiveScoresEveryOrderedCombinationThatFits() {
        TableScorer scorer = TableScorer.of(java.util.Map.of("C,A", 2.0), 0.0);
        List<ScoredChunk> three = List.of(chunk("A", "a", 0.1), chunk("B", "b", 0.1), chunk("C", "c", 0.1));
        Context c = ExhaustiveContextSelector.builder().scorer(scorer).executor(Runnable::run).build().select(Q, three, 100);
        assertThat(Fixtures.ids(c.chunks())).isEqualTo("C,A");
        assertThat(scorer.combinations.get()).isEqualTo(15);
        assertThat(c.details()).containsEntry("combinationsScored", 15).containsEntry("scorerCalls", 1);
        // budget 4 tokens: a pair such as "a\n\nb" is 4 tokens, a triple 7: pairs and singles only
        TableScorer again = TableScorer.of(java.util.Map.of(), 0.0);
        ExhaustiveContextSelector.builder().scorer(again).build().select(Q, three, 4);
        assertThat(TokenCounter.p50k().count("a\n\nb")).isEqualTo(4);
        assertThat(TokenCounter.p50k().count("a\n\nb\n\nc")).isEqualTo(7);
        assertThat(again.combinations.get()).isEqualTo(3 + 6);
    }

    @Test
    void greedyTakesChunksByScoreSkippingThoseThatDoNotFit() {
        List<ScoredChunk> pool = List.of(
                chunk("big", "one two three four five six seven eight nine ten eleven twelve", 0.5),
                chunk("top", "alpha beta", 0.9),
                chunk("small", "gamma", 0.1),
                chunk("tie-b", "delta", 0.3),
                chunk("tie-a", "epsilon", 0.3));
        Context c = GreedyContextSelector.byCandidateScore().select(Q, pool, 15);
        // joined: top 2 tokens; + big would be 16; + tie-a (before tie-b by id) 7; + tie-b 11; + small 15
        assertThat(Fixtures.ids(c.chunks())).isEqualTo("top,tie-a,tie-b,small");
        assertThat(c.tokens()).isEqualTo(TokenCounter.p50k().count(c.text())).isEqualTo(15);
        assertThat(c.details()).containsEntry("scorerCalls", 0);
    }

    @Test
    void baselineBuildersFailFast() {
        assertThatThrownBy(() -> ExhaustiveContextSelector.builder().maxChunks(9))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxChunks must be between 1 and 8, was 9");
        assertThatThrownBy(() -> ExhaustiveContextSelector.builder().costWeight(1).costWeight(2))
                .isInstanceOf(IllegalStateException.class).hasMessage("costWeight was already set");
        assertThatThrownBy(() -> GreedyContextSelector.builder().counter(TokenCounter.p50k()).counter(TokenCounter.p50k()))
                .isInstanceOf(IllegalStateException.class).hasMessage("counter was already set");
    }
}
