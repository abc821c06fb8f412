package io.github.astrorag.mcts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.testing.GivenTwice;
import io.github.astrorag.core.testing.GivenTwice.Values;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.agent.AgentTrainingOptions;
import io.github.astrorag.mcts.agent.ConfigAgentTrainer;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Every builder of rag-mcts keeps the house rule: a setting given twice throws {@link IllegalStateException}
 * (checked by {@link GivenTwice} over every public setter, so a new setter is checked too).
 */
class BuildersGivenTwiceTest {

    private static Values values() {
        return Values.defaults()
                .type(TokenCounter.class, TokenCounter::p50k)
                .type(Executor.class, () -> (Executor) Runnable::run);
    }

    @Test
    void selectors() {
        GivenTwice.assertEverySettingOnce(MctsContextSelector::builder, values(), Map.of());
        GivenTwice.assertEverySettingOnce(GreedyContextSelector::builder, values(), Map.of());
        GivenTwice.assertEverySettingOnce(ExhaustiveContextSelector::builder, values(), Map.of());
    }

    @Test
    void queryCoverageScorer() {
        assertThat(GivenTwice.assertEverySettingOnce(QueryCoverageScorer::builder, values(), Map.of()))
                .containsExactly("analyzer(TermAnalyzer)", "coverageWeight(double)", "positionDecay(double)",
                        "redundancyWeight(double)", "relevanceWeight(double)");
        assertThatThrownBy(() -> QueryCoverageScorer.builder().positionDecay(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void configurationAgentTraining() {
        GivenTwice.assertEverySettingOnce(AgentTrainingOptions::builder, values(), Map.of());
        GivenTwice.assertEverySettingOnce(ConfigAgentTrainer::builder, values()
                .type(AgentTrainingOptions.class, AgentTrainingOptions::defaults)
                .setter("scorers", () -> new Object[] {Map.of("coverage", QueryCoverageScorer.defaults())})
                .setter("limit", () -> new Object[] {2}), Map.of());
    }

    /** {@link MctsContextSelector#toBuilder()}: each setting may be given once more, not twice. */
    @Test
    void mctsToBuilderReplacesEachSettingOnce() {
        MctsContextSelector selector = MctsContextSelector.defaults();
        GivenTwice.assertEverySettingOnce(selector::toBuilder, values(), Map.of());
    }
}
