package io.github.astrorag.project.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.astrorag.core.testing.ContextSelectorContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * rag-core's test-jar holds the contracts and their fakes (package {@code core.testing}) and none of
 * rag-core's own tests. Checked when the build resolved the test-jar as a jar (from {@code package} on,
 * as in {@code mvn verify}); a plain {@code mvn test} in the reactor hands over rag-core's test-classes
 * folder instead, and the check is skipped.
 */
class TestJarContentsTest {

    @Test
    void onlyTheTestingPackage() throws Exception {
        Path location = Path.of(ContextSelectorContract.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assumeTrue(Files.isRegularFile(location), "rag-core's tests come from a folder, not the test-jar: " + location);
        try (JarFile jar = new JarFile(location.toFile())) {
            List<String> classes = jar.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class")).toList();
            assertThat(classes).isNotEmpty().allMatch(n -> n.startsWith("io/github/astrorag/core/testing/"), "in core.testing");
            assertThat(classes).contains("io/github/astrorag/core/testing/ContextSelectorContract.class",
                    "io/github/astrorag/core/testing/CombinationScorerContract.class",
                    "io/github/astrorag/core/testing/EmbeddingCacheContract.class",
                    "io/github/astrorag/core/testing/PrefilterContract.class",
                    "io/github/astrorag/core/testing/TextSearchContract.class",
                    "io/github/astrorag/core/testing/GivenTwice.class",
                    "io/github/astrorag/core/testing/FakeOpenAiServer.class");
        }
    }
}
