package io.github.astrorag.cli;

import io.github.astrorag.eval.ReportWriter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** End to end: the command on a three-instance fixture (documents inline) with the hashing embedder. */
class EvalCommandTest {

    @TempDir
    Path dir;

    static Path fixture() throws URISyntaxException {
        return Path.of(Objects.requireNonNull(EvalCommandTest.class.getResource("/eval/tiny.jsonl")).toURI());
    }

    private record Run(int exit, String out, String err) {
    }

    private static Run execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new EvalCommand()).setCaseInsensitiveEnumValuesAllowed(true); // as AstroRagCommand
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void writesResultsReportAndChart() throws Exception {
        Path out = dir.resolve("out");
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", out.toString(), "--no-progress", "--seed", "7");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("pipeline", "naive", "chance", "no-retrieval", "mc_accuracy");

        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertThat(root.at("/run/instances").asInt()).isEqualTo(3);
        assertThat(root.at("/run/command").asText()).startsWith("astrorag eval --data ").endsWith("--seed 7");
        assertThat(root.at("/run/types/judgment").asInt()).isEqualTo(1);
        JsonNode results = root.get("results");
        assertThat(results).hasSize(3);

        JsonNode naive = results.get(0);
        assertThat(naive.get("pipeline").asText()).isEqualTo("naive");
        assertThat(naive.has("selector")).isFalse();
        JsonNode m = naive.get("metrics");
        assertThat(m.get("instances").asInt()).isEqualTo(3);
        assertThat(m.get("failures").asInt()).isZero();
        // the whole fixture fits in 1800 tokens: both supporting documents and the answer are in the context
        assertThat(m.get("full_support").asDouble()).isEqualTo(1.0);
        assertThat(m.get("support_recall").asDouble()).isEqualTo(1.0);
        assertThat(m.get("answer_in_context").asDouble()).isEqualTo(1.0);
        assertThat(m.get("recall_at_10").asDouble()).isEqualTo(1.0);
        assertThat(m.get("span_answer_in_context").asDouble()).isEqualTo(1.0);
        // the third document of the multi-hop question is in its context too: some tokens are no evidence
        assertThat(m.get("support_precision").asDouble()).isStrictlyBetween(0.5, 1.0);
        // 3 documents for the multi-hop question, 1 for each of the other two
        assertThat(m.get("documents_in_context").asDouble()).isCloseTo(5.0 / 3, within(1e-12));
        assertThat(naive.at("/counts/documents_in_context").asInt()).isEqualTo(3);
        assertThat(naive.at("/counts/full_support").asInt()).isEqualTo(1);
        assertThat(naive.at("/counts/mc_accuracy").asInt()).isEqualTo(2);
        assertThat(m.get("mc_accuracy").asDouble()).isIn(0.0, 0.5, 1.0);
        assertThat(m.get("rouge_l").asDouble()).isBetween(0.0, 1.0);
        assertThat(m.get("latency_p50_ms").asDouble()).isPositive();
        assertThat(m.get("latency_p95_ms").asDouble()).isGreaterThanOrEqualTo(m.get("latency_p50_ms").asDouble());
        assertThat(m.has("stage_retrieve_ms_mean")).isTrue();
        assertThat(m.has("stage_generate_ms_mean")).isTrue();
        assertThat(m.get("context_tokens_mean").asDouble()).isBetween(1.0, 1800.0);
        assertThat(naive.at("/config/budget").asInt()).isEqualTo(1800);
        assertThat(naive.at("/config/model").asText()).isEqualTo("hashing");
        assertThat(naive.at("/config/pipeline/selector/name").asText()).isEqualTo("token-budget");
        assertThat(naive.at("/ci95/full_support/0").asDouble()).isEqualTo(1.0);

        JsonNode chance = results.get(1);
        assertThat(chance.get("pipeline").asText()).isEqualTo("chance");
        // one question of 3 options, one true/false: (1/3 + 1/2) / 2
        assertThat(chance.at("/metrics/mc_accuracy").asDouble()).isCloseTo((1.0 / 3 + 1.0 / 2) / 2, within(1e-12));
        assertThat(chance.at("/metrics/instances").asInt()).isEqualTo(2);
        assertThat(chance.at("/metrics").has("full_support")).isFalse();
        assertThat(results.get(2).get("pipeline").asText()).isEqualTo("no-retrieval");
        assertThat(results.get(2).at("/metrics/mc_accuracy").asDouble()).isIn(0.0, 0.5, 1.0);

        List<String> lines = Files.readAllLines(out.resolve(ReportWriter.INSTANCES));
        // naive answers all 3 instances; the two baselines each of the 2 multiple-choice ones
        assertThat(lines).hasSize(3 + 2 + 2);
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertThat(first.get("pipeline").asText()).isEqualTo("naive");
        assertThat(first.get("context")).isNotEmpty();
        assertThat(first.get("context").get(0).asText()).contains("#");
        assertThat(first.get("answer").asText()).isNotBlank();
        assertThat(first.at("/scores/context_tokens").asDouble()).isPositive();

        String md = Files.readString(out.resolve(ReportWriter.MARKDOWN));
        assertThat(md).contains("astrorag eval --data", "tiny.jsonl", "| pipeline | instances | failures |", "| naive | 3 | 0 |", "| chance |", "hashing",
                "1800", "multi-hop 1, mcq-single 1, judgment 1", "report.png",
                "span_answer_in_context counts the 1 of 1 questions of answer_in_context whose gold answer is a span", "| 1.67 [");
        byte[] png = Files.readAllBytes(out.resolve(ReportWriter.CHART));
        assertThat(png.length).isGreaterThan(1000);
        assertThat(new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    @Test
    void noGenerateScoresContextsOnly() throws Exception {
        Path out = dir.resolve("ctx");
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", out.toString(), "--no-progress", "--no-generate",
                "--budget", "25");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        JsonNode m = root.at("/results/0/metrics");
        assertThat(m.has("support_recall")).isTrue();
        assertThat(m.has("rouge_l")).isFalse();
        assertThat(m.has("mc_accuracy")).isFalse();
        assertThat(m.get("context_tokens_mean").asDouble()).isLessThanOrEqualTo(25.0);
        // only the chance baseline: no-retrieval would need generation
        assertThat(root.get("results")).hasSize(2);
        assertThat(root.at("/results/1/pipeline").asText()).isEqualTo("chance");
        assertThat(Files.readString(out.resolve(ReportWriter.MARKDOWN))).contains("--no-generate");
    }

    @picocli.CommandLine.Command(name = "astrorag", subcommands = EvalCommand.class)
    static final class Root implements Runnable {
        @Override
        public void run() {
        }
    }

    @Test
    void recordsTheCommandLineAlsoAsASubcommand() throws Exception {
        Path out = dir.resolve("sub");
        CommandLine cl = new CommandLine(new Root());
        cl.setOut(new PrintWriter(new StringWriter()));
        int exit = cl.execute("eval", "--data", fixture().toString(), "--model", "hashing", "--out", out.toString(),
                "--no-progress", "--limit", "1");
        assertThat(exit).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertThat(root.at("/run/command").asText()).isEqualTo("astrorag eval --data " + fixture() + " --model hashing --out " + out
                + " --no-progress --limit 1");
        assertThat(root.at("/run/instances").asInt()).isEqualTo(1);
    }

    @Test
    void helpExplainsEveryOption() {
        Run run = execute("--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("--data", "--limit", "--sample", "--seed", "--pipelines", "--budget", "--model",
                "--out", "--reuse-corpus-index", "--no-generate", "--off-corpus", "--keep-originals", "naive", "rrf",
                "weighted:bm25-weight=0.4", "hashing", "SQuAD and AstroQA", "--retriever", "--reranker", "--selector",
                "--index", "--es-analysis")
                .doesNotContain("--selectors", "hybrid");
    }

    @Test
    void elasticsearchOptionsNeedTheElasticsearchIndex() throws Exception {
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.toString(), "--es-analysis", "terms");
        assertThat(run.exit()).isNotZero();
        assertThat(run.err()).contains("--es-* options need --index elasticsearch");
        Run unknown = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.toString(),
                "--index", "elasticsearch", "--es-url", "http://127.0.0.1:9", "--es-analysis", "icu");
        assertThat(unknown.err()).contains("--es-analysis: unknown text analysis 'icu': use standard, language or terms");
        assertThat(dir.resolve(ReportWriter.JSON)).doesNotExist();
    }

    @Test
    void tokenizerIsEveryPipelinesCounterAndInTheResults() throws Exception {
        Path out = dir.resolve("o200k");
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", out.toString(), "--no-progress",
                "--no-generate", "--limit", "1", "--pipelines", "naive,default", "--tokenizer", "o200k_base", "--budget", "300");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        for (int i = 0; i < 2; i++) {
            JsonNode config = root.at("/results/" + i + "/config");
            assertThat(config.at("/tokenizer").asText()).isEqualTo("o200k_base");
            assertThat(config.at("/pipeline/tokenizer").asText()).isEqualTo("o200k_base");
            assertThat(config.toString()).doesNotContain("p50k_base");
        }
    }

    @Test
    void languageDetectorByNameForEveryPipeline() throws Exception {
        Path data = Path.of(Objects.requireNonNull(EvalCommandTest.class.getResource("/eval/languages.jsonl")).toURI());
        Path out = dir.resolve("detector");
        Run run = execute("--data", data.toString(), "--model", "hashing", "--out", out.toString(), "--no-progress",
                "--no-generate", "--pipelines", "naive,bm25", "--language-detector", "opennlp:candidates=en+de");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        for (int i = 0; i < 2; i++) {
            JsonNode detector = root.at("/results/" + i + "/config/pipeline/languageDetector");
            assertThat(detector.at("/name").asText()).isEqualTo("opennlp");
            assertThat(detector.at("/candidates").toString()).isEqualTo("[\"de\",\"en\"]");
        }
    }

    @Test
    void answersOfEachLanguageAreMatchedAsMlqaScoresThemAndReportedPerLanguage() throws Exception {
        Path data = Path.of(Objects.requireNonNull(EvalCommandTest.class.getResource("/eval/languages.jsonl")).toURI());
        Path out = dir.resolve("languages");
        Run run = execute("--data", data.toString(), "--model", "hashing", "--out", out.toString(), "--no-progress",
                "--no-generate", "--pipelines", "naive");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("By language:", "naive / zh", "naive / ar");
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        // each whole document fits in the budget: every gold answer is in its context, "136 次" in "...土星136次，..."
        // and "٣٨٤ ألف كم" before an Arabic comma among them (SQuAD's matching finds neither)
        assertThat(root.at("/results/0/metrics/answer_in_context").asDouble()).isEqualTo(1.0);
        assertThat(root.at("/results/0/metrics_by_language/zh/metrics/answer_in_context").asDouble()).isEqualTo(1.0);
        assertThat(root.at("/results/0/metrics_by_language/zh/counts/answer_in_context").asInt()).isEqualTo(2);
        assertThat(root.at("/results/0/metrics_by_language/ar/counts/answer_in_context").asInt()).isEqualTo(1);
        // the English instance names no language: it is in no language's row
        assertThat(root.at("/results/0/metrics_by_language").size()).isEqualTo(2);
        assertThat(root.at("/results/0/metrics/instances").asInt()).isEqualTo(4);
    }

    @Test
    void unknownPipelineFailsNamingTheKnownOnes() throws Exception {
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.toString(), "--pipelines", "naive,nope");
        assertThat(run.exit()).isNotZero();
        assertThat(run.err()).contains("unknown pipeline 'nope'", "naive", "rrf");
        assertThat(dir.resolve(ReportWriter.JSON)).doesNotExist();
    }

    @Test
    void theFormerOptionNameSelectorsStillNamesThePipelines() throws Exception {
        Path out = dir.resolve("old");
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", out.toString(), "--no-progress",
                "--no-generate", "--limit", "1", "--selectors", "bm25,rrf");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertThat(root.at("/results/0/pipeline").asText()).isEqualTo("bm25");
        assertThat(root.at("/results/1/pipeline").asText()).isEqualTo("rrf");
        assertThat(root.at("/results/1/config/pipeline/retriever/fusion").asText()).isEqualTo("rrf");

        Run both = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.resolve("both").toString(),
                "--pipelines", "naive", "--selectors", "bm25");
        assertThat(both.exit()).isNotZero();
        assertThat(both.err()).contains("--pipelines or its former name --selectors, not both");
    }

    @Test
    void twoDataFilesRunAsOneSetWithPerTypeTablesAndAbstentionMetrics() throws Exception {
        Path unanswerable = dir.resolve("unanswerable.jsonl");
        Files.writeString(unanswerable, "{\"id\": \"u1\", \"type\": \"unanswerable\", \"question\": \"Which river flows through "
                + "Gravon?\", \"answers\": [], \"plausible_answers\": [\"Tesk\"], \"documents\": [{\"id\": \"Gravon\", \"title\": "
                + "\"Gravon\", \"text\": \"Gravon is a mountain village. The river Tesk is far from it.\"}]}\n");
        Path out = dir.resolve("mixed");
        Run run = execute("--data", fixture().toString(), "--data", unanswerable.toString(), "--model", "hashing", "--out",
                out.toString(), "--no-progress");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("By type:", "naive / unanswerable", "naive / multi-hop", "correct_abstention", "answer_has_gold");
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertThat(root.at("/run/instances").asInt()).isEqualTo(4);
        assertThat(root.at("/run/dataset").asText()).isEqualTo(fixture() + " + " + unanswerable);
        JsonNode naive = root.at("/results/0");
        // one unanswerable question: abstained or not, the rate is 0 or 1 over one instance
        assertThat(naive.at("/metrics_by_type/unanswerable/metrics/correct_abstention").asDouble()).isIn(0.0, 1.0);
        assertThat(naive.at("/metrics_by_type/unanswerable/counts/correct_abstention").asInt()).isEqualTo(1);
        assertThat(naive.at("/metrics_by_type/multi-hop/counts/answer_has_gold").asInt()).isEqualTo(1);
        // abstained: over every generated answer, the multiple-choice ones included
        assertThat(naive.at("/counts/abstained").asInt()).isEqualTo(4);
        // answer_sentences counts the answers that are no abstention: none (the hashing embedder's weak support may
        // decline the open questions), or at least one sentence each
        JsonNode sentences = naive.at("/metrics/answer_sentences");
        assertThat(sentences.isMissingNode() || sentences.asDouble() >= 1).as(naive.toString()).isTrue();
        // the extractive answerer writes its support score into every open answer's trace: the run has a curve
        assertThat(naive.has("abstention")).as("a mixed run with support scores has the abstention curve").isTrue();
        String md = Files.readString(out.resolve(ReportWriter.MARKDOWN));
        assertThat(md).contains("### By type", "| naive / unanswerable | 1 | 0 |", "multi-hop 1, mcq-single 1, judgment 1, unanswerable 1");

        Run twice = execute("--data", fixture().toString(), "--data", fixture().toString(), "--model", "hashing", "--out",
                dir.resolve("twice").toString(), "--no-progress");
        assertThat(twice.exit()).isNotZero();
        assertThat(twice.err()).contains("instance id 'tiny-hop'", "twice");
    }

    @Test
    void offCorpusAsksEveryQuestionOverAnotherInstancesDocuments() throws Exception {
        Path out = dir.resolve("off");
        Run run = execute("--data", fixture().toString(), "--model", "hashing", "--out", out.toString(), "--no-progress",
                "--off-corpus", "7", "--keep-originals");
        assertThat(run.exit()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(out.resolve(ReportWriter.JSON).toFile());
        assertThat(root.at("/run/instances").asInt()).isEqualTo(6);
        assertThat(root.at("/run/types/off-corpus").asInt()).isEqualTo(3);
        assertThat(root.at("/results/0/metrics_by_type/off-corpus/counts/correct_abstention").asInt()).isEqualTo(3);
        assertThat(root.at("/run/notes").toString()).contains("--off-corpus 7", "--keep-originals");
        List<String> lines = Files.readAllLines(out.resolve(ReportWriter.INSTANCES));
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("\"id\":\"tiny-hop/off-corpus\"", "\"type\":\"off-corpus\""));

        Run only = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.resolve("only").toString(),
                "--no-progress", "--off-corpus", "7");
        assertThat(only.exit()).as(only.err()).isZero();
        JsonNode onlyRoot = new ObjectMapper().readTree(dir.resolve("only").resolve(ReportWriter.JSON).toFile());
        assertThat(onlyRoot.at("/run/types").size()).isEqualTo(1);
        // no multiple choice left: no baseline rows
        assertThat(onlyRoot.get("results")).hasSize(1);

        Run keep = execute("--data", fixture().toString(), "--model", "hashing", "--out", dir.resolve("keep").toString(), "--keep-originals");
        assertThat(keep.exit()).isNotZero();
        assertThat(keep.err()).contains("--keep-originals needs --off-corpus");
    }
}
