package io.github.astrorag.mcts.agent;

import static io.github.astrorag.mcts.Fixtures.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.Fixtures.TableScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigAgentTest {

    private static final int DIM = 16;
    private static final AgentSettings FAST = new AgentSettings(5, 0.0, 1.0);
    private static final AgentSettings THOROUGH = new AgentSettings(20, 0.3, 2.4);
    private static ConfigAgent agent;

    /** Two clusters of query vectors around two axes, the first best served by "alpha", the second by "beta". */
    static List<AgentExample> clusters(Random random, int perCluster) {
        List<AgentExample> out = new ArrayList<>();
        for (int i = 0; i < perCluster; i++) {
            out.add(new AgentExample(point(random, 0), "alpha", FAST, Map.of("alpha", 0.9, "beta", 0.5)));
            out.add(new AgentExample(point(random, 1), "beta", THOROUGH, Map.of("alpha", 0.4, "beta", 0.8)));
        }
        return out;
    }

    static float[] point(Random random, int axis) {
        float[] v = new float[DIM];
        for (int k = 0; k < DIM; k++) {
            v[k] = (float) (random.nextGaussian() * 0.15);
        }
        v[axis] += 1f;
        return v;
    }

    @BeforeAll
    static void train() {
        agent = ConfigAgent.train(clusters(new Random(1), 64), AgentTrainingOptions.defaults());
    }

    @Test
    void predictionsDifferPerCluster() {
        Random random = new Random(99);
        for (int i = 0; i < 20; i++) {
            AgentDecision a = agent.predict(point(random, 0));
            AgentDecision b = agent.predict(point(random, 1));
            assertThat(a.scorer()).isEqualTo("alpha");
            assertThat(b.scorer()).isEqualTo("beta");
            assertThat(a.iterations()).isBetween(5, 9);
            assertThat(b.iterations()).isBetween(16, 20);
            assertThat(a.costWeight()).isLessThan(0.1);
            assertThat(b.costWeight()).isGreaterThan(0.2);
            assertThat(a.exploration()).isLessThan(b.exploration());
        }
        assertThat(agent.scorers()).containsExactly("alpha", "beta");
        assertThat((double) agent.training().get("finalLoss")).isLessThan(0.2);
    }

    @Test
    void theSiameseCodesSeparateTheClusters() {
        Random random = new Random(5);
        double within = 0;
        double across = 0;
        for (int i = 0; i < 20; i++) {
            double[] a1 = agent.code(point(random, 0));
            double[] a2 = agent.code(point(random, 0));
            double[] b1 = agent.code(point(random, 1));
            within += distance(a1, a2);
            across += distance(a1, b1);
        }
        assertThat(across).isGreaterThan(3 * within);
    }

    private static double distance(double[] a, double[] b) {
        double s = 0;
        for (int k = 0; k < a.length; k++) {
            s += (a[k] - b[k]) * (a[k] - b[k]);
        }
        return Math.sqrt(s);
    }

    @Test
    void itsDecisionsChangeTheSelectorsSettings() {
        Map<String, CombinationScorer> scorers = Map.of("alpha", new TableScorer(k -> 1.0 / k.length()),
                "beta", new TableScorer(k -> k.length()));
        AgentMctsSelector selector = new AgentMctsSelector(agent, scorers, MctsContextSelector.defaults());
        Random random = new Random(3);
        Query qa = Query.of("first kind").withEmbedding(point(random, 0));
        Query qb = Query.of("second kind").withEmbedding(point(random, 1));
        MctsContextSelector forA = selector.selectorFor(qa);
        MctsContextSelector forB = selector.selectorFor(qb);
        assertThat(forA.scorer()).isSameAs(scorers.get("alpha"));
        assertThat(forB.scorer()).isSameAs(scorers.get("beta"));
        assertThat(forA.iterations()).isLessThan(forB.iterations());
        assertThat(forA.costWeight()).isLessThan(forB.costWeight());
        assertThat(forA.seed()).isEqualTo(MctsContextSelector.DEFAULT_SEED);

        List<ScoredChunk> pool = List.of(chunk("A", "one", 0.5), chunk("B", "two", 0.4), chunk("C", "three", 0.3));
        Map<String, Object> trace = new HashMap<>();
        Context c = selector.select(qb, pool, 100, trace::put);
        assertThat(trace).containsEntry("agent.scorer", "beta").containsEntry("agent.iterations", forB.iterations());
        assertThat(c.details()).containsEntry("agent.scorer", "beta");
        // beta scores longer id lists higher: all three chunks
        assertThat(c.chunks()).hasSize(3);
        assertThatThrownBy(() -> new AgentMctsSelector(agent, Map.of("alpha", scorers.get("alpha")), MctsContextSelector.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'beta'");
        assertThatThrownBy(() -> selector.select(Query.of("no vector"), pool, 100)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void saveAndLoadRoundTrip(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("models/agent.json");
        agent.save(file);
        ConfigAgent loaded = ConfigAgent.load(file);
        Random random = new Random(11);
        for (int i = 0; i < 10; i++) {
            float[] v = point(random, i % 2);
            assertThat(loaded.predict(v)).isEqualTo(agent.predict(v));
            assertThat(loaded.code(v)).containsExactly(agent.code(v));
        }
        assertThat(loaded.scorers()).isEqualTo(agent.scorers());
        assertThat(loaded.training()).containsEntry("epochs", 60).containsEntry("batchSize", 32);
        assertThat(Files.readString(file)).contains("\"format\" : \"astrorag-config-agent\"");
    }

    @Test
    void trainingIsDeterministic(@TempDir Path dir) throws Exception {
        AgentTrainingOptions quick = AgentTrainingOptions.builder().epochs(3).seed(7).build();
        ConfigAgent.train(clusters(new Random(2), 8), quick).save(dir.resolve("a.json"));
        ConfigAgent.train(clusters(new Random(2), 8), quick).save(dir.resolve("b.json"));
        assertThat(Files.readString(dir.resolve("a.json"))).isEqualTo(Files.readString(dir.resolve("b.json")));
    }

    @Test
    void badFilesFailClearly(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json");
        assertThatThrownBy(() -> ConfigAgent.load(missing)).isInstanceOf(AgentModelException.class)
                .hasMessageContaining("missing.json");
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"format\": \"something-else\"}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ConfigAgent.load(other)).isInstanceOf(AgentModelException.class)
                .hasMessageContaining("other.json").hasMessageContaining("format is not \"astrorag-config-agent\"");
        Path cut = dir.resolve("cut.json");
        agent.save(cut);
        String text = Files.readString(cut);
        Files.writeString(cut, text.substring(0, text.length() / 2));
        assertThatThrownBy(() -> ConfigAgent.load(cut)).isInstanceOf(AgentModelException.class)
                .hasMessageContaining("cannot read configuration agent file").hasMessageContaining("cut.json");
        Path shrunk = dir.resolve("shrunk.json");
        Files.writeString(shrunk, text.replace("\"inputDimension\" : 16", "\"inputDimension\" : 15"));
        assertThatThrownBy(() -> ConfigAgent.load(shrunk)).isInstanceOf(AgentModelException.class)
                .hasMessageContaining("\"layers[0]\" must take 15 inputs");
        assertThatThrownBy(() -> agent.predict(new float[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dimension 16, got 3");
    }

    @Test
    void trainingRejectsBadExamples() {
        assertThatThrownBy(() -> ConfigAgent.train(List.of(), AgentTrainingOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 2");
        List<AgentExample> mixed = List.of(new AgentExample(new float[2], "a", FAST, Map.of()),
                new AgentExample(new float[3], "b", FAST, Map.of()));
        assertThatThrownBy(() -> ConfigAgent.train(mixed, AgentTrainingOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dimension 3, the first has 2");
        assertThatThrownBy(() -> AgentTrainingOptions.builder().epochs(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("epochs must be between 1 and 100000, was 0");
        assertThatThrownBy(() -> new AgentSettings(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
