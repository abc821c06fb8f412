package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks the evaluator against the evaluation data files (see docs/evaluation.md), in the folder named by
 * {@code -Dastrorag.data=DIR} or else in the first {@code shared/data} folder found walking up from the working
 * directory: supporting ids name documents, answer keys
 * name options, and with an unbounded budget every supporting document reaches the context. Skipped when
 * the data is absent, unless {@code -Dastrorag.data.required=true}.
 */
class EvalDataIT {

    private static Path data;

    @BeforeAll
    static void locate() {
        data = locateData();
        if (data == null && Boolean.getBoolean("astrorag.data.required")) {
            throw new IllegalStateException("evaluation data files not found (see docs/evaluation.md): "
                    + "pass -Dastrorag.data=DIR");
        }
        assumeThat(data).as("evaluation data files (see docs/evaluation.md)").isNotNull();
    }

    static Path locateData() {
        String property = System.getProperty("astrorag.data");
        if (property != null) {
            return Files.isDirectory(Path.of(property)) ? Path.of(property) : null;
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared").resolve("data");
            if (Files.isRegularFile(candidate.resolve("hotpotqa-dev.jsonl"))) {
                return candidate;
            }
        }
        return null;
    }

    @Test
    void hotpotSupportingIdsNameDocumentsAndAllReachAnUnboundedContext() {
        List<EvalQuestion> all = EvalDataset.read(data.resolve("hotpotqa-dev.jsonl"), 0);
        assertThat(all).hasSize(250);
        for (EvalQuestion i : all) {
            Set<String> ids = i.documents().stream().map(Document::id).collect(Collectors.toSet());
            assertThat(ids).as(i.id()).containsAll(i.supporting());
            assertThat(i.supporting()).as(i.id()).hasSize(2);
        }
        EvalSettings unbounded = new EvalSettings(100_000, "hashing", new HashingEmbedder(), 42, false, false);
        PipelineRun run = new EvalRunner(unbounded, PipelineRegistry.defaults())
                .run(all.subList(0, 20), List.of("naive"), EvalRunner.Progress.NONE).get(0);
        PipelineSummary s = PipelineSummary.of(run, new Bootstrap(42));
        assertThat(s.metrics()).containsEntry(MetricNames.FAILURES, 0.0).containsEntry(MetricNames.FULL_SUPPORT, 1.0)
                .containsEntry(MetricNames.RECALL_10, 1.0);
    }

    @Test
    void squadSupportingIdsNameCorpusFiles() {
        List<EvalQuestion> first = EvalDataset.read(data.resolve("squad2-dev.jsonl"), 200);
        Map<Path, Set<String>> ids = new HashMap<>();
        for (EvalQuestion i : first) {
            Set<String> corpus = ids.computeIfAbsent(i.corpus(), c -> EvalDataset.loadCorpus(c).stream()
                    .map(Document::id).collect(Collectors.toSet()));
            assertThat(corpus).as(i.id()).containsAll(i.supporting());
            assertThat(i.supporting()).as(i.id()).isNotEmpty();
        }
    }

    @Test
    void astroqaKeysNameOptions() {
        List<EvalQuestion> all = EvalDataset.read(data.resolve("astroqa-dev.jsonl"), 0);
        assertThat(RunInfo.typesOf(all)).containsEntry("judgment", 317).containsEntry("mcq-multi", 157)
                .containsEntry("mcq-single", 1699).containsEntry("open", 554);
        assertThat(all).hasSize(2727);
        List<String> keyNamesAMissingOption = new java.util.ArrayList<>();
        for (EvalQuestion i : all) {
            if (i.multipleChoice()) {
                for (char c : i.goldLetters().toCharArray()) {
                    if (!i.effectiveOptions().containsKey(String.valueOf(c))) {
                        keyNamesAMissingOption.add(i.id());
                        break;
                    }
                }
            } else {
                assertThat(i.type()).isEqualTo("open");
                assertThat(i.answers()).as(i.id()).hasSize(1);
            }
        }
        // a defect of the data: key ACD, options A-C only; the instance can never be answered right
        assertThat(keyNamesAMissingOption).containsExactly("astroqa-multi-select-multi-choice-95");
        assertThat(EvalDataset.loadCorpus(all.get(0).corpus())).hasSize(185);
    }
}
