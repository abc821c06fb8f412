package io.github.astrorag.elasticsearch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/** Runs the node scripts of {@code src/test/es} and reads the state files they write (Java properties). */
final class EsScript {

    private EsScript() {
    }

    /** The value of {@code key} in the state file {@code state}; fails when missing or blank. */
    static String property(Path state, String key) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(state)) {
            p.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + state, e);
        }
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("no " + key + " in " + state);
        }
        return value;
    }

    /**
     * Runs {@code bash script command --state state args...} with {@code env} added to the environment, echoes its
     * output, and fails with that output when it exits non-zero or has not ended after {@code timeoutSeconds} (a hang
     * guard: give it more than the script's own wait, which ends as soon as the nodes answer).
     */
    static void run(Path script, String command, Path state, List<String> args, Map<String, String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of("bash", script.toString(), command, "--state", state.toString()));
        line.addAll(args);
        Path log = Files.createTempFile("astrorag-es-script", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            if (!ended || p.exitValue() != 0) {
                throw new IllegalStateException(script.getFileName() + " " + command
                        + (ended ? " failed" : " had not ended after " + timeoutSeconds + " s") + ":\n" + out);
            }
            System.out.print(out);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
