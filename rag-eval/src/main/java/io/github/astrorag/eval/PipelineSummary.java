package io.github.astrorag.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The aggregate of one {@link PipelineRun}: each metric's mean over the instances where it is defined
 * (failed instances excluded), how many instances that was, a 95% bootstrap interval for the
 * {@link MetricNames#AVERAGED} metrics, latency percentiles and the mean time per stage.
 *
 * @param pipeline the row's name: the {@link PipelineRegistry} name, or a baseline's
 * @param config   the row's configuration
 * @param metrics  metric name → value (see {@link MetricNames}); undefined metrics are absent
 * @param counts   per-instance metric name → number of instances it was averaged over
 * @param ci95     fraction metric name → {@code [low, high]}
 * @param failures the failed instances: id → error
 */
public record PipelineSummary(String pipeline, Map<String, Object> config, Map<String, Double> metrics,
                              Map<String, Integer> counts, Map<String, double[]> ci95, Map<String, String> failures) {

    /**
     * Aggregates {@code run}, drawing bootstrap resamples with {@code bootstrap}.
     *
     * @param run       the row's results
     * @param bootstrap the seeded resampler of the intervals
     * @return the row's summary
     */
    public static PipelineSummary of(PipelineRun run, Bootstrap bootstrap) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        List<Double> latency = new ArrayList<>();
        Map<String, List<Double>> stages = new LinkedHashMap<>();
        List<Double> ingest = new ArrayList<>();
        Map<String, String> failures = new LinkedHashMap<>();
        for (InstanceResult r : run.results()) {
            if (r.failed()) {
                failures.put(r.instanceId(), r.error());
                continue;
            }
            r.scores().forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
            if (Double.isFinite(r.latencyMillis())) {
                latency.add(r.latencyMillis());
            }
            r.stageMillis().forEach((k, v) -> stages.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
            if (r.ingestMillis() > 0) {
                ingest.add(r.ingestMillis());
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, double[]> ci = new LinkedHashMap<>();
        metrics.put(MetricNames.INSTANCES, (double) run.results().size());
        metrics.put(MetricNames.FAILURES, (double) failures.size());
        for (String name : MetricNames.AVERAGED) {
            List<Double> v = values.get(name);
            if (v != null) {
                double[] a = array(v);
                metrics.put(name, mean(a));
                counts.put(name, a.length);
                ci.put(name, bootstrap.meanInterval(a));
            }
        }
        List<Double> tokens = values.get(MetricNames.CONTEXT_TOKENS);
        if (tokens != null) {
            metrics.put(MetricNames.CONTEXT_TOKENS_MEAN, mean(array(tokens)));
            counts.put(MetricNames.CONTEXT_TOKENS, tokens.size());
        }
        if (!latency.isEmpty()) {
            double[] l = array(latency);
            metrics.put(MetricNames.LATENCY_P50, Bootstrap.percentile(l, 50));
            metrics.put(MetricNames.LATENCY_P95, Bootstrap.percentile(l, 95));
            metrics.put(MetricNames.LATENCY_MEAN, mean(l));
        }
        if (!ingest.isEmpty()) {
            metrics.put(MetricNames.INGEST_MEAN, mean(array(ingest)));
        }
        if (run.sharedIndexes() > 0) {
            metrics.put(MetricNames.SHARED_INDEX, run.sharedIndexMillis());
        }
        stages.forEach((stage, v) -> metrics.put(MetricNames.stageMean(stage), mean(array(v))));
        return new PipelineSummary(run.pipeline(), run.config(), metrics, counts, ci, failures);
    }

    private static double[] array(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double mean(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s / a.length;
    }
}
