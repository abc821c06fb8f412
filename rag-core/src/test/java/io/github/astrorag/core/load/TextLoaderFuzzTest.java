package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Any bytes named {@code .md} or {@code .txt} load as documents or fail as a {@link DocumentException}; never
 * another exception. Regression mode runs the committed corpus in {@code TextLoaderFuzzTestInputs}.
 */
class TextLoaderFuzzTest {

    private static final TextDocumentLoader LOADER = new TextDocumentLoader();

    @FuzzTest(maxDuration = "30s")
    void textAndMarkdown(byte[] bytes) throws IOException {
        Path dir = Files.createTempDirectory("fuzz-text");
        try {
            for (String name : new String[] {"f.md", "f.txt"}) {
                Path file = Files.write(dir.resolve(name), bytes);
                try {
                    Document d = LOADER.load(file).get(0);
                    assertThat(d.text()).isNotBlank().doesNotContain("\0");
                    assertThat(d.title()).isNotEmpty();
                } catch (DocumentException expected) {
                    assertThat(expected.getMessage()).contains(name);
                } finally {
                    Files.delete(file);
                }
            }
        } finally {
            Files.delete(dir);
        }
    }
}
