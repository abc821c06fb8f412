package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileMetadataTest {

    private static final FileTime MAY_FIRST = FileTime.from(Instant.parse("2024-05-01T09:30:00.123456Z"));

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path f = Files.writeString(dir.resolve(name), text);
        Files.setLastModifiedTime(f, MAY_FIRST);
        return f;
    }

    @Test
    void textAndMarkdownGetSourceTypeAndModificationTimeInUtcToTheSecond() throws IOException {
        file("notes.txt", "Vega is bright.");
        file("long.markdown", "# Deneb\n\nText.");
        Files.createDirectories(dir.resolve("sub"));
        file("sub/log.text", "Altair.");
        List<Document> docs = FileSystemDocumentLoader.defaults().load(dir);
        assertThat(docs).extracting(Document::id).containsExactly("long.markdown", "notes.txt", "sub/log.text");
        assertThat(docs.get(1).metadata()).containsExactly(Map.entry("modified", "2024-05-01T09:30:00Z"),
                Map.entry("source", "notes.txt"), Map.entry("type", "txt"));
        assertThat(docs.get(0).metadata()).containsEntry("type", "md").containsEntry("source", "long.markdown");
        // the source follows the id and the citation: the path within the folder given, which tells files of one name apart
        assertThat(docs.get(2).metadata()).containsEntry("type", "txt").containsEntry("source", "sub/log.text");
    }

    @Test
    void pdfChunksAddTheirPage() throws IOException {
        Path pdf = LoadersTest.pdf(dir.resolve("guide.pdf"), "First page text.", "Second page mentions Altair.");
        Files.setLastModifiedTime(pdf, MAY_FIRST);
        Document doc = new PdfDocumentLoader().load(pdf).get(0);
        assertThat(doc.metadata()).isEqualTo(Map.of("source", "guide.pdf", "type", "pdf", "modified", "2024-05-01T09:30:00Z"));
        List<Chunk> chunks = RecursiveTokenChunker.builder().maxTokens(8).overlap(0).build().chunk(doc);
        Chunk last = chunks.get(chunks.size() - 1);
        assertThat(last.page()).isEqualTo(2);
        assertThat(last.metadata()).containsEntry("page", "2").containsEntry("type", "pdf").containsEntry("source", "guide.pdf");
        assertThat(chunks.get(0).metadata()).containsEntry("page", "1");
    }
}
