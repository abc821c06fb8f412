package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Any bytes named {@code .pdf} load as a document with valid page starts or fail as a
 * {@link DocumentException}; never another exception, never past the text limits. The committed corpus in
 * {@code PdfLoaderFuzzTestInputs} holds small PDFs written for these tests.
 */
class PdfLoaderFuzzTest {

    private static final PdfDocumentLoader LOADER = new PdfDocumentLoader(1 << 20, 100_000, 50_000);

    @FuzzTest(maxDuration = "30s")
    void pdf(byte[] bytes) throws IOException {
        Path file = Files.createTempFile("fuzz", ".pdf");
        try {
            Files.write(file, bytes);
            Document d = LOADER.load(file).get(0);
            assertThat(d.text()).isNotBlank();
            assertThat(d.text().length()).isLessThanOrEqualTo(100_000 + d.pageStarts().size());
        } catch (DocumentException expected) {
            assertThat(expected.path()).isEqualTo(file);
        } finally {
            Files.delete(file);
        }
    }
}
