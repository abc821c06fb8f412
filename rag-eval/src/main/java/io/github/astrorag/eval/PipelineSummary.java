package io.github.astrorag.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The aggregate of one {@link PipelineRun}: each metric's mean over the instances where it is defined
 * (failed instances excluded), how many instances that was, a 95% bootstrap interval for the
 * {@link MetricNames#AVERAGED} metrics, latency percentiles and the mean time per stage; the same per instance
 * type; and, where the traces allow it, the abstention trade-off.
 *
 * @param pipeline the row's name: the {@link PipelineRegistry} name, or a baseline's
 * @param config   the row's configuration
 * @param metrics  metric name → value (see {@link MetricNames}); undefined metrics are absent
 * @param counts   per-instance metric name → number of instances it was averaged over
 * @param ci95     fraction metric name → {@code [low, high]}
 * @param failures the failed instances: id → error
 * @param byType   per instance type (in order of first appearance), the same summary of that type's instances
 *                 alone (each with no {@code byType} and no curve of its own); empty for a summary that is itself
 *                 one type's
 * @param abstention      the abstention trade-off ({@link AbstentionCurve}) when the row's traces report support
 *                        scores for answerable questions whose context holds the answer and for questions to
 *                        abstain on; else {@code null}
 * @param crossValidation the threshold's 2-fold cross-validation at {@value AbstentionCurve#DEFAULT_MAX_FALSE_ABSTENTION}
 *                        false abstention, when there is a curve and each fold has both kinds of question; else
 *                        {@code null}
 * @param byLanguage      per language of the instances that name one (in order of first appearance), the same summary
 *                        of that language's instances alone; empty when no instance names its language
 */
public record PipelineSummary(String pipeline, Map<String, Object> config, Map<String, Double> metrics,
                              Map<String, Integer> counts, Map<String, double[]> ci95, Map<String, String> failures,
                              Map<String, PipelineSummary> byType, @Nullable AbstentionCurve abstention,
                              AbstentionCurve.@Nullable CrossValidation crossValidation,
                              Map<String, PipelineSummary> byLanguage) {

    /**
     * Copies the per-type map, keeping its order.
     *
     * @param pipeline        the row's name
     * @param config          the row's configuration
     * @param metrics         metric name → value
     * @param counts          metric name → number of instances it was averaged over
     * @param ci95            metric name → interval
     * @param failures        failed instance id → error
     * @param byType          type → that type's summary
     * @param abstention      the abstention curve, or {@code null}
     * @param crossValidation the threshold's cross-validation, or {@code null}
     * @param byLanguage      language → that language's summary
     */
    public PipelineSummary {
        byType = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byType));
        byLanguage = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byLanguage));
    }

    /**
     * A summary with no per-language summaries.
     *
     * @param pipeline        the row's name
     * @param config          the row's configuration
     * @param metrics         metric name → value
     * @param counts          metric name → number of instances it was averaged over
     * @param ci95            metric name → interval
     * @param failures        failed instance id → error
     * @param byType          type → that type's summary
     * @param abstention      the abstention curve, or {@code null}
     * @param crossValidation the threshold's cross-validation, or {@code null}
     */
    public PipelineSummary(String pipeline, Map<String, Object> config, Map<String, Double> metrics,
                           Map<String, Integer> counts, Map<String, double[]> ci95, Map<String, String> failures,
                           Map<String, PipelineSummary> byType, @Nullable AbstentionCurve abstention,
                           AbstentionCurve.@Nullable CrossValidation crossValidation) {
        this(pipeline, config, metrics, counts, ci95, failures, byType, abstention, crossValidation, Map.of());
    }

    /**
     * Aggregates {@code run}, drawing bootstrap resamples with {@code bootstrap}.
     *
     * @param run       the row's results
     * @param bootstrap the seeded resampler of the intervals
     * @return the row's summary
     */
    public static PipelineSummary of(PipelineRun run, Bootstrap bootstrap) {
        Map<String, List<QuestionResult>> types = new LinkedHashMap<>();
        run.results().forEach(r -> types.computeIfAbsent(r.type(), t -> new ArrayList<>()).add(r));
        Map<String, PipelineSummary> byType = new LinkedHashMap<>();
        types.forEach((type, results) -> byType.put(type, aggregate(run.pipeline(), run.config(), results, 0, 0, bootstrap)));
        Map<String, List<QuestionResult>> languages = new LinkedHashMap<>();
        run.results().stream().filter(r -> r.language() != null)
                .forEach(r -> languages.computeIfAbsent(r.language(), l -> new ArrayList<>()).add(r));
        Map<String, PipelineSummary> byLanguage = new LinkedHashMap<>();
        languages.forEach((language, results) -> byLanguage.put(language,
                aggregate(run.pipeline(), run.config(), results, 0, 0, bootstrap)));
        PipelineSummary all = aggregate(run.pipeline(), run.config(), run.results(), run.sharedIndexes(), run.sharedIndexMillis(),
                bootstrap);
        List<AbstentionCurve.Observation> observations = AbstentionCurve.observations(run.results());
        AbstentionCurve curve = AbstentionCurve.defined(observations) ? AbstentionCurve.of(observations) : null;
        AbstentionCurve.CrossValidation cv = null;
        if (curve != null && bothFoldsDefined(observations)) {
            cv = curve.crossValidate(AbstentionCurve.DEFAULT_MAX_FALSE_ABSTENTION, bootstrap);
        }
        return new PipelineSummary(all.pipeline(), all.config(), all.metrics(), all.counts(), all.ci95(), all.failures(), byType,
                curve, cv, byLanguage);
    }

    private static boolean bothFoldsDefined(List<AbstentionCurve.Observation> observations) {
        return AbstentionCurve.defined(observations.stream().filter(o -> o.position() % 2 == 0).toList())
                && AbstentionCurve.defined(observations.stream().filter(o -> o.position() % 2 == 1).toList());
    }

    private static PipelineSummary aggregate(String pipeline, Map<String, Object> config, List<QuestionResult> results,
                                             int sharedIndexes, double sharedIndexMillis, Bootstrap bootstrap) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        List<Double> latency = new ArrayList<>();
        Map<String, List<Double>> stages = new LinkedHashMap<>();
        List<Double> ingest = new ArrayList<>();
        Map<String, String> failures = new LinkedHashMap<>();
        for (QuestionResult r : results) {
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
        metrics.put(MetricNames.INSTANCES, (double) results.size());
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
        if (sharedIndexes > 0) {
            metrics.put(MetricNames.SHARED_INDEX, sharedIndexMillis);
        }
        stages.forEach((stage, v) -> metrics.put(MetricNames.stageMean(stage), mean(array(v))));
        return new PipelineSummary(pipeline, config, metrics, counts, ci, failures, Map.of(), null, null);
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
