package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.testing.DocumentLoaderContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TikaDocumentLoaderTest {

    @TempDir
    Path dir;

    private final TikaDocumentLoader loader = new TikaDocumentLoader();

    @Test
    void docxHeadingsBecomeSections() throws IOException {
        Path f = Fixtures.docx(dir.resolve("stars.docx"), "# Vega\nVega is a bright star in Lyra.\n## Distance\nIt is 25 light-years away.");
        Document d = loader.load(f).get(0);
        assertThat(d.text()).isEqualTo("# Vega\n\nVega is a bright star in Lyra.\n\n## Distance\n\nIt is 25 light-years away.");
        assertThat(d.title()).isEqualTo("Vega");
        assertThat(d.metadata()).containsEntry("type", "docx").containsEntry("source", "stars.docx");
        assertThat(d.paged()).isFalse();
    }

    @Test
    void slidesAndSheetsArePages() throws IOException {
        Document slides = loader.load(Fixtures.pptx(dir.resolve("talk.pptx"), List.of("Vega in Lyra", "Deneb in Cygnus"))).get(0);
        assertThat(slides.pageStarts()).hasSize(2);
        assertThat(slides.pageAt(slides.text().indexOf("Deneb"))).isEqualTo(2);
        assertThat(slides.metadata()).containsEntry(TikaDocumentLoader.PAGES, "slide");
        Document sheets = loader.load(Fixtures.xlsx(dir.resolve("book.xlsx"), List.of("Vega 25", "Deneb 2600"))).get(0);
        assertThat(sheets.pageStarts()).hasSize(2);
        assertThat(sheets.pageAt(sheets.text().indexOf("Deneb"))).isEqualTo(2);
        assertThat(sheets.text()).contains("# Sheet2");
        assertThat(sheets.metadata()).containsEntry(TikaDocumentLoader.PAGES, "sheet");
    }

    @Test
    void rtfAndBrokenFiles() throws IOException {
        Path rtf = Files.writeString(dir.resolve("a.rtf"), "{\\rtf1\\ansi Vega is bright.\\par}");
        assertThat(loader.load(rtf).get(0).text()).contains("Vega is bright.");
        Path broken = Files.writeString(dir.resolve("b.docx"), "not a zip at all");
        assertThatThrownBy(() -> loader.load(broken)).isInstanceOf(DocumentException.class).hasMessageContaining("b.docx");
    }

    @Nested
    class Contract extends DocumentLoaderContract {
        @Override
        protected DocumentLoader loader() {
            return new TikaDocumentLoader();
        }

        @Override
        protected Path write(Path folder, String baseName, List<String> pages) throws IOException {
            return Fixtures.pptx(folder.resolve(baseName + ".pptx"), pages);
        }

        @Override
        protected boolean paged() {
            return true;
        }
    }
}
