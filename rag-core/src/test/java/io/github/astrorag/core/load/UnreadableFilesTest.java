package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.DocumentLoader.Loaded;
import io.github.astrorag.core.spi.DocumentLoader.OnUnreadable;
import io.github.astrorag.core.spi.DocumentLoader.Skipped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy for files a load call cannot read: fail, skip those found in folders (the default), skip all. */
class UnreadableFilesTest {

    @TempDir
    Path dir;

    private final FileSystemDocumentLoader loader = FileSystemDocumentLoader.defaults();
    private Path folder;
    private Path broken;

    @BeforeEach
    void folderWithABrokenPdfAndAnEmptyNote() throws IOException {
        folder = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(folder.resolve("a.txt"), "Vega is bright.");
        broken = Files.writeString(folder.resolve("b.pdf"), "%PDF-1.7\nthis is not really a pdf");
        Files.writeString(folder.resolve("c.md"), "   \n");
        Files.writeString(folder.resolve("d.md"), "# Deneb\n\nDeneb is far.");
    }

    /**
     * Files deleted while their folder loads (issue 34, row 8): each is skipped with a reason saying it vanished
     * (was: "cannot resolve …" failed the whole call); under FAIL the call still fails naming it.
     */
    @Test
    void filesThatVanishWhileTheFolderLoadsAreSkipped() throws IOException {
        Path notes = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(notes.resolve("a.txt"), "Altair is bright.");
        Path b = Files.writeString(notes.resolve("b.txt"), "Betelgeuse is red.");
        Files.writeString(notes.resolve("c.txt"), "Capella is yellow.");
        Path d = Files.writeString(Files.createDirectories(notes.resolve("d")).resolve("e.txt"), "Electra is blue.");
        TextDocumentLoader text = new TextDocumentLoader();
        DocumentLoader deleting = new DocumentLoader() { // reading a.txt deletes b.txt and d/e.txt, listed already
            @Override
            public boolean supports(Path file) {
                return text.supports(file);
            }

            @Override
            public List<Document> load(Path file) {
                if (file.getFileName().toString().equals("a.txt")) {
                    try {
                        Files.delete(b);
                        Files.delete(d);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return text.load(file);
            }
        };
        Loaded loaded = new FileSystemDocumentLoader(List.of(deleting)).loadAll(List.of(notes), OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).extracting(Document::id).containsExactly("a.txt", "c.txt");
        assertThat(loaded.skipped()).extracting(Skipped::file).containsExactly(b, d);
        assertThat(loaded.skipped().get(0).reason()).contains("b.txt vanished while folder " + notes + " was read");

        Files.writeString(b, "Betelgeuse is red.");
        Files.writeString(d, "Electra is blue.");
        assertThatThrownBy(() -> new FileSystemDocumentLoader(List.of(deleting)).loadAll(List.of(notes), OnUnreadable.FAIL))
                .isInstanceOf(DocumentException.Unreadable.class).hasMessageContaining("b.txt vanished");
    }

    @Test
    void aFolderSkipsWhatItCannotReadAndSaysWhy() {
        Loaded loaded = loader.loadAll(List.of(folder), OnUnreadable.SKIP_IN_FOLDERS);
        assertThat(loaded.documents()).extracting(Document::id).containsExactly("a.txt", "d.md");
        assertThat(loaded.skipped()).extracting(Skipped::file).containsExactly(broken, folder.resolve("c.md"));
        assertThat(loaded.skipped().get(0).reason()).contains("b.pdf is not a readable PDF");
        assertThat(loaded.skipped().get(1).reason()).contains("c.md holds only white space");
    }

    @Test
    void failIsTheLoaderOwnDefaultAndAFileGivenByNameFailsUnlessAllAreSkipped() throws IOException {
        assertThatThrownBy(() -> loader.loadAll(List.of(folder))).isInstanceOf(DocumentException.Malformed.class);
        assertThatThrownBy(() -> loader.loadAll(List.of(folder), OnUnreadable.FAIL)).isInstanceOf(DocumentException.Malformed.class);
        assertThatThrownBy(() -> loader.loadAll(List.of(folder.resolve("a.txt"), broken), OnUnreadable.SKIP_IN_FOLDERS))
                .isInstanceOf(DocumentException.Malformed.class).hasMessageContaining("b.pdf");
        Loaded all = loader.loadAll(List.of(folder.resolve("a.txt"), broken, dir.resolve("missing.md")), OnUnreadable.SKIP);
        assertThat(all.documents()).extracting(Document::id).containsExactly("a.txt");
        assertThat(all.skipped()).extracting(Skipped::file).containsExactly(broken, dir.resolve("missing.md"));
        // nothing left: the first failure
        assertThatThrownBy(() -> loader.loadAll(List.of(broken, folder.resolve("c.md")), OnUnreadable.SKIP))
                .isInstanceOf(DocumentException.Malformed.class).hasMessageContaining("b.pdf");
        Path onlyBad = Files.createDirectories(dir.resolve("bad"));
        Files.writeString(onlyBad.resolve("x.md"), "\n");
        assertThatThrownBy(() -> loader.loadAll(List.of(onlyBad), OnUnreadable.SKIP_IN_FOLDERS))
                .isInstanceOf(DocumentException.Empty.class).hasMessageContaining("x.md");
    }

    @Test
    void thePipelineSkipsInFoldersByDefaultWithATraceEntry() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.open(List.of(folder))) {
            assertThat(instance.documents()).extracting(Document::id).containsExactly("a.txt", "d.md");
            Trace.Stage load = instance.ingestStages().get(0);
            assertThat(load.name()).isEqualTo("load");
            assertThat(load.details()).containsEntry("documents", 2);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> skipped = (List<Map<String, Object>>) load.details().get("skipped");
            assertThat(skipped).extracting(m -> m.get("file")).containsExactly(broken.toString(),
                    folder.resolve("c.md").toString());
            assertThat(skipped.get(0).get("reason").toString()).contains("not a readable PDF");
        }
        assertThatThrownBy(() -> rag.open(List.of(folder.resolve("a.txt"), broken)))
                .isInstanceOf(DocumentException.Malformed.class);
        RagPipeline strict = RagPipeline.builder().embedder(new HashingEmbedder()).onUnreadable(OnUnreadable.FAIL).build();
        assertThatThrownBy(() -> strict.open(List.of(folder))).isInstanceOf(DocumentException.Malformed.class);
        assertThatThrownBy(() -> RagPipeline.builder().onUnreadable(OnUnreadable.SKIP).onUnreadable(OnUnreadable.FAIL))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aLoaderThatKnowsNoFoldersSkipsFilesGivenByNameWithSkip() throws IOException {
        TextDocumentLoader text = new TextDocumentLoader();
        Path a = folder.resolve("a.txt");
        Path c = folder.resolve("c.md");
        assertThat(text.loadAll(List.of(a, c), OnUnreadable.SKIP).skipped()).extracting(Skipped::file).containsExactly(c);
        assertThatThrownBy(() -> text.loadAll(List.of(a, c), OnUnreadable.SKIP_IN_FOLDERS)).isInstanceOf(DocumentException.Empty.class);
    }
}
