package io.github.astrorag.eval;

import static io.github.astrorag.eval.ReportWriter.ABSTENTION_CHART;
import static io.github.astrorag.eval.ReportWriter.CHART;
import static io.github.astrorag.eval.ReportWriter.JSON;
import static io.github.astrorag.eval.ReportWriter.columns;
import static io.github.astrorag.eval.ReportWriter.format;
import static io.github.astrorag.eval.ReportWriter.labelled;
import static io.github.astrorag.eval.ReportWriter.several;
import static io.github.astrorag.eval.ReportWriter.threshold;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders {@link ReportWriter}'s {@value ReportWriter#MARKDOWN}: the command line, dataset and settings, notes, the
 * quality table (with a per-type table when the instances are of several types), the abstention trade-off with its
 * cross-validation, the cost table, the pipelines' descriptions, up to {@value #MAX_FAILURES_LISTED} failures per
 * row and links to the charts.
 *
 * <p>Contract: {@link #markdown} is a pure function of its arguments (the same arguments give the same text, with
 * numbers formatted in {@link Locale#ROOT}). Complexity: linear in the number of rows times metrics, plus the
 * curve points summarised ({@value #CURVE_ROWS} per row). Thread-safety: stateless, safe for concurrent use.
 */
final class MarkdownReport {

    /** Failures listed per row before the rest is counted and referred to {@value ReportWriter#JSON}. */
    static final int MAX_FAILURES_LISTED = 20;

    private MarkdownReport() {
    }

    static String markdown(RunInfo info, List<PipelineSummary> rows) {
        StringBuilder md = new StringBuilder("# Evaluation report\n\n");
        md.append("Command:\n\n```\n").append(info.commandLine()).append("\n```\n\n");
        md.append("| dataset | instances | types | budget | model | seed | generate | corpus index |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        StringBuilder types = new StringBuilder();
        info.types().forEach((t, n) -> types.append(types.length() == 0 ? "" : ", ").append(t).append(' ').append(n));
        EvalSettings s = info.settings();
        md.append(String.format(Locale.ROOT, "| `%s` | %d | %s | %d | %s | %d | %s | %s |%n%n", info.dataset(),
                info.instances(), types, s.budget(), s.model(), s.seed(), s.generate() ? "yes" : "no (--no-generate)",
                s.reuseCorpusIndex() ? "reused per corpus" : "one per instance"));
        md.append(String.format(Locale.ROOT, "Wall time: %.1f s.%n%n", info.wallSeconds()));
        if (!info.notes().isEmpty()) {
            md.append("Notes:\n\n");
            info.notes().forEach(n -> md.append("- ").append(n).append('\n'));
            md.append('\n');
        }
        List<String> fractions = columns(rows, MetricNames.AVERAGED);
        md.append("## Quality\n\nMean over the instances where the metric is defined, with its 95% bootstrap "
                + "interval (1000 seeded resamples) and the number of instances (n).");
        md.append(spanNote(rows)).append("\n\n");
        qualityTable(md, rows, fractions);
        if (several(rows)) {
            md.append("\n### By type\n\nThe same per instance type.\n\n");
            qualityTable(md, labelled(rows), fractions);
        }
        abstentionSection(md, rows);
        List<String> cost = new ArrayList<>(columns(rows, List.of(MetricNames.CONTEXT_TOKENS_MEAN, MetricNames.LATENCY_P50,
                MetricNames.LATENCY_P95, MetricNames.LATENCY_MEAN, MetricNames.INGEST_MEAN, MetricNames.SHARED_INDEX)));
        rows.forEach(r -> r.metrics().keySet().stream().filter(k -> k.startsWith("stage_") && !cost.contains(k))
                .forEach(cost::add));
        md.append("\n## Cost\n\nContext tokens and milliseconds per instance. Latency is the wall time of an "
                + "instance: building its own index (a shared corpus index is counted once, in "
                + MetricNames.SHARED_INDEX + "), asking, closing; the stage columns split the question's part by "
                + "trace stage.\n\n| pipeline |");
        cost.forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|---|");
        cost.forEach(c -> md.append("---|"));
        md.append('\n');
        for (PipelineSummary r : rows) {
            md.append("| ").append(r.pipeline()).append(" |");
            cost.forEach(c -> md.append(' ').append(format(c, r.metrics().get(c))).append(" |"));
            md.append('\n');
        }
        md.append("\n## Pipelines\n\n");
        rows.forEach(r -> md.append("- **").append(r.pipeline()).append("**: ")
                .append(r.config().getOrDefault("description", "")).append('\n'));
        boolean anyFailure = rows.stream().anyMatch(r -> !r.failures().isEmpty());
        if (anyFailure) {
            md.append("\n## Failures\n\n");
            for (PipelineSummary r : rows) {
                int shown = 0;
                for (Map.Entry<String, String> f : r.failures().entrySet()) {
                    if (shown++ == MAX_FAILURES_LISTED) {
                        md.append("- ").append(r.pipeline()).append(": ").append(r.failures().size() - MAX_FAILURES_LISTED)
                                .append(" more, see ").append(JSON).append('\n');
                        break;
                    }
                    md.append("- ").append(r.pipeline()).append(" / `").append(f.getKey()).append("`: ")
                            .append(f.getValue().replace('\n', ' ')).append('\n');
                }
            }
        }
        md.append("\n![metrics](").append(CHART).append(")\n");
        if (rows.stream().anyMatch(r -> r.abstention() != null)) {
            md.append("\n![abstention trade-off](").append(ABSTENTION_CHART).append(")\n");
        }
        return md.toString();
    }

    private static void qualityTable(StringBuilder md, List<PipelineSummary> rows, List<String> fractions) {
        md.append("| pipeline | instances | failures |");
        fractions.forEach(f -> md.append(' ').append(f).append(" |"));
        md.append("\n|---|---|---|");
        fractions.forEach(f -> md.append("---|"));
        md.append('\n');
        for (PipelineSummary r : rows) {
            md.append("| ").append(r.pipeline()).append(" | ").append(format(MetricNames.INSTANCES, r.metrics().get(MetricNames.INSTANCES)))
                    .append(" | ").append(format(MetricNames.FAILURES, r.metrics().get(MetricNames.FAILURES))).append(" |");
            for (String f : fractions) {
                Double v = r.metrics().get(f);
                double[] ci = r.ci95().get(f);
                md.append(' ').append(v == null ? "–" : String.format(Locale.ROOT, "%s [%s, %s] n=%d", format(f, v),
                        format(f, ci[0]), format(f, ci[1]), r.counts().get(f))).append(" |");
            }
            md.append('\n');
        }
    }

    /** Rows of the curve in the report's table. */
    private static final int CURVE_ROWS = 10;

    private static void abstentionSection(StringBuilder md, List<PipelineSummary> rows) {
        if (rows.stream().allMatch(r -> r.abstention() == null)) {
            return;
        }
        md.append("\n## Abstention trade-off\n\nA generator that abstains iff its support score is below t: false "
                + "abstention = the share of answerable questions whose context holds the answer that would abstain, correct "
                + "abstention = the share of the questions the documents cannot answer that would (per type). ")
                .append(CURVE_ROWS).append(" points of the curve (all of it is in ").append(JSON).append(", the chart in ")
                .append(ABSTENTION_CHART).append("); the row marked * is the highest t with false abstention at most ")
                .append(format(MetricNames.FALSE_ABSTENTION, AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION)).append(".\n");
        for (PipelineSummary r : rows) {
            AbstentionCurve curve = r.abstention();
            if (curve == null) {
                continue;
            }
            AbstentionCurve.Point chosen = curve.atMost(AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION);
            List<String> types = List.copyOf(chosen.correctAbstention().keySet());
            md.append("\n### ").append(r.pipeline()).append("\n\n| t | false abstention |");
            types.forEach(t -> md.append(" correct abstention (").append(t).append(") |"));
            md.append("\n|---|---|");
            types.forEach(t -> md.append("---|"));
            md.append('\n');
            for (AbstentionCurve.Point p : curve.summary(CURVE_ROWS, AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION)) {
                md.append("| ").append(threshold(p.threshold())).append(p.equals(chosen) ? " *" : "").append(" | ")
                        .append(format(MetricNames.FALSE_ABSTENTION, p.falseAbstention())).append(" |");
                types.forEach(t -> md.append(' ').append(format(MetricNames.CORRECT_ABSTENTION, p.correctAbstention().get(t))).append(" |"));
                md.append('\n');
            }
            AbstentionCurve.CrossValidation cv = r.crossValidation();
            if (cv != null) {
                md.append("\n2-fold cross-validation (the folds of `--fold k/2`): t chosen on one fold at false abstention at most ")
                        .append(format(MetricNames.FALSE_ABSTENTION, cv.maxFalseAbstention())).append(", measured on the other; "
                        + "the rates pooled over both held-out folds with their 95% bootstrap intervals.\n\n"
                        + "| chosen on | t | held-out false abstention |");
                types.forEach(t -> md.append(" held-out correct abstention (").append(t).append(") |"));
                md.append("\n|---|---|---|");
                types.forEach(t -> md.append("---|"));
                md.append('\n');
                for (AbstentionCurve.Fold f : cv.folds()) {
                    md.append("| fold ").append(f.chosenOn()).append(" | ").append(threshold(f.threshold())).append(" | ")
                            .append(format(MetricNames.FALSE_ABSTENTION, f.falseAbstention())).append(" |");
                    types.forEach(t -> md.append(' ').append(format(MetricNames.CORRECT_ABSTENTION, f.correctAbstention().get(t))).append(" |"));
                    md.append('\n');
                }
                md.append(String.format(Locale.ROOT, "| pooled | | %.3f [%.3f, %.3f] |", cv.falseAbstention(), cv.falseAbstentionCi95()[0],
                        cv.falseAbstentionCi95()[1]));
                types.forEach(t -> {
                    double[] ci = cv.correctAbstentionCi95().get(t);
                    Double v = cv.correctAbstention().get(t);
                    md.append(v == null ? " – |" : String.format(Locale.ROOT, " %.3f [%.3f, %.3f] |", v, ci[0], ci[1]));
                });
                md.append('\n');
            }
        }
    }

    /**
     * How many questions {@code span_answer_in_context} leaves out (yes/no answers, and answers that occur in
     * none of their documents), from the first row that has both counts; empty if none.
     */
    static String spanNote(List<PipelineSummary> rows) {
        for (PipelineSummary r : rows) {
            Integer all = r.counts().get(MetricNames.ANSWER_IN_CONTEXT);
            Integer spans = r.counts().get(MetricNames.SPAN_ANSWER_IN_CONTEXT);
            if (all != null) {
                int n = spans == null ? 0 : spans;
                return String.format(Locale.ROOT, " %s counts the %d of %d questions of %s whose gold answer is a span "
                        + "(not yes/no, and found in their documents); the %d others are excluded.", MetricNames.SPAN_ANSWER_IN_CONTEXT, n, all,
                        MetricNames.ANSWER_IN_CONTEXT, all - n);
            }
        }
        return "";
    }
}
