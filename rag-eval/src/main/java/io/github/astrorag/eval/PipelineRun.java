package io.github.astrorag.eval;

import java.util.List;
import java.util.Map;

/**
 * Everything one pipeline (or baseline) did in a run: one row of the report.
 *
 * @param pipeline        its name: the {@link PipelineRegistry} name, or a baseline's
 * @param config          the run's settings, its {@code description} and, for a pipeline, under {@code pipeline}
 *                        its {@code RagPipeline.describe()}
 * @param results         one result per instance it ran on, in instance order
 * @param sharedIndexes   how many shared corpus indexes it built (with {@code --reuse-corpus-index})
 * @param sharedIndexMillis the time spent building them
 */
public record PipelineRun(String pipeline, Map<String, Object> config, List<QuestionResult> results,
                          int sharedIndexes, double sharedIndexMillis) {

    /**
     * Copies the configuration and the results, so the record is immutable.
     *
     * @param pipeline          its name
     * @param config            the run's settings, its description and its pipeline's
     * @param results           one result per instance, in instance order
     * @param sharedIndexes     how many shared corpus indexes it built
     * @param sharedIndexMillis the time spent building them
     */
    public PipelineRun {
        config = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
        results = List.copyOf(results);
    }
}
