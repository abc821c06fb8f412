package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.DocumentLoader.Loaded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The folder of the issue: 12 .txt, 10 .md, 3 .pdf, 3 .html and 2 .docx. With rag-documents' loaders (registered by
 * name, as the command line reads them) 30 documents load; with rag-core's alone, 25, and the 5 left out are counted
 * by extension in the trace and in one line.
 */
class FolderOfEveryKindTest {

    @TempDir
    Path folder;

    @BeforeEach
    void thirtyFiles() throws IOException {
        for (int i = 0; i < 12; i++) {
            Files.writeString(folder.resolve("note" + i + ".txt"), "Note " + i + " says star " + i + " is bright.");
        }
        for (int i = 0; i < 10; i++) {
            Files.writeString(folder.resolve("page" + i + ".md"), "# Page " + i + "\n\nPage " + i + " is about comets.");
        }
        for (int i = 0; i < 3; i++) {
            try (PDDocument doc = new PDDocument()) {
                PDPage page = new PDPage();
                doc.addPage(page);
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    cs.beginText();
                    cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                    cs.newLineAtOffset(72, 700);
                    cs.showText("Paper " + i + " measures parallax.");
                    cs.endText();
                }
                doc.save(folder.resolve("paper" + i + ".pdf").toFile());
            }
        }
        for (int i = 0; i < 3; i++) {
            Files.writeString(folder.resolve("site" + i + ".html"), "<html><head><title>Site " + i + "</title></head><body>"
                    + "<h1>Site " + i + "</h1><p>The observatory dome " + i + " opens at dusk.</p></body></html>");
        }
        Fixtures.docx(folder.resolve("report0.docx"), "# Report\nThe spectrograph reaches a resolving power of 5000.");
        Fixtures.docx(folder.resolve("report1.docx"), "# Minutes\nThe committee met on Tuesday.");
    }

    @Test
    void withRagDocumentsThirtyLoad() {
        DocumentLoader all = FileSystemDocumentLoader.builder().loaders(PartRegistry.installed().loaders()).build();
        Loaded loaded = all.loadAll(List.of(folder), DocumentLoader.OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).hasSize(30);
        assertThat(loaded.unsupported()).isEmpty();
        assertThat(loaded.skipped()).isEmpty();
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).loader(all).build();
        try (RagInstance instance = rag.open(List.of(folder))) {
            Answer a = instance.ask("What resolving power does the spectrograph reach?");
            assertThat(a.text()).contains("5000");
            assertThat(a.citations().get(0).source()).isEqualTo("report0.docx");
        }
    }

    @Test
    void thePipelinesDefaultLoaderReadsEveryInstalledLoaderSoThirtyLoadWithoutCode() {
        assertThat(FileSystemDocumentLoader.installed().extensions()).contains("txt", "md", "pdf", "html", "docx");
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.open(List.of(folder))) {
            assertThat(instance.documents()).hasSize(30);
            Trace.Stage load = instance.ingestStages().get(0);
            assertThat(load.details()).containsEntry("documents", 30).doesNotContainKey("unsupported");
            Answer fromDocx = instance.ask("What resolving power does the spectrograph reach?");
            assertThat(fromDocx.text()).contains("5000");
            assertThat(fromDocx.citations().get(0).source()).isEqualTo("report0.docx");
            Answer fromHtml = instance.ask("When does the observatory dome open?");
            assertThat(fromHtml.text()).contains("opens at dusk");
            assertThat(fromHtml.citations().get(0).source()).matches("site[0-2]\\.html");
        }
    }

    @Test
    void withoutItTwentyFiveLoadAndTheFiveAreNamed() {
        Loaded loaded = FileSystemDocumentLoader.defaults().loadAll(List.of(folder), DocumentLoader.OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).hasSize(25);
        assertThat(loaded.unsupportedLine(FileSystemDocumentLoader.hint(loaded.unsupported().keySet())))
                .isEqualTo("skipped 3 .html, 2 .docx: no loader (add rag-documents)");
        // the pipeline's own default reads every installed loader: without rag-documents is what defaults() reads
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).loader(FileSystemDocumentLoader.defaults()).build();
        try (RagInstance instance = rag.open(List.of(folder))) {
            Trace.Stage load = instance.ingestStages().get(0);
            assertThat(load.details()).containsEntry("documents", 25).containsEntry("unsupported", Map.of(".html", 3, ".docx", 2));
        }
    }
}
