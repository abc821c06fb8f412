package io.github.astrorag.elasticsearch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A cluster of several nodes started by {@code src/test/es/es-cluster.sh} and owned by this JVM (its watchdog
 * removes the nodes if the JVM dies): for the node-loss test and the benchmark. Needs the system properties
 * {@code astrorag.es.zip} and {@code astrorag.es.work} that the build sets (the script is found next to
 * {@code astrorag.es.script}).
 */
final class EsTestCluster implements AutoCloseable {

    private final Path script;
    private final Path state;
    private final boolean owned;

    private EsTestCluster(Path script, Path state, boolean owned) {
        this.script = script;
        this.state = state;
        this.owned = owned;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: run with `mvn verify -Pes-cluster` "
                    + "(see src/test/es/es-cluster.sh)");
        }
        return value;
    }

    /**
     * Starts {@code nodes} nodes (heap 256 MiB each) and waits until all have joined (up to 10 minutes on a busy
     * machine); or, when the system property {@code astrorag.es.cluster.state} names the state file of a cluster
     * started by hand with es-cluster.sh, uses that one (and leaves it running).
     */
    static EsTestCluster start(String name, int nodes) throws IOException, InterruptedException {
        Path script = Path.of(required("astrorag.es.script")).resolveSibling("es-cluster.sh");
        String given = System.getProperty("astrorag.es.cluster.state");
        if (given != null && !given.isBlank()) {
            return new EsTestCluster(script, Path.of(given), false);
        }
        Path work = Path.of(required("astrorag.es.work"));
        Files.createDirectories(work);
        EsTestCluster cluster = new EsTestCluster(script, work.resolve(name + ".properties"), true);
        cluster.script("start", "--zip", required("astrorag.es.zip"), "--nodes", Integer.toString(nodes), "--timeout", "600",
                "--java-home", System.getProperty("java.home"), "--owner-pid", Long.toString(ProcessHandle.current().pid()));
        return cluster;
    }

    /** Every node's URL, node 0 first. */
    List<String> urls() {
        return Arrays.asList(property("ES_URLS").split(","));
    }

    /** Kills node {@code i} with SIGKILL. */
    void kill(int i) throws IOException, InterruptedException {
        script("kill", "--node", Integer.toString(i));
    }

    /** Starts killed node {@code i} again on its data and ports and waits until it has joined. */
    void revive(int i) throws IOException, InterruptedException {
        script("revive", "--node", Integer.toString(i), "--timeout", "600", "--java-home", System.getProperty("java.home"));
    }

    private String property(String key) {
        return EsScript.property(state, key);
    }

    private void script(String command, String... args) throws IOException, InterruptedException {
        EsScript.run(script, command, state, List.of(args), Map.of(), 900);
    }

    /** Stops every node and removes the cluster's folder (not a cluster started by hand). */
    @Override
    public void close() throws IOException {
        if (!owned) {
            return;
        }
        try {
            script("destroy");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the cluster", e);
        }
    }
}
