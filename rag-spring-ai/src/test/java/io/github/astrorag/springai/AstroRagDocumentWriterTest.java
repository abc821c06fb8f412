package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.DocumentReader;
import org.springframework.ai.reader.tika.TikaDocumentReader;
import org.springframework.core.io.FileSystemResource;

/**
 * Spring AI's ETL pipeline into an instance: its real {@link TikaDocumentReader} reads a DOCX and an HTML file this
 * test writes (the DOCX with Apache POI), {@link AstroRagDocumentWriter} writes what it read into an open instance
 * (hashing embedder, the default extractive generator: offline), and the instance answers from them with a citation
 * of the file. Runs on Spring AI 1.1 here and on 2.0 in rag-spring-ai-2-tests.
 */
class AstroRagDocumentWriterTest {

    @TempDir
    Path dir;

    private RagPipeline pipeline;
    private RagInstance instance;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        // an instance is opened over documents; the ETL then adds to it
        instance = pipeline.openDocuments(List.of(Document.of("visitors.md",
                "Public nights start one hour after sunset and end at midnight.")));
    }

    @AfterEach
    void close() {
        instance.close();
        pipeline.close();
    }

    @Test
    void aDocxReadByTikaAndWrittenIsAnsweredWithACitationOfTheFile() throws IOException {
        Path docx = docx(dir.resolve("dome.docx"), List.of("The observatory dome",
                "The observatory dome is 6.5 metres wide and turns on twelve steel wheels.",
                "The shutter opens in forty seconds."));
        DocumentReader reader = new TikaDocumentReader(new FileSystemResource(docx));
        AstroRagDocumentWriter writer = new AstroRagDocumentWriter(instance);

        writer.accept(reader.get());

        assertThat(instance.documents()).extracting(Document::id).containsExactly("visitors.md", "dome.docx");
        Document added = instance.documents().get(1);
        assertThat(added.source()).isEqualTo("dome.docx");
        assertThat(added.title()).isEqualTo("dome");
        assertThat(added.metadata()).containsEntry("source", "dome.docx").containsEntry("type", "docx");
        assertThat(added.text()).contains("6.5 metres wide").contains("forty seconds");

        Answer answer = instance.ask("How wide is the observatory dome?");
        assertThat(answer.text()).contains("6.5 metres wide");
        assertThat(answer.citations()).isNotEmpty();
        Citation first = answer.citations().get(0);
        assertThat(first.source()).isEqualTo("dome.docx");
        assertThat(first.page()).isNull();
        assertThat(first.quote()).contains("6.5 metres wide");
        assertThat(first.metadata()).containsEntry("type", "docx");
    }

    @Test
    void anHtmlFileReadByTikaIsWrittenWithItsTextNotItsMarkup() throws IOException {
        Path html = Files.writeString(dir.resolve("camera.html"), "<!DOCTYPE html><html><head><title>The camera</title>"
                + "<style>p { color: red; }</style></head><body><h1>The science camera</h1>"
                + "<p>The science camera is cooled to minus 20 degrees Celsius to keep the dark current low.</p>"
                + "</body></html>");

        new AstroRagDocumentWriter(instance).accept(new TikaDocumentReader(new FileSystemResource(html)).get());

        Document added = instance.documents().get(1);
        assertThat(added.id()).isEqualTo("camera.html");
        assertThat(added.text()).contains("minus 20 degrees Celsius").doesNotContain("<p>").doesNotContain("color: red");
        Answer answer = instance.ask("To what temperature is the science camera cooled?");
        assertThat(answer.text()).contains("minus 20 degrees Celsius");
        assertThat(answer.citations()).extracting(Citation::source).first().isEqualTo("camera.html");
    }

    @Test
    void writingAFileAgainReplacesItsDocument() throws IOException {
        Path docx = docx(dir.resolve("dome.docx"), List.of("The dome is 6.5 metres wide."));
        AstroRagDocumentWriter writer = new AstroRagDocumentWriter(instance);
        writer.accept(new TikaDocumentReader(new FileSystemResource(docx)).get());
        docx(docx, List.of("The dome is 9 metres wide."));

        writer.accept(new TikaDocumentReader(new FileSystemResource(docx)).get());

        assertThat(instance.documents()).extracting(Document::id).containsExactly("visitors.md", "dome.docx");
        assertThat(instance.ask("How wide is the dome?").text()).contains("9 metres").doesNotContain("6.5");
    }

    @Test
    void pagesOfOnePdfReaderSourceBecomeOnePagedDocumentWhoseCitationsCarryThePage() {
        // what Spring AI's PagePdfDocumentReader gives: one document per page, file_name and page_number
        List<org.springframework.ai.document.Document> pages = List.of(
                new org.springframework.ai.document.Document("The guide to the telescope.",
                        Map.of("file_name", "guide.pdf", "page_number", 1, "end_page_number", 1)),
                new org.springframework.ai.document.Document("The mirror of the telescope is 2.4 metres across.",
                        Map.of("file_name", "guide.pdf", "page_number", 3, "end_page_number", 3)),
                new org.springframework.ai.document.Document(" ", Map.of("file_name", "guide.pdf", "page_number", 4)));

        new AstroRagDocumentWriter(instance).accept(pages);

        Document guide = instance.documents().get(1);
        assertThat(guide.id()).isEqualTo("guide.pdf");
        // "The guide to the telescope." is 27 characters, then a blank line: page 2 holds nothing, page 3 starts at 29
        assertThat(guide.pageStarts()).containsExactly(0, 29, 29);
        assertThat(guide.metadata()).containsOnly(Map.entry("file_name", "guide.pdf"), Map.entry("source", "guide.pdf"),
                Map.entry("type", "pdf"));
        Answer answer = instance.ask("How large is the mirror of the telescope?");
        assertThat(answer.text()).contains("2.4 metres");
        assertThat(answer.citations().get(0).source()).isEqualTo("guide.pdf");
        assertThat(answer.citations().get(0).page()).isEqualTo(3);
    }

    @Test
    void aWriterFillsAnInstanceOpenedEmpty() {
        try (RagInstance empty = pipeline.openEmpty()) {
            new AstroRagDocumentWriter(empty).accept(List.of(new org.springframework.ai.document.Document(
                    "The mirror of the telescope is 2.4 metres across.", Map.of("source", "mirror.md"))));
            assertThat(empty.documents()).extracting(Document::id).containsExactly("mirror.md");
            Answer answer = empty.ask("How large is the mirror of the telescope?");
            assertThat(answer.text()).contains("2.4 metres");
            assertThat(answer.citations().get(0).source()).isEqualTo("mirror.md");
        }
    }

    @Test
    void nothingWithTextWritesNothingAndAClosedInstanceIsRefused() {
        AstroRagDocumentWriter writer = new AstroRagDocumentWriter(instance);
        writer.accept(List.of());
        writer.accept(List.of(new org.springframework.ai.document.Document("", Map.of("source", "empty.docx"))));
        assertThat(instance.documents()).hasSize(1);
        assertThat(writer.instance()).isSameAs(instance);

        instance.close();
        assertThatThrownBy(() -> new AstroRagDocumentWriter(instance)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> writer.accept(null)).isInstanceOf(NullPointerException.class);
    }

    /** A DOCX of one paragraph per line. */
    static Path docx(Path file, List<String> paragraphs) throws IOException {
        try (XWPFDocument doc = new XWPFDocument(); OutputStream out = Files.newOutputStream(file)) {
            for (String text : paragraphs) {
                doc.createParagraph().createRun().setText(text);
            }
            doc.write(out);
        }
        return file;
    }
}
