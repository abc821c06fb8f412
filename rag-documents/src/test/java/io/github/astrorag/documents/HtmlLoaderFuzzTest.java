package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Any bytes named {@code .html} load as documents of visible, non-blank text or fail as a {@link DocumentException}
 * naming the file; never another exception. Regression mode (every build) replays the committed seeds in
 * {@code HtmlLoaderFuzzTestInputs}.
 */
class HtmlLoaderFuzzTest {

    private static final HtmlDocumentLoader LOADER = new HtmlDocumentLoader(1 << 20, 1 << 20);

    @FuzzTest(maxDuration = "30s")
    void html(byte[] bytes) throws IOException {
        Path dir = Files.createTempDirectory("fuzz-html");
        Path file = Files.write(dir.resolve("f.html"), bytes);
        try {
            for (Document d : LOADER.load(file)) {
                assertThat(d.text()).isNotBlank().doesNotContain("<script");
                assertThat(d.title()).isNotEmpty();
                assertThat(d.id()).isEqualTo("f.html");
            }
        } catch (DocumentException expected) {
            assertThat(expected.getMessage()).contains("f.html");
        } finally {
            Files.delete(file);
            Files.delete(dir);
        }
    }
}
