package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loads files and folders by delegating each file to the first loader that supports it.
 *
 * <p>A folder is walked recursively in a stable order (paths sorted by their text); hidden files and
 * files no loader supports are skipped; a folder with no supported file fails as
 * {@link DocumentException.Unreadable}. A file given by name that no loader supports fails as
 * {@link DocumentException.Unsupported}. Documents found in a folder get ids relative to it
 * ({@code sub/notes.md}), so that two files of one name in different subfolders stay distinct.
 * {@link #loadAll(Collection)} loads every path before returning, so that one bad file fails the
 * whole call and nothing is indexed.
 */
public final class FileSystemDocumentLoader implements DocumentLoader {

    private final List<DocumentLoader> loaders;

    /** A loader over the given per-type loaders, tried in order. */
    public FileSystemDocumentLoader(List<DocumentLoader> loaders) {
        Arguments.check(!loaders.isEmpty(), "at least one loader is needed");
        this.loaders = List.copyOf(loaders);
    }

    /** Text, Markdown and PDF with the default 50 MiB limit per file. */
    public static FileSystemDocumentLoader defaults() {
        return new FileSystemDocumentLoader(List.of(new TextDocumentLoader(), new PdfDocumentLoader()));
    }

    /** Text, Markdown and PDF, refusing files over {@code maxBytes}. */
    public static FileSystemDocumentLoader withMaxBytes(long maxBytes) {
        return new FileSystemDocumentLoader(List.of(new TextDocumentLoader(maxBytes), new PdfDocumentLoader(maxBytes)));
    }

    @Override
    public boolean supports(Path file) {
        return loaders.stream().anyMatch(l -> l.supports(file));
    }

    @Override
    public List<Document> load(Path path) {
        if (Files.isDirectory(path)) {
            return loadFolder(path);
        }
        if (!Files.exists(path)) {
            throw new DocumentException.Unreadable(path, "no such file or folder: " + path, null);
        }
        return loaderFor(path).load(path);
    }

    /** The documents of every path, in order; fails on the first bad one. */
    public List<Document> loadAll(Collection<Path> paths) {
        List<Document> out = new ArrayList<>();
        for (Path p : paths) {
            out.addAll(load(p));
        }
        return out;
    }

    private DocumentLoader loaderFor(Path file) {
        return loaders.stream().filter(l -> l.supports(file)).findFirst()
                .orElseThrow(() -> new DocumentException.Unsupported(file, "unsupported file type '."
                        + LoaderLimits.extension(file) + "' of " + file + ": use .txt, .md or .pdf"));
    }

    private List<Document> loadFolder(Path folder) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !isHidden(folder.relativize(p)))
                    .filter(this::supports)
                    .sorted((a, b) -> a.toString().compareTo(b.toString()))
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new DocumentException.Unreadable(folder, "cannot list folder " + folder + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new DocumentException.Unreadable(folder, "no .txt, .md or .pdf file in folder " + folder, null);
        }
        List<Document> out = new ArrayList<>();
        for (Path f : files) {
            String rel = folder.relativize(f).toString().replace('\\', '/');
            for (Document d : loaderFor(f).load(f)) {
                out.add(d.withId(rel));
            }
        }
        return out;
    }

    private static boolean isHidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }
}
