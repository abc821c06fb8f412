package io.github.astrorag.eval;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Renders {@link ReportWriter}'s charts with XChart: {@value ReportWriter#CHART} (each row's fraction metrics as
 * grouped bars, error bars the half-width of the 95% bootstrap interval) and {@value ReportWriter#ABSTENTION_CHART}
 * (correct against false abstention, one line per row and type to abstain on).
 *
 * <p>Contract: each method replaces {@code file} with a PNG image; the rows are read, never changed. Complexity:
 * linear in the number of rows times metrics (or curve points), plus the rendering of a fixed-size image.
 * Thread-safety: stateless; each call sets the system property {@code java.awt.headless} to {@code true} and builds
 * its own chart, so concurrent calls writing different files are safe.
 */
final class ReportCharts {

    private ReportCharts() {
    }

    /** The data files' names without their folders, for a chart's title ({@code a.jsonl + b.jsonl}). */
    static String datasetName(RunInfo info) {
        return String.join(" + ", java.util.Arrays.stream(info.dataset().split(" \\+ "))
                .map(f -> String.valueOf(Path.of(f).getFileName())).toList());
    }

    /** Correct abstention (y) against false abstention (x), one line per row and type to abstain on. */
    static void abstentionChart(Path file, RunInfo info, List<PipelineSummary> rows) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(600).title("abstention trade-off: "
                        + datasetName(info) + " (abstain iff support < t)")
                .xAxisTitle("false abstention (answerable, answer in context)").yAxisTitle("correct abstention").build();
        XYStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.InsideSE);
        styler.setXAxisMin(0.0);
        styler.setXAxisMax(1.0);
        styler.setYAxisMin(0.0);
        styler.setYAxisMax(1.0);
        styler.setXAxisDecimalPattern("0.00");
        styler.setYAxisDecimalPattern("0.00");
        styler.setMarkerSize(4);
        for (PipelineSummary r : rows) {
            if (r.abstention() == null) {
                continue;
            }
            List<AbstentionCurve.Point> points = r.abstention().points();
            for (String type : points.get(0).correctAbstention().keySet()) {
                chart.addSeries(r.pipeline() + " / " + type, points.stream().mapToDouble(AbstentionCurve.Point::falseAbstention).toArray(),
                        points.stream().mapToDouble(p -> p.correctAbstention().get(type)).toArray());
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    static void chart(Path file, RunInfo info, List<PipelineSummary> rows) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> metrics = ReportWriter.columns(rows, MetricNames.FRACTIONS);
        CategoryChart chart = new CategoryChartBuilder().width(Math.min(1600, Math.max(900, 200 + 40 * metrics.size() * Math.max(1, rows.size()))))
                .height(560).title("astrorag eval: " + datasetName(info) + " (" + info.instances()
                        + " instances, budget " + info.settings().budget() + ", " + info.settings().model() + ")")
                .xAxisTitle("metric").yAxisTitle("mean, 95% bootstrap CI").build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setYAxisMin(0.0);
        styler.setYAxisMax(1.0);
        styler.setYAxisDecimalPattern("0.00");
        styler.setErrorBarsColor(java.awt.Color.DARK_GRAY);
        if (metrics.isEmpty()) {
            chart.addSeries("no metric", List.of("none"), List.of(0));
        }
        for (PipelineSummary r : rows) {
            if (metrics.isEmpty() || metrics.stream().noneMatch(m -> r.metrics().containsKey(m))) {
                continue;
            }
            List<Double> means = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String m : metrics) {
                Double v = r.metrics().get(m);
                double[] ci = r.ci95().get(m);
                means.add(v == null ? Double.NaN : v);
                errors.add(ci == null ? 0.0 : (ci[1] - ci[0]) / 2);
            }
            chart.addSeries(r.pipeline(), metrics, means, errors);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
