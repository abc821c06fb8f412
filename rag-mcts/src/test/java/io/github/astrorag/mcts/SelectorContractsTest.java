package io.github.astrorag.mcts;

import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.testing.TestChunks;
import io.github.astrorag.mcts.agent.AgentExample;
import io.github.astrorag.mcts.agent.AgentMctsSelector;
import io.github.astrorag.mcts.agent.AgentSettings;
import io.github.astrorag.mcts.agent.AgentTrainingOptions;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;

/** Every selector of rag-mcts against the {@link ContextSelector} contract. */
class SelectorContractsTest {

    @Nested
    class Mcts extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return MctsContextSelector.defaults();
        }
    }

    @Nested
    class Greedy extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return GreedyContextSelector.byCandidateScore();
        }
    }

    @Nested
    class GreedyWithAScorer extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return GreedyContextSelector.builder().scorer(QueryCoverageScorer.defaults()).build();
        }
    }

    @Nested
    class Exhaustive extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return ExhaustiveContextSelector.builder().maxChunks(3).build();
        }
    }

    @Nested
    class Agent extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            // queries along the first axis (the contract's query) were best served fast, others thoroughly
            List<AgentExample> examples = new ArrayList<>();
            for (int axis = 0; axis < TestChunks.DIMENSION; axis++) {
                float[] v = new float[TestChunks.DIMENSION];
                v[axis] = 1;
                examples.add(new AgentExample(v, axis == 0 ? "coverage" : "thorough",
                        axis == 0 ? new AgentSettings(5, 0.0, 1.0) : new AgentSettings(20, 0.3, 2.4), Map.of()));
            }
            ConfigAgent agent = ConfigAgent.train(examples, AgentTrainingOptions.builder().epochs(5).build());
            return new AgentMctsSelector(agent, Map.of("coverage", QueryCoverageScorer.defaults(),
                    "thorough", QueryCoverageScorer.defaults()), MctsContextSelector.defaults());
        }
    }
}
