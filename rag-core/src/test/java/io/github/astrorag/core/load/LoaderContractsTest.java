package io.github.astrorag.core.load;

import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.testing.DocumentLoaderContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;

/** Every loader of rag-core against the {@link DocumentLoader} contract, with text, Markdown and PDF files. */
class LoaderContractsTest {

    /** Pages written one after the other into a UTF-8 file. */
    abstract static class TextFiles extends DocumentLoaderContract {
        String extension() {
            return ".txt";
        }

        @Override
        protected Path write(Path folder, String baseName, List<String> pages) throws IOException {
            return Files.writeString(folder.resolve(baseName + extension()), String.join("\n\n", pages));
        }
    }

    /** One PDF page per page. */
    abstract static class PdfFiles extends DocumentLoaderContract {
        @Override
        protected Path write(Path folder, String baseName, List<String> pages) throws IOException {
            return LoadersTest.pdf(folder.resolve(baseName + ".pdf"), pages.toArray(String[]::new));
        }

        @Override
        protected boolean paged() {
            return true;
        }
    }

    @Nested
    class Text extends TextFiles {
        @Override
        protected DocumentLoader loader() {
            return new TextDocumentLoader();
        }
    }

    @Nested
    class Markdown extends TextFiles {
        @Override
        String extension() {
            return ".md";
        }

        @Override
        protected DocumentLoader loader() {
            return new TextDocumentLoader();
        }
    }

    @Nested
    class Pdf extends PdfFiles {
        @Override
        protected DocumentLoader loader() {
            return new PdfDocumentLoader();
        }
    }

    @Nested
    class FileSystemWithText extends TextFiles {
        @Override
        protected DocumentLoader loader() {
            return FileSystemDocumentLoader.defaults();
        }
    }

    @Nested
    class FileSystemWithPdf extends PdfFiles {
        @Override
        protected DocumentLoader loader() {
            return FileSystemDocumentLoader.defaults();
        }
    }
}
