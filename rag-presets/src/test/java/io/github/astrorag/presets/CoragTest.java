package io.github.astrorag.presets;

import io.github.astrorag.mcts.GreedyContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.agent.AgentExample;
import io.github.astrorag.mcts.agent.AgentSettings;
import io.github.astrorag.mcts.agent.AgentTrainingOptions;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CoragTest {

    private static final HashingEmbedder EMBEDDER = new HashingEmbedder();
    private static final List<Document> DOCS = List.of(
            Document.of("vesta", "Vesta is the second most massive body in the asteroid belt. Its mean diameter is about 525 km."),
            Document.of("ceres", "Ceres is a dwarf planet in the asteroid belt. It was discovered by Giuseppe Piazzi in 1801."),
            Document.of("piazzi", "Giuseppe Piazzi was an Italian astronomer who worked at the Palermo observatory."),
            Document.of("noise", "Cooking pasta requires salted boiling water and patience."));

    @Test
    void presetSelectsWithMctsUnderTheBudget() {
        RagPipeline rag = Corag.paperBuilder(EMBEDDER).budget(60).build();
        Map<String, Object> config = rag.describe();
        assertThat(config).containsEntry("candidates", 20).containsEntry("budget", 60);
        assertThat(((Map<?, ?>) config.get("retriever")).get("name")).isEqualTo("dense");
        assertThat(((Map<?, ?>) config.get("selector")).get("name")).isEqualTo("mcts");
        try (RagInstance instance = rag.openDocuments(DOCS)) {
            Context c = instance.selectContext(Query.of("Which observatory did the discoverer of Ceres work at?"));
            assertThat(c.details()).containsEntry("selector", "mcts");
            assertThat(c.tokens()).isEqualTo(TokenCounter.p50k().count(c.text())).isLessThanOrEqualTo(60);
            assertThat(c.chunks()).extracting(s -> s.chunk().documentId()).contains("ceres", "piazzi").doesNotContain("noise");
            Answer a = instance.ask("Which observatory did the discoverer of Ceres work at?");
            assertThat(a.citations()).isNotEmpty();
        }
    }

    @Test
    void presetWithAnAgentLetsItChooseTheSettings() {
        List<AgentExample> examples = new ArrayList<>();
        for (String q : List.of("asteroid belt bodies", "asteroid sizes", "dwarf planet discovery", "who discovered Ceres")) {
            examples.add(new AgentExample(EMBEDDER.embedQuery(q), "coverage", new AgentSettings(20, 0.0, 1.0), Map.of()));
        }
        ConfigAgent agent = ConfigAgent.train(examples, AgentTrainingOptions.builder().epochs(5).build());
        RagPipeline rag = Corag.agentBuilder(EMBEDDER, agent, Map.of("coverage", QueryCoverageScorer.defaults())).budget(80).build();
        try (RagInstance instance = rag.openDocuments(DOCS)) {
            Context c = instance.selectContext(Query.of("Who discovered Ceres?"));
            assertThat(c.details()).containsEntry("agent.scorer", "coverage").containsEntry("selector", "mcts");
            assertThat(c.tokens()).isLessThanOrEqualTo(80);
        }
        assertThatThrownBy(() -> Corag.agentBuilder(new HashingEmbedder(64), agent, Map.of("coverage", QueryCoverageScorer.defaults())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension 384").hasMessageContaining("gives 64");
    }

    @Test
    void thePresetsSettingsMayEachBeReplacedOnceLikeEveryPresets() {
        RagPipeline.Builder b = Corag.paperBuilder(EMBEDDER);
        b.selector(GreedyContextSelector.builder().build());
        assertThatThrownBy(() -> b.selector(MctsContextSelector.defaults()))
                .isInstanceOf(IllegalStateException.class).hasMessage("selector was already set");
        assertThat(b.build().describe().get("selector")).isEqualTo(GreedyContextSelector.builder().build().describe());
        assertThat(Corag.paper(EMBEDDER).describe().get("selector")).isEqualTo(MctsContextSelector.defaults().describe());
    }
}
