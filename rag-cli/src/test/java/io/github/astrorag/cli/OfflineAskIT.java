package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command answers with no network at all: each run is in a fresh network namespace
 * ({@code unshare -n}, which needs root, as CI has), so any attempt to download a model would fail.
 */
class OfflineAskIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");

    @BeforeAll
    static void needsUnshare() throws Exception {
        Process p = new ProcessBuilder("unshare", "-n", "true").redirectErrorStream(true).start();
        boolean ok = p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0; // takes milliseconds
        Assumptions.assumeTrue(ok, "unshare -n is not permitted here (it needs root); CI runs this test as root");
        assertThat(JAR).exists();
    }

    private static JsonNode askOffline(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("unshare", "-n",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString(), "ask", "--json"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
        assertThat(p.exitValue()).as(out).isZero();
        return new ObjectMapper().readTree(out);
    }

    @Test
    void astroragPresetRunsOfflineWithMmrPageRankAndMiniLm() throws Exception {
        JsonNode json = askOffline("--preset", "astrorag", "--docs", "../rag-examples/samples", "What resolving power does the spectrograph reach?");
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
        JsonNode json = askOffline("--docs", "../rag-examples/samples", "What resolving power does the spectrograph reach?");
        JsonNode first = json.path("citations").get(0);
        assertThat(first.path("source").asText()).isEqualTo("spectrograph-guide.pdf");
        assertThat(first.path("page").asInt()).isEqualTo(2);
        assertThat(json.path("trace").path("config").path("embedder").path("name").asText()).isEqualTo(PipelineFactory.DEFAULT_MODEL);
        assertThat(json.path("index").path("deleted").asBoolean()).isTrue();
    }

    @Test
    void chineseDocumentsAreReadWithTheChineseModelWhenNoModelIsNamed(@TempDir Path docs) throws Exception {
        Files.writeString(docs.resolve("moon.txt"), "月球是地球唯一的天然卫星。月球绕地球公转一周大约需要二十七天。月球表面布满了撞击坑。");
        Files.writeString(docs.resolve("mars.txt"), "火星是太阳系中的第四颗行星。火星表面呈红色，因为它的土壤中含有大量氧化铁。火星有两颗很小的卫星。");
        Files.writeString(docs.resolve("jupiter.txt"), "木星是太阳系中最大的行星。木星的大红斑是一场已经持续了几百年的风暴。");
        JsonNode json = askOffline("--docs", docs.toString(), "火星表面为什么是红色的？");
        assertThat(json.path("trace").path("config").path("embedder").path("name").asText())
                .isEqualTo("bge-small-zh-q");
        List<String> route = new ArrayList<>();
        json.path("trace").path("ingest").forEach(s -> {
            if (s.path("name").asText().equals("route")) {
                route.add(s.path("details").path("language").asText() + "/" + s.path("details").path("pipeline").asText());
            }
        });
        assertThat(route).containsExactly("zh/zh");
        assertThat(json.path("abstained").asBoolean()).isFalse();
        assertThat(json.path("answer").asText()).contains("氧化铁");
        assertThat(json.path("citations").get(0).path("source").asText()).isEqualTo("mars.txt");
    }

    @Test
    void theReadmeQuestionGetsOneSentenceWithOneCitation() throws Exception {
        JsonNode json = askOffline("--docs", "../rag-examples/samples", "What resolving power does the spectrograph reach?");
        String answer = json.path("answer").asText();
        assertThat(json.path("abstained").asBoolean()).isFalse();
        assertThat(json.path("citations")).hasSize(1);
        assertThat(answer).contains("5000").matches("[^\\[\\]]+ \\[\\d+\\]");
        assertThat(answer.substring(0, answer.lastIndexOf(" ["))).doesNotContainPattern("[.!?] \\p{Lu}");
        assertThat(json.path("citations").get(0).path("quote").asText()).contains("resolving power of 5000");
    }

    @Test
    void windSpeedOverATelescopeAndItsHistoryIsDeclined(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("telescope.md"), "# The Kestrel Telescope\n\nThe Kestrel telescope is a "
                + "1.2-metre reflector on a fork mount. Its primary mirror is made of low-expansion glass and is "
                + "re-aluminised every three years. The dome turns on twelve wheels and opens to the south.\n");
        Files.writeString(dir.resolve("history.md"), "# History of the Kestrel Observatory\n\nThe observatory "
                + "was founded by the astronomer Ada Marsh. The Kestrel telescope saw first light in March 1931. "
                + "A new spectrograph was added in 1978, and the old dome was replaced in 1995.\n");
        JsonNode declined = askOffline("--docs", dir.toString(), "What is the wind speed at the observatory?");
        assertThat(declined.path("abstained").asBoolean()).as(declined.toString()).isTrue();
        assertThat(declined.path("answer").asText()).isEqualTo("The documents do not answer this question.");
        assertThat(declined.path("citations")).isEmpty();
        assertThat(declined.path("closestPassage").path("support").asDouble()).isLessThan(ExtractiveGenerator.DEFAULT_MIN_SUPPORT);
        JsonNode answered = askOffline("--docs", dir.toString(), "When did the Kestrel telescope see first light?");
        assertThat(answered.path("abstained").asBoolean()).as(answered.toString()).isFalse();
        assertThat(answered.path("answer").asText()).contains("1931");
    }

    @Test
    void atBudget120TheDomeQuestionKeepsTheDomeSentenceOfTheCutChunk() throws Exception {
        // the handbook's chunk does not fit: the selector keeps its window about the dome, not its head
        JsonNode json = askOffline("--budget", "120", "--docs", "../rag-examples/samples", "How wide is the dome?");
        assertThat(json.path("abstained").asBoolean()).as(json.toString()).isFalse();
        assertThat(json.path("answer").asText()).contains("6.5 metres");
        assertThat(json.path("citations")).hasSize(1);
        assertThat(json.path("context").path("tokens").asInt()).isBetween(1, 120);
    }

    @Test
    void budgetFiftyOffline() throws Exception {
        JsonNode json = askOffline("--budget", "50", "--docs", "../rag-examples/samples", "When did Halley's Comet last pass?");
        assertThat(json.path("context").path("tokens").asInt()).isBetween(1, 50);
    }
}
