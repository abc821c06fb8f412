package io.github.astrorag.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the README, of every page of {@code docs/} and of the modules' READMEs compiles as
 * written against this module's test class path (the library, the adapters with their frameworks, rag-core's
 * test-jar): one test per block, named by its page and line ({@link ReadmeJava} says how each shape is compiled).
 */
class DocsJavaBlocksTest {

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() throws Exception {
        return ReadmeJava.allBlocks().stream().map(block -> DynamicTest.dynamicTest(block.name(), () -> {
            Path own = Files.createDirectories(dir.resolve(block.name().replaceAll("[^A-Za-z0-9]", "_")));
            ReadmeJava.compile(own, block);
        }));
    }

    @Test
    void theExamplesThePagesPromiseAreThere() throws Exception {
        List<String> names = ReadmeJava.allBlocks().stream().map(ReadmeJava.Block::name).toList();
        assertThat(names).anyMatch(n -> n.startsWith("README.md:"));
        assertThat(names).anyMatch(n -> n.startsWith("docs/integrations.md:"));
        assertThat(ReadmeJava.block("README.md", "## Quick start").shape()).isEqualTo(ReadmeJava.Shape.STATEMENTS);
        assertThat(ReadmeJava.block("docs/integrations.md", "### LangChain4j").shape()).isEqualTo(ReadmeJava.Shape.MEMBERS);
        assertThat(ReadmeJava.block("docs/integrations.md", "### Spring AI").shape()).isEqualTo(ReadmeJava.Shape.MEMBERS);
        assertThat(ReadmeJava.block("docs/design.md", "### Testing your own implementation").shape())
                .isEqualTo(ReadmeJava.Shape.TYPES);
    }
}
