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

    /**
     * Copies the map (keeping its order) and the list, immutable.
     *
     * @param commandLine the exact command line
     * @param dataset     the data file as given
     * @param instances   how many instances ran
     * @param types       instance type → count, in the order the report lists them
     * @param settings    the settings every row shared
     * @param notes       remarks for the reader, in order
     * @param wallSeconds the run's wall time in seconds
     */
    public RunInfo {
        types = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(types));
        notes = List.copyOf(notes);
    }

    /**
     * Counts instances per type, for {@link #types()}.
     *
     * @param instances the instances that ran
     * @return a new map of type → count, in order of each type's first appearance in {@code instances}
     */
    public static Map<String, Integer> typesOf(List<EvalQuestion> instances) {
        Map<String, Integer> m = new LinkedHashMap<>();
        instances.forEach(i -> m.merge(i.type(), 1, Integer::sum));
        return m;
    }
}
