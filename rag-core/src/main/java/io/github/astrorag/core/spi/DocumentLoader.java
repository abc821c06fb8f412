package io.github.astrorag.core.spi;

import io.github.astrorag.core.DocumentException;
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
 *   <li>{@link #loadAll(Collection, OnUnreadable)} skips the files it cannot read when the policy says so, and
 *       reports them; it still fails when it would return no document.</li>
 * </ul>
 */
public interface DocumentLoader {

    /**
     * What a load call does with a file it cannot read: one that is missing or unreadable, empty, over a limit
     * of the file's loader, malformed, or that needs an optional dependency that is not on the class path.
     * Limits of the whole call (its total text), a folder without any supported file and a link out of a folder
     * fail the call whatever the policy.
     */
    enum OnUnreadable {
        /** Any such file fails the call, and nothing is loaded: what {@link #loadAll(Collection)} does. */
        FAIL,
        /**
         * A file found in a folder is skipped and reported; a file given by name fails the call. The default of
         * {@code RagPipeline} and of the {@code astrorag} command line.
         */
        SKIP_IN_FOLDERS,
        /** Every such file is skipped and reported, a file given by name too. */
        SKIP
    }

    /**
     * A file a load call skipped.
     *
     * @param file the file, as the call reached it
     * @param reason why it could not be read: the message of the failure, naming the file
     */
    record Skipped(Path file, String reason) {
    }

    /**
     * The result of a load call that may skip files.
     *
     * @param documents the documents loaded, in order, at least one
     * @param skipped the files skipped, in the order met
     */
    record Loaded(List<Document> documents, List<Skipped> skipped) {
        /**
         * Copies both lists.
         *
         * @param documents the documents loaded, in order
         * @param skipped the files skipped, in the order met
         */
        public Loaded {
            documents = List.copyOf(documents);
            skipped = List.copyOf(skipped);
        }
    }

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

    /**
     * The documents of every path of one call, in order, skipping the files it cannot read as {@code policy}
     * says. By default, every path counts as given by name: {@link OnUnreadable#SKIP} loads each path alone and
     * skips those whose {@link #load} fails with a {@link DocumentException}; the other policies are
     * {@link #loadAll(Collection)}. Loaders that read folders override it.
     *
     * @param paths the paths, in order
     * @param policy what to do with a file that cannot be read
     * @return the documents and the files skipped
     * @throws DocumentException the first failure, when {@code policy} does not skip it or when every file was
     *         skipped
     */
    default Loaded loadAll(Collection<Path> paths, OnUnreadable policy) {
        if (policy != OnUnreadable.SKIP) {
            return new Loaded(loadAll(paths), List.of());
        }
        List<Document> out = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        DocumentException first = null;
        for (Path p : paths) {
            try {
                out.addAll(load(p));
            } catch (DocumentException e) {
                skipped.add(new Skipped(p, e.getMessage()));
                first = first == null ? e : first;
            }
        }
        if (out.isEmpty() && first != null) {
            throw first;
        }
        return new Loaded(out, skipped);
    }
}
