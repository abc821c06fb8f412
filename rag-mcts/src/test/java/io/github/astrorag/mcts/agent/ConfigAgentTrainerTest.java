package io.github.astrorag.mcts.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.embed.HashingEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigAgentTrainerTest {

    private static String instance(String id, String question, String supporting) {
        return "{\"id\": \"" + id + "\", \"type\": \"multi-hop\", \"question\": \"" + question + "\", \"answers\": [\"x\"], "
                + "\"supporting\": [\"" + supporting + "\"], \"documents\": ["
                + "{\"id\": \"d1\", \"title\": \"d1\", \"text\": \"The red giant star Betelgeuse lies in Orion.\"},"
                + "{\"id\": \"d2\", \"title\": \"d2\", \"text\": \"The planet Mars has two small moons.\"},"
                + "{\"id\": \"d3\", \"title\": \"d3\", \"text\": \"Bread rises because yeast makes gas.\"}]}";
    }

    @Test
    void labelsTrainsAndSavesALoadableModel(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data.jsonl");
        Files.write(data, List.of(
                instance("q1", "Which constellation holds the red giant Betelgeuse?", "d1"),
                instance("q2", "How many moons does Mars have?", "d2"),
                "",
                "{\"id\": \"q3\", \"question\": \"from a corpus\", \"corpus\": \"somewhere\", \"answers\": [\"y\"]}",
                instance("q4", "Why does bread rise?", "d3")));
        Path model = dir.resolve("agent.json");
        ConfigAgentTrainer.Result r = ConfigAgentTrainer.builder().embedder(new HashingEmbedder())
                .options(AgentTrainingOptions.builder().epochs(2).build()).budget(40).build().train(data, model);
        assertThat(r.questions()).isEqualTo(3);
        assertThat(r.skipped()).isEqualTo(1);
        assertThat(r.bestScorerCounts().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(3);
        // each question's single supporting paragraph is found with some setting
        assertThat(r.meanBestQuality()).isEqualTo(1.0);
        ConfigAgent agent = ConfigAgent.load(model);
        assertThat(agent.scorers()).containsExactly("concatenation-embedding", "query-coverage");
        assertThat(agent.inputDimension()).isEqualTo(384);
    }

    @Test
    void badDataFailsWithTheLine(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("bad.jsonl");
        Files.write(data, List.of(instance("q1", "fine", "d1"), "{not json"));
        ConfigAgentTrainer trainer = ConfigAgentTrainer.builder().embedder(new HashingEmbedder()).build();
        assertThatThrownBy(() -> trainer.train(data, dir.resolve("m.json"))).isInstanceOf(DocumentException.class)
                .hasMessageContaining("line 2 of").hasMessageContaining("bad.jsonl");
        assertThatThrownBy(() -> ConfigAgentTrainer.builder().build()).hasMessageContaining("an embedder is required");
    }

    /** Hostile input, third round, row 17: an --out that is a folder (or under a file) fails before the grid search. */
    @Test
    void aModelPathThatCannotBeAFileFailsBeforeTheGridSearch(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data.jsonl");
        Files.write(data, List.of(instance("q1", "Which constellation holds the red giant Betelgeuse?", "d1"),
                instance("q2", "How many moons does Mars have?", "d2")));
        Path folder = Files.createDirectory(dir.resolve("existing"));
        Path file = Files.writeString(dir.resolve("plain"), "x");
        ConfigAgentTrainer trainer = ConfigAgentTrainer.builder().embedder(new HashingEmbedder()).budget(40).build();
        List<String> phases = new java.util.ArrayList<>();
        assertThatThrownBy(() -> trainer.train(data, folder, (phase, done, total) -> phases.add(phase)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the model file " + folder + " is a folder; give the path of a file to write");
        assertThatThrownBy(() -> trainer.train(data, file.resolve("m.json"), (phase, done, total) -> phases.add(phase)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file + " is not a folder");
        assertThat(phases).isEmpty();
    }
}
