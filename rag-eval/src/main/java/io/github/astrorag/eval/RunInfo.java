package io.github.astrorag.eval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a report says about the run itself.
 *
 * @param commandLine  the exact command line
 * @param dataset      the data file as given
 * @param instances    how many instances ran
 * @param types        instance type → count
 * @param settings     the shared settings
 * @param notes        remarks for the reader (index reuse, sampling, no generation, ...)
 * @param wallSeconds  the run's wall time
 */
public record RunInfo(String commandLine, String dataset, int instances, Map<String, Integer> types,
                      EvalSettings settings, List<String> notes, double wallSeconds) {

    public RunInfo {
        types = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(types));
        notes = List.copyOf(notes);
    }

    /** Counts instances per type, in order of first appearance. */
    public static Map<String, Integer> typesOf(List<EvalInstance> instances) {
        Map<String, Integer> m = new LinkedHashMap<>();
        instances.forEach(i -> m.merge(i.type(), 1, Integer::sum));
        return m;
    }
}
