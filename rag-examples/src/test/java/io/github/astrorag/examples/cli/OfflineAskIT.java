package io.github.astrorag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged command answers with no network at all: each run is in a fresh network namespace
 * ({@code unshare -n}, which needs root, as CI has), so any attempt to download a model would fail.
 */
class OfflineAskIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");

    @BeforeAll
    static void needsUnshare() throws Exception {
        Process p = new ProcessBuilder("unshare", "-n", "true").redirectErrorStream(true).start();
        boolean ok = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        Assumptions.assumeTrue(ok, "unshare -n is not permitted here (it needs root); CI runs this test as root");
        assertThat(JAR).exists();
    }

    private static JsonNode askOffline(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("unshare", "-n",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString(), "ask", "--json"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return new ObjectMapper().readTree(out);
    }

    @Test
    void astroragPresetRunsOfflineWithMmrPageRankAndMiniLm() throws Exception {
        JsonNode json = askOffline("--preset", "astrorag", "--docs", "samples", "What resolving power does the spectrograph reach?");
        List<String> stages = new ArrayList<>();
        json.path("trace").path("stages").forEach(s -> stages.add(s.path("name").asText()));
        assertThat(stages).containsExactly("embed-query", "retrieve", "rerank:pagerank", "select", "generate");
        assertThat(json.path("trace").path("config").path("retriever").path("name").asText()).isEqualTo("mmr");
        assertThat(json.path("trace").path("config").path("embedder").path("name").asText()).isEqualTo("minilm-q");
        assertThat(json.path("answer").asText()).contains("5000");
        assertThat(json.path("index").path("deleted").asBoolean()).isTrue();
    }

    @Test
    void defaultPresetRunsOfflineAndCitesPageTwoOfThePdf() throws Exception {
        JsonNode json = askOffline("--docs", "samples", "What resolving power does the spectrograph reach?");
        JsonNode first = json.path("citations").get(0);
        assertThat(first.path("source").asText()).isEqualTo("spectrograph-guide.pdf");
        assertThat(first.path("page").asInt()).isEqualTo(2);
        assertThat(json.path("trace").path("config").path("embedder").path("name").asText()).isEqualTo(PipelineFactory.DEFAULT_MODEL);
        assertThat(json.path("index").path("deleted").asBoolean()).isTrue();
    }

    @Test
    void budgetFiftyOffline() throws Exception {
        JsonNode json = askOffline("--budget", "50", "--docs", "samples", "When did Halley's Comet last pass?");
        assertThat(json.path("context").path("tokens").asInt()).isBetween(1, 50);
    }
}
