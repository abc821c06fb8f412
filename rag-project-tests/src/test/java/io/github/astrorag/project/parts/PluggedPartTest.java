package io.github.astrorag.project.parts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.cli.AstroRagCommand;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.spring.boot.AstroRagAutoConfiguration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import picocli.CommandLine;

/**
 * A part defined only in this test jar ({@link ReversingReranker}, registered through {@code META-INF/services}) is
 * usable by name from {@code ask}, from {@code eval} and from a Spring Boot property, with no change to the library:
 * adding a reranker touches its class, its test and its registration.
 */
class PluggedPartTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SAMPLES = "../rag-examples/samples";

    private static String[] run(String... args) {
        CommandLine cl = AstroRagCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new String[] {String.valueOf(status), out.toString(), err.toString()};
    }

    @Test
    void theRegistryFindsThePartOfThisJar() {
        assertThat(PartRegistry.installed().names(Role.RERANKER)).contains("pagerank", "embedding", "bm25", "reverse");
    }

    @Test
    void askUsesItByName() throws Exception {
        String[] r = run("ask", "--model", "hashing", "--no-cache", "--docs", SAMPLES, "--reranker", "reverse:top=2", "--json",
                "What resolving power does the spectrograph reach?");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        JsonNode config = JSON.readTree(r[1]).path("trace").path("config");
        assertThat(config.path("rerankers").get(0).path("name").asText()).isEqualTo("reverse");
        assertThat(config.path("rerankers").get(0).path("top").asInt()).isEqualTo(2);
        String[] bad = run("ask", "--model", "hashing", "--no-cache", "--docs", SAMPLES, "--reranker", "reverse:keep=2", "Q?");
        assertThat(bad[0]).isEqualTo("2");
        assertThat(bad[2]).contains("reranker reverse takes no setting 'keep': its settings are top");
    }

    @Test
    void evalUsesItByName(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("tiny.jsonl");
        Files.writeString(data, "{\"id\": \"q1\", \"type\": \"extractive\", \"question\": \"What colour is the sky of Zorbu?\", "
                + "\"answers\": [\"purple\"], \"documents\": [{\"id\": \"z\", \"title\": \"Zorbu\", \"text\": \"The sky of the "
                + "planet Zorbu is purple. Zorbu has no moons.\"}, {\"id\": \"k\", \"title\": \"Kestrel\", \"text\": \"Kestrel is "
                + "a telescope on a dry mountain.\"}], \"supporting\": [\"z\"]}\n");
        String[] r = run("eval", "--data", data.toString(), "--model", "hashing", "--no-progress", "--pipelines", "naive",
                "--reranker", "reverse", "--out", dir.resolve("out").toString());
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        String instance = Files.readAllLines(dir.resolve("out/instances.jsonl")).get(0);
        assertThat(instance).contains("\"pipeline\":\"naive\"");
        JsonNode results = JSON.readTree(dir.resolve("out/results.json").toFile());
        assertThat(results.toString()).contains("\"rerankers\":[{\"name\":\"reverse\",\"top\":100}]");
    }

    @Test
    void aSpringPropertyUsesItByName() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.embedder.model=hashing", "astrorag.rerankers=reverse:top=3")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    @SuppressWarnings("unchecked")
                    List<Map<String, Object>> rerankers = (List<Map<String, Object>>) context.getBean(RagPipeline.class)
                            .describe().get("rerankers");
                    assertThat(rerankers).containsExactly(Map.of("name", "reverse", "top", 3));
                });
    }
}
