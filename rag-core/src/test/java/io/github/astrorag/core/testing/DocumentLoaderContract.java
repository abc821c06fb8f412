package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link DocumentLoader} contract, for every implementation to extend. With files the subclass writes
 * ({@link #write}) it checks:
 * <ul>
 *   <li>{@link DocumentLoader#supports} answers from the file name alone (a file that does not exist yet
 *       is supported by its name), and is false for {@code .xyz};</li>
 *   <li>{@code load} returns the whole text of every page; a paged format keeps 1-based page numbers (the
 *       text of page i is on page i), an unpaged one has none; the same file gives the same documents, also
 *       from 4 threads at once;</li>
 *   <li>failures are {@link DocumentException} subclasses whose {@link DocumentException#path()} is the file
 *       and whose message names it: a missing file is {@link DocumentException.Unreadable}, an empty one
 *       {@link DocumentException.Empty}, bytes that are not the format (invalid UTF-8: decoding is strict)
 *       {@link DocumentException.Malformed}, an unsupported name {@link DocumentException.Unsupported}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #loader()} and {@link #write}; override {@link #paged()} for a paged
 * format.
 */
public abstract class DocumentLoaderContract {

    /** Three pages of text, each with a word found on no other page. */
    public static final List<String> PAGES = List.of("Vega is a bright star in the constellation Lyra.",
            "Deneb marks the tail of Cygnus, the swan.", "Altair is the brightest star of Aquila.");

    @TempDir
    Path dir;

    /** The loader under test; called once per check. */
    protected abstract DocumentLoader loader();

    /**
     * Writes {@code pages} into a new file of a type the loader reads in {@code folder} and returns it; an
     * unpaged format writes the pages one after the other, separated by a blank line.
     */
    protected abstract Path write(Path folder, String baseName, List<String> pages) throws IOException;

    /** Whether the format has pages. Default: false. */
    protected boolean paged() {
        return false;
    }

    private Path written() throws IOException {
        return write(dir, "stars", PAGES);
    }

    /** A path of the same type as {@code file}, named {@code baseName}. */
    private static Path sibling(Path file, String baseName) {
        String name = file.getFileName().toString();
        return file.resolveSibling(baseName + name.substring(name.lastIndexOf('.')));
    }

    private static void assertNamesTheFile(Throwable e, Path file) {
        assertThat(((DocumentException) e).path()).isEqualTo(file);
        assertThat(e.getMessage()).contains(file.getFileName().toString());
    }

    @Test
    void supportsAnswersFromTheNameAlone() throws IOException {
        DocumentLoader loader = loader();
        Path file = written();
        assertThat(loader.supports(file)).isTrue();
        assertThat(loader.supports(sibling(file, "not-written-yet"))).isTrue();
        assertThat(loader.supports(dir.resolve("stars.xyz"))).isFalse();
    }

    @Test
    void theDeclaredExtensionsAreTheOnesItSupports() throws IOException {
        DocumentLoader loader = loader();
        for (String ext : loader.extensions()) {
            assertThat(ext).isLowerCase().doesNotStartWith(".");
            assertThat(loader.supports(dir.resolve("any." + ext))).as(ext).isTrue();
            assertThat(loader.supports(dir.resolve("ANY." + ext.toUpperCase(java.util.Locale.ROOT)))).as(ext).isTrue();
        }
        String own = written().getFileName().toString();
        if (!loader.extensions().isEmpty()) {
            assertThat(loader.extensions()).contains(own.substring(own.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT));
        }
        assertThat(loader.mediaTypes()).allSatisfy(t -> assertThat(t).contains("/"));
    }

    @Test
    void loadsTheWholeTextWithPageNumbers() throws IOException {
        Path file = written();
        List<Document> docs = loader().load(file);
        assertThat(docs).isNotEmpty();
        Document doc = docs.get(0);
        assertThat(doc.source()).isEqualTo(file.getFileName().toString());
        for (int i = 0; i < PAGES.size(); i++) {
            int at = doc.text().indexOf(PAGES.get(i));
            assertThat(at).as("where page %d is in the text", i + 1).isNotNegative();
            if (paged()) {
                assertThat(doc.pageAt(at)).as("the page of page %d's text", i + 1).isEqualTo(i + 1);
            }
        }
        if (paged()) {
            assertThat(doc.pageStarts()).hasSize(PAGES.size());
        } else {
            assertThat(doc.paged()).isFalse();
        }
    }

    @Test
    void sameFileSameDocumentsAlsoFromFourThreads() throws Exception {
        DocumentLoader loader = loader();
        Path file = written();
        List<Document> expected = loader.load(file);
        assertThat(loader.load(file)).isEqualTo(expected);
        assertThat(Concurrently.run(4, 8, () -> loader.load(file))).containsOnly(expected);
    }

    @Test
    void aMissingFileIsUnreadable() throws IOException {
        Path missing = sibling(written(), "missing");
        assertThatThrownBy(() -> loader().load(missing)).isInstanceOf(DocumentException.Unreadable.class)
                .satisfies(e -> assertNamesTheFile(e, missing));
    }

    @Test
    void anEmptyFileIsEmpty() throws IOException {
        Path empty = Files.write(sibling(written(), "empty"), new byte[0]);
        assertThatThrownBy(() -> loader().load(empty)).isInstanceOf(DocumentException.Empty.class)
                .satisfies(e -> assertNamesTheFile(e, empty));
    }

    @Test
    void bytesThatAreNotTheFormatAreMalformed() throws IOException {
        // "caf", then 0xC3 0x28: a UTF-8 lead byte followed by a byte that cannot continue it; no valid PDF either
        Path broken = Files.write(sibling(written(), "broken"), new byte[] {'c', 'a', 'f', (byte) 0xC3, 0x28, '\n'});
        assertThatThrownBy(() -> loader().load(broken)).isInstanceOf(DocumentException.Malformed.class)
                .satisfies(e -> assertNamesTheFile(e, broken));
    }

    @Test
    void anUnsupportedNameIsUnsupported() throws IOException {
        Path other = Files.writeString(dir.resolve("stars.xyz"), "Vega is a bright star.");
        assertThatThrownBy(() -> loader().load(other)).isInstanceOf(DocumentException.Unsupported.class)
                .satisfies(e -> assertNamesTheFile(e, other));
    }

    @Test
    void skipSkipsAndReportsWhatCannotBeReadAndFailSkipsNothing() throws IOException {
        Path good = written();
        Path empty = Files.write(sibling(good, "empty"), new byte[0]);
        DocumentLoader.Loaded loaded = loader().loadAll(List.of(good, empty), DocumentLoader.OnUnreadable.SKIP);
        assertThat(loaded.documents()).isEqualTo(loader().load(good));
        assertThat(loaded.skipped()).singleElement().satisfies(s -> {
            assertThat(s.file()).isEqualTo(empty);
            assertThat(s.reason()).contains(empty.getFileName().toString());
        });
        assertThatThrownBy(() -> loader().loadAll(List.of(good, empty), DocumentLoader.OnUnreadable.FAIL))
                .isInstanceOf(DocumentException.Empty.class);
        assertThatThrownBy(() -> loader().loadAll(List.of(empty), DocumentLoader.OnUnreadable.SKIP))
                .isInstanceOf(DocumentException.Empty.class).satisfies(e -> assertNamesTheFile(e, empty));
    }
}
