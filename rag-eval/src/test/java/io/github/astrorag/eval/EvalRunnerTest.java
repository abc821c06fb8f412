package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalRunnerTest {

    @TempDir
    Path dir;

    private static EvalSettings settings(boolean reuse) {
        return new EvalSettings(1800, "hashing", new HashingEmbedder(), 42, true, reuse);
    }

    /** A corpus of two files in a folder (one in a subfolder) and two questions over it, written here. */
    private Path corpusFixture() throws Exception {
        Path corpus = dir.resolve("books");
        Files.createDirectories(corpus.resolve("part2"));
        Files.writeString(corpus.resolve("001.txt"), "The lighthouse of Keswin was built in 1871 by the engineer Ada Morrow.");
        Files.writeString(corpus.resolve("part2/002.md"), "# Tides\n\nThe tides at Keswin rise eleven metres at spring tide.");
        Path data = dir.resolve("questions.jsonl");
        Files.writeString(data, String.join("\n",
                "{\"id\": \"q1\", \"type\": \"extractive\", \"question\": \"Who built the lighthouse of Keswin?\", "
                        + "\"answers\": [\"Ada Morrow\"], \"corpus\": \"books\", \"supporting\": [\"001\"]}",
                "",
                "{\"id\": \"q2\", \"type\": \"extractive\", \"question\": \"How high do the tides at Keswin rise?\", "
                        + "\"answers\": [\"eleven metres\"], \"corpus\": \"books\", \"supporting\": [\"002\"]}"));
        return data;
    }

    @Test
    void corpusDocumentsAreNamedByFileNameWithoutExtension() throws Exception {
        List<EvalInstance> instances = EvalDataset.read(corpusFixture(), 0);
        assertThat(instances).hasSize(2);
        assertThat(instances.get(0).corpus()).isEqualTo(dir.resolve("books").toAbsolutePath().normalize());
        assertThat(EvalDataset.loadCorpus(instances.get(0).corpus())).extracting(Document::id).containsExactly("001", "002");
        assertThat(EvalDataset.corpusId("sub/000.txt")).isEqualTo("000");
    }

    @Test
    void reusingTheCorpusIndexBuildsItOncePerPipelineAndScoresTheSame() throws Exception {
        List<EvalInstance> instances = EvalDataset.read(corpusFixture(), 0);
        List<String> progress = new ArrayList<>();
        PipelineRun shared = new EvalRunner(settings(true), PipelineRegistry.defaults())
                .run(instances, List.of("naive"), (row, id) -> progress.add(row + "/" + id)).get(0);
        PipelineRun own = new EvalRunner(settings(false), PipelineRegistry.defaults())
                .run(instances, List.of("naive"), EvalRunner.Progress.NONE).get(0);
        assertThat(progress).containsExactly("naive/q1", "naive/q2");
        assertThat(shared.sharedIndexes()).isEqualTo(1);
        assertThat(own.sharedIndexes()).isZero();
        assertThat(shared.results()).allSatisfy(r -> assertThat(r.ingestMillis()).isZero());
        assertThat(own.results()).allSatisfy(r -> assertThat(r.ingestMillis()).isPositive());
        for (int i = 0; i < 2; i++) {
            Map<String, Double> a = shared.results().get(i).scores();
            assertThat(a).isEqualTo(own.results().get(i).scores());
            // both files fit the budget: the supporting one is always in the context
            assertThat(a).containsEntry(MetricNames.SUPPORT_RECALL, 1.0).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1.0);
        }
        // no multiple choice: no baseline rows
        assertThat(new EvalRunner(settings(true), PipelineRegistry.defaults()).steps(instances, List.of("naive"))).isEqualTo(2);
    }

    /**
     * Both files (one chunk each) hold "Keswin", so the dense top 20 over the whole corpus is both chunks; BM25's first
     * chunk for each question is its supporting file's. So one chunk kept is half of that top, two are all of it,
     * with the corpus index shared or not.
     */
    @Test
    void prefilterRecallIsTheShareOfTheWholeDenseTopTheFirstPassKept() throws Exception {
        List<EvalInstance> instances = EvalDataset.read(corpusFixture(), 0);
        for (boolean reuse : new boolean[] {true, false}) {
            for (int n : new int[] {1, 2}) {
                EvalSettings settings = new EvalSettings(1800, "hashing", new HashingEmbedder(), 42, true, reuse, n);
                PipelineRun run = new EvalRunner(settings, PipelineRegistry.defaults())
                        .run(instances, List.of("naive"), EvalRunner.Progress.NONE).get(0);
                assertThat(run.config()).containsEntry("prefilter", n);
                assertThat(run.results()).allSatisfy(r -> {
                    assertThat(r.failed()).as(r.error()).isFalse();
                    assertThat(r.scores()).containsEntry(MetricNames.PREFILTER_RECALL, n == 1 ? 0.5 : 1.0)
                            .containsEntry(MetricNames.SUPPORT_RECALL, 1.0);
                    assertThat(r.stageMillis()).containsKey("prefilter");
                });
            }
        }
    }

    @Test
    void aFailingInstanceIsCountedNotFatal() throws Exception {
        Path data = dir.resolve("bad.jsonl");
        Files.writeString(data, String.join("\n",
                "{\"id\": \"empty\", \"type\": \"extractive\", \"question\": \"Anything?\", \"answers\": [\"x\"], "
                        + "\"documents\": [{\"id\": \"blank\", \"title\": \"blank\", \"text\": \"   \"}]}",
                "{\"id\": \"fine\", \"type\": \"extractive\", \"question\": \"What is red?\", \"answers\": [\"the apple\"], "
                        + "\"documents\": [{\"id\": \"d\", \"title\": \"d\", \"text\": \"The apple is red.\"}]}"));
        List<EvalInstance> instances = EvalDataset.read(data, 0);
        PipelineRun run = new EvalRunner(settings(false), PipelineRegistry.defaults())
                .run(instances, List.of("naive"), EvalRunner.Progress.NONE).get(0);
        assertThat(run.results().get(0).failed()).isTrue();
        assertThat(run.results().get(0).error()).contains("no text");
        assertThat(run.results().get(1).failed()).isFalse();
        PipelineSummary summary = PipelineSummary.of(run, new Bootstrap(1));
        assertThat(summary.metrics()).containsEntry(MetricNames.INSTANCES, 2.0).containsEntry(MetricNames.FAILURES, 1.0)
                .containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1.0);
        assertThat(summary.counts()).containsEntry(MetricNames.ANSWER_IN_CONTEXT, 1);
        assertThat(summary.failures()).containsOnlyKeys("empty");
        RunInfo info = new RunInfo("astrorag eval", "bad.jsonl", 2, RunInfo.typesOf(instances), settings(false), List.of(), 0.1);
        assertThat(ReportWriter.markdown(info, List.of(summary))).contains("## Failures", "`empty`", "| pipeline | instances |",
                "## Pipelines", "- **naive**: ");
        assertThat(ReportWriter.table(List.of(summary))).startsWith("pipeline ");
        @SuppressWarnings("unchecked")
        List<java.util.Map<String, Object>> rows = (List<java.util.Map<String, Object>>) ReportWriter.json(info, List.of(summary))
                .get("results");
        assertThat(rows.get(0)).containsEntry("pipeline", "naive").doesNotContainKey("selector");
    }

    /** The three-instance fixture (a multi-hop, a single-select and a judgment question, documents inline). */
    static Path fixture() throws java.net.URISyntaxException {
        return Path.of(java.util.Objects.requireNonNull(EvalRunnerTest.class.getResource("/eval/tiny.jsonl")).toURI());
    }

    @Test
    void limitAndSeededSample() throws Exception {
        Path data = fixture();
        assertThat(EvalDataset.read(data, 2)).extracting(EvalInstance::id).containsExactly("tiny-hop", "tiny-mcq");
        List<EvalInstance> all = EvalDataset.read(data, 0);
        List<EvalInstance> a = EvalDataset.sample(all, 2, 5);
        assertThat(a).hasSize(2).isEqualTo(EvalDataset.sample(all, 2, 5));
        assertThat(all).containsSubsequence(a);
        assertThat(EvalDataset.sample(all, 10, 5)).isEqualTo(all);
        assertThat(EvalDataset.fold(all, 0, 2)).extracting(EvalInstance::id).containsExactly("tiny-hop", "tiny-judgment");
        assertThat(EvalDataset.fold(all, 1, 2)).extracting(EvalInstance::id).containsExactly("tiny-mcq");
        assertThat(EvalDataset.fold(all, 2, 3)).extracting(EvalInstance::id).containsExactly("tiny-judgment");
        assertThatThrownBy(() -> EvalDataset.fold(all, 2, 2)).hasMessageContaining("the fold must be in [0, 2), was 2");
        assertThatThrownBy(() -> EvalDataset.fold(all, 0, 1)).hasMessageContaining("at least 2 folds");
    }

    @Test
    void judgmentBecomesTrueFalseOptions() throws Exception {
        EvalInstance judgment = EvalDataset.read(fixture(), 0).get(2);
        assertThat(judgment.multipleChoice()).isTrue();
        assertThat(judgment.query().options()).isEqualTo(Map.of("A", "True", "B", "False"));
        assertThat(judgment.goldLetters()).isEqualTo("B");
    }
}
