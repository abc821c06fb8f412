package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Turns a path into documents.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #supports(Path)} says, from the file name alone, whether {@link #load(Path)} reads a file.</li>
 *   <li>{@code load} reads one file whole, or fails with a {@link io.github.astrorag.core.DocumentException}
 *       subclass naming the file: unsupported type, unreadable, empty, too large (checked before reading),
 *       malformed (undecodable bytes, a broken or encrypted PDF). It returns a list because a loader may
 *       split a container into several documents; the ones here return one.</li>
 *   <li>Text is decoded as strict UTF-8 (a byte-order mark is dropped). Paged formats keep 1-based page
 *       numbers in {@link Document#pageStarts()}.</li>
 *   <li>Implementations are stateless and thread-safe.</li>
 * </ul>
 */
public interface DocumentLoader {

    /**
     * Whether this loader reads files named like {@code file}.
     *
     * @param file the file; only its name is looked at
     * @return {@code true} if this loader reads it
     */
    boolean supports(Path file);

    /**
     * The documents of one file.
     *
     * @param file the file to read
     * @return the documents, at least one
     */
    List<Document> load(Path file);

    /**
     * The documents of every path of one call, in order: by default each path's {@link #load}, one after
     * the other, failing on the first bad one. Loaders that can do better across paths (skip a file given
     * twice, limit the text of the whole call, keep ids distinct) override it.
     *
     * @param paths the paths, in order
     * @return the documents of all paths, in order
     */
    default List<Document> loadAll(Collection<Path> paths) {
        List<Document> out = new ArrayList<>();
        for (Path p : paths) {
            out.addAll(load(p));
        }
        return out;
    }
}
