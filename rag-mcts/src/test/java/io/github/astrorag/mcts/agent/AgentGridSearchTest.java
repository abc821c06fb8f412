package io.github.astrorag.mcts.agent;

import static io.github.astrorag.mcts.Fixtures.chunk;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.Fixtures.TableScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentGridSearchTest {

    @Test
    void labelsEachQueryWithItsBestScorerAndTheFirstBestSettings() {
        List<ScoredChunk> pool = List.of(chunk("A", "the answer", 0.2), chunk("B", "filler", 0.5), chunk("C", "a distractor", 0.9));
        // "good" values contexts with A and without C, "bad" anything with C
        Map<String, CombinationScorer> scorers = Map.of(
                "good", new TableScorer(k -> k.contains("A") && !k.contains("C") ? 1 : 0),
                "bad", new TableScorer(k -> k.contains("C") ? 1 : 0));
        AgentGridSearch.ContextQuality quality = (q, c) -> c.chunks().stream().anyMatch(s -> s.id().equals("A")) ? 1.0 : 0.0;
        AgentGridSearch grid = new AgentGridSearch(scorers, quality, 100, MctsContextSelector.builder().executor(Runnable::run).build());
        float[] v = {1f, 0f};
        AgentExample e = grid.label(new AgentGridSearch.GridQuery("q1", Query.of("question").withEmbedding(v), pool));
        assertThat(e.bestScorer()).isEqualTo("good");
        assertThat(e.best()).isEqualTo(new AgentSettings(5, 0.0, 1.0));
        // "bad" picks C alone (fewest tokens among the contexts it values): quality 0
        assertThat(e.qualityByScorer()).containsExactly(Map.entry("bad", 0.0), Map.entry("good", 1.0));
        assertThat(e.queryEmbedding()).containsExactly(v);
        assertThat(AgentGridSearch.ITERATIONS.size() * AgentGridSearch.COST_WEIGHTS.size() * AgentGridSearch.EXPLORATIONS.size()).isEqualTo(18);
    }
}
