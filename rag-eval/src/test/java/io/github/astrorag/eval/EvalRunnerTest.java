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
        List<EvalQuestion> instances = EvalDataset.read(corpusFixture(), 0);
        assertThat(instances).hasSize(2);
        assertThat(instances.get(0).corpus()).isEqualTo(dir.resolve("books").toAbsolutePath().normalize());
        assertThat(EvalDataset.loadCorpus(instances.get(0).corpus())).extracting(Document::id).containsExactly("001", "002");
        assertThat(EvalDataset.corpusId("sub/000.txt")).isEqualTo("000");
    }

    @Test
    void reusingTheCorpusIndexBuildsItOncePerPipelineAndScoresTheSame() throws Exception {
        List<EvalQuestion> instances = EvalDataset.read(corpusFixture(), 0);
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
        List<EvalQuestion> instances = EvalDataset.read(corpusFixture(), 0);
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
        List<EvalQuestion> instances = EvalDataset.read(data, 0);
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
        assertThat(EvalDataset.read(data, 2)).extracting(EvalQuestion::id).containsExactly("tiny-hop", "tiny-mcq");
        List<EvalQuestion> all = EvalDataset.read(data, 0);
        List<EvalQuestion> a = EvalDataset.sample(all, 2, 5);
        assertThat(a).hasSize(2).isEqualTo(EvalDataset.sample(all, 2, 5));
        assertThat(all).containsSubsequence(a);
        assertThat(EvalDataset.sample(all, 10, 5)).isEqualTo(all);
        assertThat(EvalDataset.fold(all, 0, 2)).extracting(EvalQuestion::id).containsExactly("tiny-hop", "tiny-judgment");
        assertThat(EvalDataset.fold(all, 1, 2)).extracting(EvalQuestion::id).containsExactly("tiny-mcq");
        assertThat(EvalDataset.fold(all, 2, 3)).extracting(EvalQuestion::id).containsExactly("tiny-judgment");
        assertThatThrownBy(() -> EvalDataset.fold(all, 2, 2)).hasMessageContaining("the fold must be in [0, 2), was 2");
        assertThatThrownBy(() -> EvalDataset.fold(all, 0, 1)).hasMessageContaining("at least 2 folds");
    }

    @Test
    void judgmentBecomesTrueFalseOptions() throws Exception {
        EvalQuestion judgment = EvalDataset.read(fixture(), 0).get(2);
        assertThat(judgment.multipleChoice()).isTrue();
        assertThat(judgment.query().options()).isEqualTo(Map.of("A", "True", "B", "False"));
        assertThat(judgment.goldLetters()).isEqualTo("B");
    }

    /** Three corpus folders of one file each and a question over each, written here. */
    private Path threeCorpora() throws Exception {
        for (String c : List.of("alpha", "beta", "gamma")) {
            Files.createDirectories(dir.resolve("articles").resolve(c));
            Files.writeString(dir.resolve("articles").resolve(c).resolve("000.txt"), "The " + c + " lighthouse was built in 1871.");
        }
        Path data = dir.resolve("three.jsonl");
        Files.writeString(data, String.join("\n",
                "{\"id\": \"a\", \"type\": \"extractive\", \"question\": \"When was the alpha lighthouse built?\", "
                        + "\"answers\": [\"1871\"], \"corpus\": \"articles/alpha\", \"supporting\": [\"000\"]}",
                "{\"id\": \"b\", \"type\": \"extractive\", \"question\": \"When was the beta lighthouse built?\", "
                        + "\"answers\": [\"1871\"], \"corpus\": \"articles/beta\", \"supporting\": [\"000\"]}",
                "{\"id\": \"c\", \"type\": \"extractive\", \"question\": \"When was the gamma lighthouse built?\", "
                        + "\"answers\": [\"1871\"], \"corpus\": \"articles/gamma\", \"supporting\": [\"000\"]}"));
        return data;
    }

    @Test
    void offCorpusQuestionsAreAskedOverAnotherCorpusChosenWithTheSeed() throws Exception {
        List<EvalQuestion> instances = EvalDataset.read(threeCorpora(), 0);
        for (long seed = 0; seed < 20; seed++) {
            List<EvalQuestion> off = EvalDataset.offCorpus(instances, seed);
            assertThat(off).isEqualTo(EvalDataset.offCorpus(instances, seed));
            assertThat(off).extracting(EvalQuestion::id).containsExactly("a/off-corpus", "b/off-corpus", "c/off-corpus");
            for (int i = 0; i < 3; i++) {
                EvalQuestion o = off.get(i);
                assertThat(o.type()).isEqualTo(EvalQuestion.OFF_CORPUS);
                assertThat(o.expectsAbstention()).isTrue();
                assertThat(o.question()).isEqualTo(instances.get(i).question());
                assertThat(o.answers()).isEmpty();
                assertThat(o.supporting()).isEmpty();
                assertThat(o.corpus()).isNotNull().isNotEqualTo(instances.get(i).corpus()).isIn(instances.stream().map(EvalQuestion::corpus).toList());
            }
        }
        // the seed matters: both other folders are drawn for some seed
        assertThat(java.util.stream.LongStream.range(0, 20).mapToObj(seed -> EvalDataset.offCorpus(instances, seed).get(0).corpus()).distinct())
                .hasSize(2);
        assertThatThrownBy(() -> EvalDataset.offCorpus(instances.subList(0, 1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another corpus folder");
    }

    @Test
    void offCorpusQuestionsWithTheirOwnDocumentsTakeAnotherInstancesDocuments() throws Exception {
        List<EvalQuestion> tiny = EvalDataset.read(fixture(), 0);
        for (long seed = 0; seed < 10; seed++) {
            List<EvalQuestion> off = EvalDataset.offCorpus(tiny, seed);
            // the multiple-choice and the judgment question share the document Zorbu: each must take the multi-hop's
            assertThat(off.get(1).documents()).isEqualTo(tiny.get(0).documents());
            assertThat(off.get(2).documents()).isEqualTo(tiny.get(0).documents());
            assertThat(off.get(0).documents()).isEqualTo(tiny.get(1).documents());
            assertThat(off).allSatisfy(o -> {
                assertThat(o.multipleChoice()).isFalse();
                assertThat(o.options()).isEmpty();
                assertThat(o.corpus()).isNull();
            });
        }
        assertThatThrownBy(() -> EvalDataset.offCorpus(tiny.subList(1, 3), 1)).hasMessageContaining("documents are all different");
    }

    @Test
    void severalFilesAreReadOneAfterTheOtherWithDistinctIds() throws Exception {
        Path three = threeCorpora();
        assertThat(EvalDataset.read(List.of(three, fixture()), 2)).extracting(EvalQuestion::id)
                .containsExactly("a", "b", "tiny-hop", "tiny-mcq");
        assertThatThrownBy(() -> EvalDataset.read(List.of(three, three), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("instance id 'a'").hasMessageContaining("twice");
    }

    /**
     * A generator that reports a support score (when the context names the question's lighthouse: 1 for alpha, 0.8
     * for the others; else 0.2) and abstains below 0.5, as the extractive generator's contract says.
     */
    private static final class SupportGenerator implements io.github.astrorag.core.spi.Generator {
        @Override
        public io.github.astrorag.core.model.Answer generate(io.github.astrorag.core.model.Query query,
                                                            io.github.astrorag.core.model.Context context,
                                                            io.github.astrorag.core.spi.TraceSink trace) {
            String[] words = query.text().split(" ");
            String name = words[java.util.Arrays.asList(words).indexOf("lighthouse") - 1];
            double support = !context.text().contains(name) ? 0.2 : name.equals("alpha") ? 1.0 : 0.8;
            trace.put("support", support);
            trace.put("abstained", support < 0.5);
            return support < 0.5 ? io.github.astrorag.core.model.Answer.abstention(query.text(),
                    io.github.astrorag.core.model.Answer.NOT_ANSWERED, context)
                    : new io.github.astrorag.core.model.Answer(query.text(), "It was built in 1871. Long ago.", List.of(), null,
                    context, io.github.astrorag.core.model.Trace.EMPTY);
        }

        @Override
        public Map<String, Object> describe() {
            return Map.of("name", "support-test");
        }
    }

    /**
     * Answerable a, b, c (support 1, 0.8, 0.8, context holds the answer), and off-corpus copies over a corpus naming
     * another lighthouse: support 0.2, abstained. Abstain iff support < t: t = 0.2 abstains on nothing, 0.8 on the three
     * copies, 1 also on b and c (false abstention 2/3), ∞ on all. Either fold chooses 0.8: fold 0 = a, c, b/off (1 would
     * abstain on c), fold 1 = b, a/off, c/off (∞ on b).
     */
    @Test
    void aMixedRunHasPerTypeMetricsAndTheAbstentionCurve() throws Exception {
        List<EvalQuestion> answerable = EvalDataset.read(threeCorpora(), 0);
        List<EvalQuestion> instances = new ArrayList<>(answerable);
        instances.addAll(EvalDataset.offCorpus(answerable, 3));
        PipelineRegistry registry = PipelineRegistry.empty().with("support", "the support test generator",
                s -> io.github.astrorag.core.pipeline.RagPipeline.builder().embedder(s.embedder()).budget(s.budget())
                        .generator(new SupportGenerator()).build());
        PipelineRun run = new EvalRunner(settings(true), registry).run(instances, List.of("support"), EvalRunner.Progress.NONE).get(0);
        PipelineSummary summary = PipelineSummary.of(run, new Bootstrap(1));
        assertThat(summary.byType()).containsOnlyKeys("extractive", EvalQuestion.OFF_CORPUS);
        PipelineSummary extractive = summary.byType().get("extractive");
        assertThat(extractive.metrics()).containsEntry(MetricNames.INSTANCES, 3.0).containsEntry(MetricNames.ANSWER_HAS_GOLD, 1.0)
                .containsEntry(MetricNames.ANSWER_SENTENCES, 2.0).containsEntry(MetricNames.ABSTAINED, 0.0)
                .containsEntry(MetricNames.FALSE_ABSTENTION, 0.0).doesNotContainKey(MetricNames.CORRECT_ABSTENTION);
        PipelineSummary off = summary.byType().get(EvalQuestion.OFF_CORPUS);
        assertThat(off.metrics()).containsEntry(MetricNames.INSTANCES, 3.0).containsEntry(MetricNames.CORRECT_ABSTENTION, 1.0)
                .containsEntry(MetricNames.ABSTAINED, 1.0).doesNotContainKeys(MetricNames.ANSWER_HAS_GOLD, MetricNames.FALSE_ABSTENTION,
                        MetricNames.ANSWER_SENTENCES);
        assertThat(summary.metrics()).containsEntry(MetricNames.ABSTAINED, 0.5).containsEntry(MetricNames.INSTANCES, 6.0);
        assertThat(summary.counts()).containsEntry(MetricNames.ABSTAINED, 6).containsEntry(MetricNames.CORRECT_ABSTENTION, 3);

        AbstentionCurve curve = summary.abstention();
        assertThat(curve).isNotNull();
        assertThat(curve.points()).extracting(AbstentionCurve.Point::threshold).containsExactly(0.2, 0.8, 1.0, Double.POSITIVE_INFINITY);
        assertThat(curve.points().get(2).falseAbstention()).isCloseTo(2.0 / 3, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(curve.points().get(1).correctAbstention()).containsEntry(EvalQuestion.OFF_CORPUS, 1.0);
        assertThat(curve.atMost(0.05).threshold()).isEqualTo(0.8);
        assertThat(summary.crossValidation()).isNotNull();
        assertThat(summary.crossValidation().folds()).extracting(AbstentionCurve.Fold::threshold).containsExactly(0.8, 0.8);
        assertThat(summary.crossValidation().falseAbstention()).isZero();
        assertThat(summary.crossValidation().correctAbstention()).containsEntry(EvalQuestion.OFF_CORPUS, 1.0);

        RunInfo info = new RunInfo("astrorag eval", "a/three.jsonl + b/off.jsonl", instances.size(), RunInfo.typesOf(instances),
                settings(true), List.of(), 0.1);
        String md = ReportWriter.markdown(info, List.of(summary));
        assertThat(md).contains("### By type", "| support / extractive | 3 | 0 |", "| support / off-corpus | 3 | 0 |",
                "## Abstention trade-off", "| t | false abstention | correct abstention (off-corpus) |", "| 0.2000 | 0.000 | 0.000 |",
                "| 0.8000 * | 0.000 | 1.000 |", "| 1.000 | 0.667 | 1.000 |", "| ∞ | 1.000 | 1.000 |", "2-fold cross-validation", "| pooled |", "abstention.png");
        String table = ReportWriter.table(List.of(summary));
        assertThat(table).contains("By type:", "support / off-corpus", "Abstention trade-off of support", "at t = 0.8000",
                "2-fold cross-validated", "(off-corpus)");
        assertThat(ReportWriter.datasetName(info)).isEqualTo("three.jsonl + off.jsonl");
        @SuppressWarnings("unchecked")
        Map<String, Object> row = ((List<Map<String, Object>>) ReportWriter.json(info, List.of(summary)).get("results")).get(0);
        assertThat(row).containsKeys("metrics_by_type", "abstention");
        @SuppressWarnings("unchecked")
        Map<String, Object> abstention = (Map<String, Object>) row.get("abstention");
        assertThat((List<?>) abstention.get("curve")).hasSize(4);
        assertThat(abstention).containsKeys("at_max_false_abstention", "cross_validation");

        ReportWriter.write(dir.resolve("out"), info, List.of(summary));
        assertThat(dir.resolve("out").resolve(ReportWriter.ABSTENTION_CHART)).isNotEmptyFile();
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("out").resolve(ReportWriter.JSON).toFile());
        assertThat(json.at("/results/0/metrics_by_type/off-corpus/metrics/correct_abstention").asDouble()).isEqualTo(1.0);
        assertThat(json.at("/results/0/abstention/curve/3/threshold").isNull()).isTrue();
        assertThat(json.at("/results/0/abstention/cross_validation/folds/0/chosen_on_fold").asInt()).isZero();
    }
}
