package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.DocumentLoader.Loaded;
import io.github.astrorag.core.spi.DocumentLoader.OnUnreadable;
import io.github.astrorag.core.spi.DocumentLoader.OnUnsupported;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loaders say what they read; files no loader reads are counted, reported, or fail the call: never silent. */
class UnsupportedFilesTest {

    @TempDir
    Path dir;

    private Path folder;

    @BeforeEach
    void mixedFolder() throws IOException {
        folder = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(folder.resolve("a.txt"), "Vega is bright.");
        Files.writeString(folder.resolve("b.md"), "# Deneb\n\nDeneb is far.");
        for (String name : List.of("c.html", "d.html", "sub/e.html", "f.docx", "g.docx", "h.csv", "LICENSE")) {
            Files.createDirectories(folder.resolve(name).getParent());
            Files.writeString(folder.resolve(name), "x");
        }
    }

    @Test
    void loadersDescribeTheKindsTheyRead() {
        FileSystemDocumentLoader loader = FileSystemDocumentLoader.defaults();
        assertThat(loader.extensions()).containsExactly("txt", "text", "md", "markdown", "pdf");
        assertThat(loader.mediaTypes()).containsExactly("text/plain", "text/markdown", "application/pdf");
        assertThat(DocumentLoader.describe(loader.extensions())).isEqualTo(".txt, .text, .md, .markdown or .pdf");
        assertThat(DocumentLoader.describe(List.of("html"))).isEqualTo(".html");
        assertThat(DocumentLoader.describe(List.of())).isEqualTo("no declared extension");
        // rag-core registers text and pdf by name; the registry makes them
        assertThat(PartRegistry.installed().loaders()).flatExtracting(l -> List.copyOf(l.extensions()))
                .contains("txt", "md", "pdf");
    }

    @Test
    void aLoaderAddedToTheBuilderAddsItsKindToEveryMessage() throws IOException {
        DocumentLoader csv = new DocumentLoader() {
            @Override
            public Set<String> extensions() {
                return Set.of("csv");
            }

            @Override
            public boolean supports(Path file) {
                return LoaderLimits.extension(file).equals("csv");
            }

            @Override
            public List<Document> load(Path file) {
                LoaderLimits.checkReadable(file, 1000);
                return List.of(new Document(file.getFileName().toString(), "table", file.getFileName().toString(),
                        "a table", List.of(), FileMetadata.of(file)));
            }
        };
        FileSystemDocumentLoader loader = FileSystemDocumentLoader.builder().loader(new TextDocumentLoader()).loader(csv).build();
        assertThat(loader.extensions()).containsExactly("txt", "text", "md", "markdown", "csv");
        Loaded loaded = loader.loadAll(List.of(folder), OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).extracting(Document::id).containsExactly("a.txt", "b.md", "h.csv");
        assertThat(loaded.documents().get(2).metadata()).containsEntry("type", "csv").containsEntry("source", "h.csv");
        assertThatThrownBy(() -> loader.load(folder.resolve("c.html"))).isInstanceOf(DocumentException.Unsupported.class)
                .hasMessage("unsupported file type '.html' of " + folder.resolve("c.html")
                        + ": use .txt, .text, .md, .markdown or .csv (add rag-documents)");
        assertThatThrownBy(() -> FileSystemDocumentLoader.builder().build()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FileSystemDocumentLoader.builder().maxTotalChars(5).maxTotalChars(6))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> FileSystemDocumentLoader.builder().maxTotalChars(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxTotalChars");
    }

    @Test
    void filesNoLoaderReadsAreCountedByExtension() {
        Loaded loaded = FileSystemDocumentLoader.defaults().loadAll(List.of(folder), OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).extracting(Document::id).containsExactly("a.txt", "b.md");
        assertThat(loaded.skipped()).isEmpty();
        assertThat(loaded.unsupported()).containsExactly(Map.entry("html", 3), Map.entry("docx", 2),
                Map.entry("", 1), Map.entry("csv", 1));
        assertThat(loaded.unsupportedLine("")).isEqualTo("skipped 3 .html, 2 .docx, 1 without extension, 1 .csv: no loader");
        assertThat(FileSystemDocumentLoader.hint(List.of("html", "docx"))).isEqualTo("(add rag-documents)");
        assertThat(FileSystemDocumentLoader.hint(loaded.unsupported().keySet()))
                .isEqualTo("(rag-documents reads .html and .docx)");
        assertThat(FileSystemDocumentLoader.hint(List.of("csv"))).isEmpty();
        assertThat(new Loaded(loaded.documents(), List.of()).unsupportedLine("x")).isEmpty();
    }

    @Test
    void aPolicyFailsOnThemInstead() {
        FileSystemDocumentLoader strict = FileSystemDocumentLoader.builder().loader(new TextDocumentLoader())
                .onUnsupported(OnUnsupported.FAIL).build();
        assertThatThrownBy(() -> strict.loadAll(List.of(folder), OnUnreadable.SKIP))
                .isInstanceOf(DocumentException.Unsupported.class).hasMessageContaining("found in folder " + folder);
        assertThatThrownBy(() -> FileSystemDocumentLoader.builder().onUnsupported(OnUnsupported.FAIL)
                .onUnsupported(OnUnsupported.SKIP)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void thePipelineTracesThemInItsLoadStage() throws IOException {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.open(List.of(folder))) {
            assertThat(instance.documents()).hasSize(2);
            Trace.Stage load = instance.ingestStages().get(0);
            assertThat(load.details()).containsEntry("documents", 2)
                    .containsEntry("unsupported", Map.of(".html", 3, ".docx", 2, "", 1, ".csv", 1))
                    .doesNotContainKey("skipped");
        }
    }
}
