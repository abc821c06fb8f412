package io.github.astrorag.elasticsearch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A test node started by {@code src/test/es/es-node.sh}: the build's main node (started in
 * pre-integration-test, its state file named by system property {@code astrorag.es.state}), or an extra node
 * a test starts and stops itself. Missing properties fail the test: the ITs are never silently skipped.
 */
final class EsTestNode implements AutoCloseable {

    private final Path state;
    private final Map<String, String> env;

    private EsTestNode(Path state, Map<String, String> env) {
        this.state = state;
        this.env = env;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set: run the ITs with `mvn verify` "
                    + "(which starts the test node), or pass -D" + property + "=... (see src/test/es/es-node.sh)");
        }
        return value;
    }

    /**
     * The longest a client call may take in the ITs that do not test timeouts: the default (60 s, 30 s without an
     * answer) is ample for one call on a quiet machine, but not for 32 index creations queued at the master of a
     * node several times slower.
     */
    static final Duration PATIENT = Duration.ofMinutes(5);

    /** Client settings for {@code url} with {@link #PATIENT} as the total and the socket timeout. */
    static ElasticsearchSettings patient(String url) {
        return ElasticsearchSettings.builder().url(url).timeout(PATIENT).socketTimeout(PATIENT).build();
    }

    /** The node the build started. */
    static EsTestNode main() {
        Path state = Path.of(required("astrorag.es.state"));
        if (!Files.isRegularFile(state)) {
            throw new IllegalStateException("no state file " + state + ": the test node was not started by the build");
        }
        return new EsTestNode(state, Map.of());
    }

    /**
     * Starts an extra node owned by this JVM: security on when {@code user} is not null, https (with a CA the
     * script makes) when {@code tls}.
     */
    static EsTestNode startExtra(String name, String user, String password, boolean tls) throws IOException, InterruptedException {
        Path work = Path.of(required("astrorag.es.work"));
        Files.createDirectories(work);
        Path state = work.resolve(name + ".properties");
        Map<String, String> env = user == null ? Map.of() : Map.of("ES_TEST_USER", user, "ES_TEST_PASSWORD", password);
        EsTestNode node = new EsTestNode(state, env);
        List<String> args = new ArrayList<>(List.of("start", "--zip", required("astrorag.es.zip"),
                "--java-home", System.getProperty("java.home"), "--owner-pid", Long.toString(ProcessHandle.current().pid())));
        if (user != null) {
            args.add("--security");
        }
        if (tls) {
            args.add("--tls");
        }
        node.script(args);
        return node;
    }

    String url() {
        return property("ES_URL");
    }

    /** The CA certificate of a node started with TLS. */
    Path ca() {
        return Path.of(property("ES_CA"));
    }

    long pid() {
        return Long.parseLong(property("ES_PID"));
    }

    private String property(String key) {
        return EsScript.property(state, key);
    }

    /** Stops the node, keeping its data. */
    void stop() throws IOException, InterruptedException {
        script(List.of("stop"));
    }

    /** Starts the stopped node again on its data (another port: read {@link #url()} again). */
    void restart() throws IOException, InterruptedException {
        script(List.of("restart", "--java-home", System.getProperty("java.home"),
                "--owner-pid", Long.toString(ProcessHandle.current().pid())));
    }

    /** Sends a signal (STOP, CONT) to the node's process. */
    void signal(String signal) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("kill -" + signal + " failed");
        }
    }

    private void script(List<String> args) throws IOException, InterruptedException {
        EsScript.run(Path.of(required("astrorag.es.script")), args.get(0), state, args.subList(1, args.size()), env, 900);
    }

    /** Stops the node and removes its folder. */
    @Override
    public void close() throws IOException {
        try {
            script(List.of("destroy"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the node", e);
        }
    }
}
