package io.github.astrorag.eval;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What one pipeline (or baseline) did on one question.
 *
 * @param instanceId    the question's id (named as in the data files and {@code instances.jsonl})
 * @param type          its type
 * @param error         why it failed ({@code ExceptionClass: message}), or {@code null}
 * @param scores        metric name → value, only the metrics defined for this question (see {@link QuestionScorer})
 * @param latencyMillis wall time: opening its own index (not a shared one), asking, closing; NaN where no
 *                      time is meaningful (the chance baseline)
 * @param stageMillis   time per trace stage (embed-query, retrieve, rerank:..., select, generate)
 * @param ingestMillis  time spent building its own index (0 with a shared index)
 * @param contextIds    the selected context's chunk ids, in context order (empty for a baseline or a failure)
 * @param answer        the answer's text, or {@code null} for a baseline or a failure
 */
public record QuestionResult(String instanceId, String type, @Nullable String error, Map<String, Double> scores,
                             double latencyMillis, Map<String, Double> stageMillis, double ingestMillis,
                             java.util.List<String> contextIds, @Nullable String answer, @Nullable String language) {

    /**
     * Copies the maps and the list, immutable ({@code stageMillis} keeps its order).
     *
     * @param instanceId    the question's {@link EvalQuestion#id()}
     * @param type          its {@link EvalQuestion#type()}
     * @param error         why it failed ({@code ExceptionClass: message}), or {@code null} when it did not
     * @param scores        metric name → value, only the metrics defined for this question; empty for a failure
     * @param latencyMillis wall time in milliseconds, or NaN where no time is meaningful
     * @param stageMillis   milliseconds per trace stage, in the order the stages first ran
     * @param ingestMillis  milliseconds spent building its own index; 0 with a shared index
     * @param contextIds    the selected context's chunk ids, in context order
     * @param answer        the answer's text, or {@code null}
     * @param language      its {@link EvalQuestion#language()}, or {@code null}
     */
    public QuestionResult {
        scores = Map.copyOf(scores);
        contextIds = java.util.List.copyOf(contextIds);
        stageMillis = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(stageMillis));
    }

    /**
     * A result with no language given.
     *
     * @param instanceId    the question's {@link EvalQuestion#id()}
     * @param type          its {@link EvalQuestion#type()}
     * @param error         why it failed, or {@code null} when it did not
     * @param scores        metric name → value
     * @param latencyMillis wall time in milliseconds, or NaN
     * @param stageMillis   milliseconds per trace stage
     * @param ingestMillis  milliseconds spent building its own index
     * @param contextIds    the selected context's chunk ids, in context order
     * @param answer        the answer's text, or {@code null}
     */
    public QuestionResult(String instanceId, String type, @Nullable String error, Map<String, Double> scores,
                          double latencyMillis, Map<String, Double> stageMillis, double ingestMillis,
                          java.util.List<String> contextIds, @Nullable String answer) {
        this(instanceId, type, error, scores, latencyMillis, stageMillis, ingestMillis, contextIds, answer, null);
    }

    /**
     * A failed run: no scores, no stages, no context, no answer.
     *
     * @param question      the question that failed
     * @param error         why; recorded as its simple class name and message
     * @param latencyMillis the wall time until the failure in milliseconds, or NaN when it failed before the
     *                      clock started
     * @return the result, with {@link #failed()} true
     */
    public static QuestionResult failed(EvalQuestion question, Throwable error, double latencyMillis) {
        return new QuestionResult(question.id(), question.type(), error.getClass().getSimpleName() + ": " + error.getMessage(),
                Map.of(), latencyMillis, Map.of(), 0, java.util.List.of(), null, question.language());
    }

    /**
     * Whether it failed.
     *
     * @return {@code true} when {@link #error()} is not {@code null}
     */
    public boolean failed() {
        return error != null;
    }
}
