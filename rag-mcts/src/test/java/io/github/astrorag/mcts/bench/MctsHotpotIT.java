package io.github.astrorag.mcts.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * MCTS against exhaustive search on the first 40 HotpotQA dev questions (the full 250 are in
 * {@link MctsVsExhaustiveBenchmark}): with the cheap scorer, 10 candidates and a 300-token budget, the
 * paper's MCTS defaults reach at least 95% of the exhaustive optimum's mean utility while scoring at most
 * 10% of its combinations. Skipped when the shared data is absent, unless {@code -Dastrorag.requireData=true}.
 */
class MctsHotpotIT {

    @Test
    void reachesTheExhaustiveOptimumAtATenthOfTheCost() {
        Optional<Path> data = HotpotData.locate("hotpotqa-dev.jsonl");
        if (Boolean.getBoolean("astrorag.requireData")) {
            assertThat(data).as("hotpotqa-dev.jsonl under ../shared/data or -Dastrorag.data").isPresent();
        }
        Assumptions.assumeTrue(data.isPresent(), "hotpotqa-dev.jsonl not found under ../shared/data");
        List<HotpotData.Item> items = HotpotData.load(data.get(), new HashingEmbedder(), 10).subList(0, 40);
        QueryCoverageScorer scorer = QueryCoverageScorer.defaults();
        MctsContextSelector mcts = MctsContextSelector.builder().scorer(scorer).build();
        ExhaustiveContextSelector exhaustive = ExhaustiveContextSelector.builder().scorer(scorer).build();
        double mctsUtility = 0;
        double exUtility = 0;
        long mctsCombos = 0;
        long exCombos = 0;
        for (HotpotData.Item it : items) {
            Context m = mcts.select(it.query(), it.candidates(), 300);
            Context e = exhaustive.select(it.query(), it.candidates(), 300);
            assertThat((double) e.details().get("utility")).isGreaterThanOrEqualTo((double) m.details().get("utility") - 1e-12);
            mctsUtility += (double) m.details().get("utility");
            exUtility += (double) e.details().get("utility");
            mctsCombos += (int) m.details().get("combinationsScored");
            exCombos += (int) e.details().get("combinationsScored");
        }
        assertThat(mctsUtility / exUtility).isGreaterThanOrEqualTo(0.95);
        assertThat(mctsCombos / (double) exCombos).isLessThanOrEqualTo(0.10);
    }
}
