package io.github.astrorag.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.astrorag.core.RagException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes an evaluation's results: {@value #JSON} (every row, named under {@code pipeline}, with its metrics,
 * counts, intervals and configuration), {@value #MARKDOWN} (tables, the command line, dataset and settings, notes) and
 * {@value #CHART} (each row's fraction metrics as grouped bars; error bars show the half-width of the
 * 95% bootstrap interval, whose exact bounds are in the other two files); each row's metrics also per instance
 * type; and, when some row has an {@link AbstentionCurve}, its curve (whole in the JSON, ten points in the report,
 * charted in {@value #ABSTENTION_CHART}) and the threshold's cross-validation. Also renders the console table.
 */
public final class ReportWriter {

    /** The machine-readable results. */
    public static final String JSON = "results.json";
    /** The human-readable report. */
    public static final String MARKDOWN = "report.md";
    /** The chart. */
    public static final String CHART = "report.png";
    /** The abstention trade-off chart, written only when some row has an {@link AbstentionCurve}. */
    public static final String ABSTENTION_CHART = "abstention.png";
    /** Every row's answer to every instance, one JSON object a line. */
    public static final String INSTANCES = "instances.jsonl";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {
    }

    /**
     * Writes {@value #JSON}, {@value #MARKDOWN} and {@value #CHART} (and {@value #ABSTENTION_CHART} when some row has
     * an abstention curve) into {@code folder}, replacing earlier ones.
     *
     * @param folder the output folder ({@code --out}); created with its parents if needed
     * @param info   what the report says about the run itself
     * @param rows   one summary per row, in the order the tables, the JSON and the chart list them
     * @throws RagException if a file cannot be written
     */
    public static void write(Path folder, RunInfo info, List<PipelineSummary> rows) {
        try {
            Files.createDirectories(folder);
            MAPPER.writeValue(folder.resolve(JSON).toFile(), json(info, rows));
            Files.writeString(folder.resolve(MARKDOWN), markdown(info, rows), StandardCharsets.UTF_8);
            ReportCharts.chart(folder.resolve(CHART), info, rows);
            if (rows.stream().anyMatch(r -> r.abstention() != null)) {
                ReportCharts.abstentionChart(folder.resolve(ABSTENTION_CHART), info, rows);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new RagException("cannot write the report into " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@value #INSTANCES} into {@code folder}: per row and instance the row's name ({@code pipeline}), the
     * instance's id, type, the selected chunk ids in
     * context order, the answer's text (absent with {@code --no-generate}), the scores and the error of a failure,
     * so that a reader can see which questions went wrong and two runs can be compared selection by selection.
     *
     * @param folder the output folder ({@code --out}); created with its parents if needed
     * @param runs   the rows' runs; their results are written in this order, each run's in instance order
     * @throws RagException if the file cannot be written
     */
    public static void writeInstances(Path folder, List<PipelineRun> runs) {
        try {
            Files.createDirectories(folder);
            StringBuilder sb = new StringBuilder();
            ObjectMapper line = new ObjectMapper();
            for (PipelineRun run : runs) {
                for (QuestionResult r : run.results()) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("pipeline", run.pipeline());
                    m.put("id", r.instanceId());
                    m.put("type", r.type());
                    m.put("context", r.contextIds());
                    if (r.answer() != null) {
                        m.put("answer", r.answer());
                    }
                    m.put("scores", new java.util.TreeMap<>(r.scores()));
                    if (r.error() != null) {
                        m.put("error", r.error());
                    }
                    sb.append(line.writeValueAsString(m)).append('\n');
                }
            }
            Files.writeString(folder.resolve(INSTANCES), sb, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw new RagException("cannot write " + INSTANCES + " into " + folder + ": " + e.getMessage(), e);
        }
    }

    static Map<String, Object> json(RunInfo info, List<PipelineSummary> rows) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("command", info.commandLine());
        run.put("dataset", info.dataset());
        run.put("instances", info.instances());
        run.put("types", info.types());
        run.putAll(info.settings().describe());
        run.put("notes", info.notes());
        run.put("wall_seconds", info.wallSeconds());
        List<Map<String, Object>> results = new ArrayList<>();
        for (PipelineSummary s : rows) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("pipeline", s.pipeline());
            r.put("metrics", s.metrics());
            r.put("counts", s.counts());
            r.put("ci95", s.ci95());
            Map<String, Object> byType = new LinkedHashMap<>();
            s.byType().forEach((type, t) -> byType.put(type, Map.of("metrics", t.metrics(), "counts", t.counts(), "ci95", t.ci95())));
            r.put("metrics_by_type", byType);
            if (!s.byLanguage().isEmpty()) {
                Map<String, Object> byLanguage = new LinkedHashMap<>();
                s.byLanguage().forEach((language, t) -> byLanguage.put(language,
                        Map.of("metrics", t.metrics(), "counts", t.counts(), "ci95", t.ci95())));
                r.put("metrics_by_language", byLanguage);
            }
            if (s.abstention() != null) {
                r.put("abstention", abstentionJson(s));
            }
            r.put("failed_instances", s.failures());
            r.put("config", s.config());
            results.add(r);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", run);
        root.put("results", results);
        return root;
    }

    private static Map<String, Object> abstentionJson(PipelineSummary s) {
        AbstentionCurve curve = s.abstention();
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("rule", "abstain iff support < threshold");
        a.put("max_false_abstention", AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION);
        a.put("at_max_false_abstention", pointJson(curve.atMost(AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION)));
        AbstentionCurve.CrossValidation cv = s.crossValidation();
        if (cv != null) {
            Map<String, Object> c = new LinkedHashMap<>();
            List<Map<String, Object>> folds = new ArrayList<>();
            for (AbstentionCurve.Fold f : cv.folds()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("chosen_on_fold", f.chosenOn());
                m.put("measured_on_fold", 1 - f.chosenOn());
                m.put("threshold", finite(f.threshold()));
                m.put("false_abstention", f.falseAbstention());
                m.put("correct_abstention", f.correctAbstention());
                folds.add(m);
            }
            c.put("folds", folds);
            c.put("false_abstention", cv.falseAbstention());
            c.put("false_abstention_ci95", cv.falseAbstentionCi95());
            c.put("correct_abstention", cv.correctAbstention());
            c.put("correct_abstention_ci95", cv.correctAbstentionCi95());
            a.put("cross_validation", c);
        }
        a.put("curve", curve.points().stream().map(ReportWriter::pointJson).toList());
        return a;
    }

    private static Map<String, Object> pointJson(AbstentionCurve.Point p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threshold", finite(p.threshold()));
        m.put("false_abstention", p.falseAbstention());
        m.put("correct_abstention", p.correctAbstention());
        return m;
    }

    /** {@code +∞} (the threshold at which everything abstains) as JSON {@code null}. */
    private static Double finite(double v) {
        return Double.isInfinite(v) ? null : v;
    }

    /** The metrics shown as columns: those some row has, in {@link MetricNames} order. */
    static List<String> columns(List<PipelineSummary> rows, List<String> candidates) {
        return candidates.stream().filter(m -> rows.stream().anyMatch(r -> r.metrics().containsKey(m))).toList();
    }

    /**
     * The main table as aligned plain text, for the console: one line per row with its instance and failure
     * counts, every averaged metric some row has, the mean context size and the latency percentiles. When the
     * instances are of several types, a second table ({@code By type:}) follows with a line per row and type
     * ({@code pipeline / type}); when instances name their language, a table {@code By language:} with a line per
     * row and language ({@code pipeline / zh}); and when a row has an {@link PipelineSummary#abstention() abstention curve}, its
     * trade-off ({@link #abstentionLines}).
     *
     * @param rows the rows, in the order they are listed
     * @return the table(s), each with a header line first, each line ending with a line break
     */
    public static String table(List<PipelineSummary> rows) {
        String all = plainTable(rows);
        if (several(rows)) {
            all += "\nBy type:\n" + plainTable(labelled(rows));
        }
        if (rows.stream().anyMatch(r -> !r.byLanguage().isEmpty())) {
            all += "\nBy language:\n" + plainTable(labelled(rows, PipelineSummary::byLanguage));
        }
        String abstention = abstentionLines(rows);
        return abstention.isEmpty() ? all : all + "\n" + abstention;
    }

    /**
     * The abstention trade-off of each row that has a curve, as plain text: the correct-abstention rate of each
     * type to abstain on and the false-abstention rate at the highest threshold keeping false abstention at most
     * {@value AbstentionCurve#DEFAULT_MAX_FALSE_ABSTENTION}, then the 2-fold cross-validated rates with their 95%
     * intervals.
     *
     * @param rows the rows
     * @return a few lines per row with a curve, each ending with a line break; empty if no row has one
     */
    public static String abstentionLines(List<PipelineSummary> rows) {
        StringBuilder sb = new StringBuilder();
        for (PipelineSummary r : rows) {
            if (r.abstention() == null) {
                continue;
            }
            AbstentionCurve.Point p = r.abstention().atMost(AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION);
            sb.append(String.format(Locale.ROOT, "Abstention trade-off of %s (abstain iff support < t): at t = %s, false abstention %.3f, "
                    + "correct abstention %s%n", r.pipeline(), threshold(p.threshold()), p.falseAbstention(), rates(p.correctAbstention(), null)));
            AbstentionCurve.CrossValidation cv = r.crossValidation();
            if (cv != null) {
                sb.append(String.format(Locale.ROOT, "  2-fold cross-validated (t = %s on fold 0, %s on fold 1): false abstention %.3f [%.3f, %.3f], "
                        + "correct abstention %s%n", threshold(cv.folds().get(0).threshold()), threshold(cv.folds().get(1).threshold()),
                        cv.falseAbstention(), cv.falseAbstentionCi95()[0], cv.falseAbstentionCi95()[1],
                        rates(cv.correctAbstention(), cv.correctAbstentionCi95())));
            }
        }
        return sb.toString();
    }

    static String threshold(double t) {
        return Double.isInfinite(t) ? "∞" : String.format(Locale.ROOT, "%.4g", t);
    }

    private static String rates(Map<String, Double> rates, Map<String, double[]> ci) {
        StringBuilder sb = new StringBuilder();
        rates.forEach((type, v) -> {
            sb.append(sb.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", v));
            if (ci != null && ci.get(type) != null) {
                sb.append(String.format(Locale.ROOT, " [%.3f, %.3f]", ci.get(type)[0], ci.get(type)[1]));
            }
            sb.append(" (").append(type).append(')');
        });
        return sb.toString();
    }

    /** Whether the rows' instances are of several types: then the tables are repeated per type. */
    static boolean several(List<PipelineSummary> rows) {
        return rows.stream().anyMatch(r -> r.byType().size() > 1);
    }

    /** Each row's per-type summaries, named {@code pipeline / type}, row by row. */
    static List<PipelineSummary> labelled(List<PipelineSummary> rows) {
        return labelled(rows, PipelineSummary::byType);
    }

    /** Each row's summaries of one grouping ({@code byType}, {@code byLanguage}), named {@code pipeline / group}. */
    static List<PipelineSummary> labelled(List<PipelineSummary> rows,
                                          java.util.function.Function<PipelineSummary, Map<String, PipelineSummary>> groups) {
        List<PipelineSummary> out = new ArrayList<>();
        rows.forEach(r -> groups.apply(r).forEach((type, t) -> out.add(new PipelineSummary(r.pipeline() + " / " + type, t.config(),
                t.metrics(), t.counts(), t.ci95(), t.failures(), Map.of(), null, null))));
        return out;
    }

    private static String plainTable(List<PipelineSummary> rows) {
        List<String> cols = new ArrayList<>(List.of(MetricNames.INSTANCES, MetricNames.FAILURES));
        cols.addAll(columns(rows, MetricNames.AVERAGED));
        cols.addAll(columns(rows, List.of(MetricNames.CONTEXT_TOKENS_MEAN, MetricNames.LATENCY_P50, MetricNames.LATENCY_P95)));
        List<List<String>> cells = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("pipeline"));
        header.addAll(cols);
        cells.add(header);
        for (PipelineSummary r : rows) {
            List<String> line = new ArrayList<>(List.of(r.pipeline()));
            cols.forEach(c -> line.add(format(c, r.metrics().get(c))));
            cells.add(line);
        }
        int[] width = new int[header.size()];
        cells.forEach(l -> {
            for (int i = 0; i < l.size(); i++) {
                width[i] = Math.max(width[i], l.get(i).length());
            }
        });
        StringBuilder sb = new StringBuilder();
        for (List<String> l : cells) {
            for (int i = 0; i < l.size(); i++) {
                String cell = l.get(i);
                sb.append(i == 0 ? String.format(Locale.ROOT, "%-" + width[i] + "s", cell)
                        : String.format(Locale.ROOT, "  %" + width[i] + "s", cell));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String format(String metric, Double value) {
        if (value == null) {
            return "–";
        }
        if (metric.equals(MetricNames.INSTANCES) || metric.equals(MetricNames.FAILURES)) {
            return String.valueOf(value.longValue());
        }
        if (MetricNames.FRACTIONS.contains(metric)) {
            return String.format(Locale.ROOT, "%.3f", value);
        }
        if (MetricNames.COUNTS.contains(metric)) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** The report's markdown; see {@link MarkdownReport#markdown}. */
    static String markdown(RunInfo info, List<PipelineSummary> rows) {
        return MarkdownReport.markdown(info, rows);
    }

    /** How many questions {@code span_answer_in_context} leaves out; see {@link MarkdownReport#spanNote}. */
    static String spanNote(List<PipelineSummary> rows) {
        return MarkdownReport.spanNote(rows);
    }

    /** The data files' names without their folders; see {@link ReportCharts#datasetName}. */
    static String datasetName(RunInfo info) {
        return ReportCharts.datasetName(info);
    }
}
