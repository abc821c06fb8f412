package io.github.astrorag.elasticsearch;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How {@link ElasticsearchEphemeralIndexFactory} lays instances out on the cluster. */
public enum IndexMode {

    /**
     * One index per instance, created by {@code create} and deleted by {@code close} (the default, the paper's
     * design): isolation by construction, but each instance costs the cluster an index creation and deletion
     * (cluster-state updates done by the master one at a time).
     */
    INDEX_PER_INSTANCE("index-per-instance"),

    /**
     * One index per vector dimension shared by every instance ({@code <prefix>shared-<dimension>}, created on
     * first use): each instance's chunks carry its id in the keyword field {@code instance}, are written and
     * searched with the instance id as {@code routing} (one shard per request), every search is filtered by a
     * {@code term} on {@code instance}, and {@code close} removes them with routed bulk deletes of their ids. No
     * cluster-state update per instance; isolation rests on the filter.
     */
    SHARED("shared");

    private final String cliName;

    IndexMode(String cliName) {
        this.cliName = cliName;
    }

    /**
     * The name on the command line and in the trace: {@code index-per-instance} or {@code shared}.
     *
     * @return the lower-case name of this mode
     */
    public String cliName() {
        return cliName;
    }

    /**
     * The mode named {@code name} ({@link #cliName()}).
     *
     * @param name a name as {@link #cliName()} gives it, in any case
     * @return the mode of that name
     * @throws IllegalArgumentException naming the accepted names
     */
    public static IndexMode parse(String name) {
        for (IndexMode m : values()) {
            if (m.cliName.equals(name == null ? null : name.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown Elasticsearch index mode '" + name + "', expected one of "
                + Arrays.stream(values()).map(IndexMode::cliName).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return cliName;
    }
}
