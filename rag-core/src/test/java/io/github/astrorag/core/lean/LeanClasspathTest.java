package io.github.astrorag.core.lean;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.internal.OptionalDependency;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rag-core with nothing but its required dependencies (JTokkit, SLF4J, JSpecify): the in-memory pipeline,
 * the trace's JSON and the HTTP generators work; a PDF given by name fails with one line naming the coordinates to
 * add, a PDF in a folder is skipped while the folder's other files load.
 * Runs {@link LeanClasspathProbe} in a new JVM on that class path.
 */
class LeanClasspathTest {

    private static final List<String> REQUIRED = List.of("jtokkit", "slf4j-api", "jspecify");

    @Test
    void theCoreRunsOnItsRequiredDependenciesAlone(@TempDir Path dir) throws Exception {
        List<String> path = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.endsWith("classes") || REQUIRED.stream().anyMatch(r -> Path.of(e).getFileName().toString().startsWith(r)))
                .toList();
        assertThat(path).noneMatch(e -> e.contains("jackson") || e.contains("pdfbox") || e.contains("lucene"));
        assertThat(path).hasSize(2 + REQUIRED.size());
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, path), LeanClasspathProbe.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("answer: ").contains("Phobos and Deimos")
                .contains("citation: notes.md#0")
                .contains("json: true")
                .contains("generator: m")
                .contains("pdf: reading " + dir.resolve("paper.pdf") + " needs the optional dependency "
                        + OptionalDependency.PDFBOX.coordinates() + ", which is not on the class path: add it to your build"
                        + " (Maven: <groupId>org.apache.pdfbox</groupId><artifactId>pdfbox</artifactId><version>")
                // in a folder, the PDF is skipped and the rest loads
                .contains("folder: [notes.md] skipped [{file=" + dir.resolve("folder").resolve("paper.pdf") + ", reason=reading ");
    }

    @Test
    void theNamedVersionsAreTheOnesThisBuildTestedWith() {
        String cp = System.getProperty("java.class.path");
        for (OptionalDependency d : OptionalDependency.values()) {
            String[] gav = d.coordinates().split(":");
            assertThat(cp).as(d.name()).contains(gav[1] + "-" + gav[2] + ".jar");
            assertThat(d.isPresent()).isTrue();
        }
    }
}
