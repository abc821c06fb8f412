package io.github.astrorag.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.DocumentParser;
import dev.langchain4j.data.document.loader.FileSystemDocumentLoader;
import dev.langchain4j.data.document.parser.apache.tika.ApacheTikaDocumentParser;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's documents into an instance: its real {@link ApacheTikaDocumentParser} parses a DOCX this test writes
 * with Apache POI (through LangChain4j's {@link FileSystemDocumentLoader}, and on its own), the
 * {@link AstroRagDocumentIngestor} adds it to an open instance (hashing embedder, the default extractive generator:
 * offline), and the instance answers from it with a citation of the file. Runs on LangChain4j 1.0.0 and the BOM's.
 */
class AstroRagDocumentIngestorTest {

    @TempDir
    Path dir;

    private RagPipeline pipeline;
    private RagInstance instance;
    private Path docx;

    @BeforeEach
    void open() throws IOException {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        instance = pipeline.openDocuments(List.of(io.github.astrorag.core.model.Document.of("visitors.md",
                "Public nights start one hour after sunset and end at midnight.")));
        docx = dir.resolve("dome.docx");
        try (XWPFDocument doc = new XWPFDocument(); OutputStream out = Files.newOutputStream(docx)) {
            for (String text : List.of("The observatory dome",
                    "The observatory dome is 6.5 metres wide and turns on twelve steel wheels.",
                    "The shutter opens in forty seconds.")) {
                doc.createParagraph().createRun().setText(text);
            }
            doc.write(out);
        }
    }

    @AfterEach
    void close() {
        instance.close();
        pipeline.close();
    }

    @Test
    void aDocxLoadedAndParsedByTikaIsAnsweredWithACitationOfTheFile() {
        Document parsed = FileSystemDocumentLoader.loadDocument(docx, new ApacheTikaDocumentParser());

        List<io.github.astrorag.core.model.Document> added = new AstroRagDocumentIngestor(instance).ingest(parsed);

        assertThat(added).extracting(io.github.astrorag.core.model.Document::id).containsExactly("dome.docx");
        io.github.astrorag.core.model.Document dome = added.get(0);
        assertThat(dome.title()).isEqualTo("dome");
        assertThat(dome.metadata()).containsEntry("file_name", "dome.docx").containsEntry("source", "dome.docx")
                .containsEntry("type", "docx").containsEntry("absolute_directory_path", dir.toAbsolutePath().toString());
        assertThat(instance.documents()).hasSize(2);

        Answer answer = instance.ask("How wide is the observatory dome?");
        assertThat(answer.text()).contains("6.5 metres wide");
        Citation first = answer.citations().get(0);
        assertThat(first.source()).isEqualTo("dome.docx");
        assertThat(first.quote()).contains("6.5 metres wide");
        assertThat(first.metadata()).containsEntry("file_name", "dome.docx");
    }

    @Test
    void aParsedStreamWithoutAFileNameIsNamedByItsTextAndIngestingItAgainReplacesIt() throws IOException {
        DocumentParser parser = new ApacheTikaDocumentParser();
        Document parsed;
        try (InputStream in = Files.newInputStream(docx)) {
            parsed = parser.parse(in);
        }
        AstroRagDocumentIngestor ingestor = new AstroRagDocumentIngestor(instance);

        String id = ingestor.ingest(List.of(parsed)).get(0).id();
        ingestor.ingest(parsed);

        assertThat(id).matches("document-[0-9a-f]{12}");
        assertThat(instance.documents()).extracting(io.github.astrorag.core.model.Document::id).containsExactly("visitors.md", id);
        assertThat(instance.ask("How long does the shutter take to open?").citations().get(0).source()).isEqualTo(id);
    }

    @Test
    void aClosedInstanceIsRefused() {
        instance.close();
        assertThatThrownBy(() -> new AstroRagDocumentIngestor(instance)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> AstroRagDocumentIngestor.documents(null)).isInstanceOf(NullPointerException.class);
    }
}
