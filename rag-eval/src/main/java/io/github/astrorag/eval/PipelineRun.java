package io.github.astrorag.eval;

import java.util.List;
import java.util.Map;

/**
 * Everything one selector (or baseline) did in a run.
 *
 * @param selector        its name
 * @param config          its pipeline's configuration ({@code RagPipeline.describe()}) plus the run's settings
 * @param results         one result per instance it ran on, in instance order
 * @param sharedIndexes   how many shared corpus indexes it built (with {@code --reuse-corpus-index})
 * @param sharedIndexMillis the time spent building them
 */
public record SelectorRun(String selector, Map<String, Object> config, List<InstanceResult> results,
                          int sharedIndexes, double sharedIndexMillis) {

    public SelectorRun {
        config = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(config));
        results = List.copyOf(results);
    }
}
