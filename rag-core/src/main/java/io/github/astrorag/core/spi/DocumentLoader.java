package io.github.astrorag.core.spi;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a path into documents.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #supports(Path)} says, from the file name alone, whether {@link #load(Path)} reads a file.</li>
 *   <li>{@link #extensions()} and {@link #mediaTypes()} say which kinds of file it reads, so that messages, help
 *       texts and the folder loader ({@code FileSystemDocumentLoader}) list them from the loaders themselves; a
 *       loader that declares extensions supports exactly the files named with one of them.</li>
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
     * What a folder walk does with a file no loader reads (its extension is none of theirs). Files given by name
     * that no loader reads always fail as {@link DocumentException.Unsupported}.
     */
    enum OnUnsupported {
        /**
         * Such files are left out, counted by extension in {@link Loaded#unsupported()}; the pipeline reports them in
         * one warning and in its trace. The default.
         */
        SKIP,
        /** Such a file fails the call as {@link DocumentException.Unsupported}, naming the counts by extension. */
        FAIL
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
     * @param unsupported the files found in folders that no loader reads, counted by extension (lower case, without
     *        the dot; {@code ""} for files without one), most frequent first
     */
    record Loaded(List<Document> documents, List<Skipped> skipped, Map<String, Integer> unsupported) {
        /**
         * Copies the lists and the counts, ordering the counts most frequent first (then by extension).
         *
         * @param documents the documents loaded, in order
         * @param skipped the files skipped, in the order met
         * @param unsupported the files no loader reads, counted by extension
         */
        public Loaded {
            documents = List.copyOf(documents);
            skipped = List.copyOf(skipped);
            Map<String, Integer> sorted = new LinkedHashMap<>();
            unsupported.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> sorted.put(e.getKey(), e.getValue()));
            unsupported = Collections.unmodifiableMap(sorted);
        }

        /**
         * A result without files left out for want of a loader.
         *
         * @param documents the documents loaded, in order
         * @param skipped the files skipped, in the order met
         */
        public Loaded(List<Document> documents, List<Skipped> skipped) {
            this(documents, skipped, Map.of());
        }

        /**
         * The files no loader reads in one line, such as {@code skipped 3 .html, 2 .docx: no loader}, followed by
         * {@code hint} when it is not empty; {@code ""} when there are none.
         *
         * @param hint what to add, such as {@code (add rag-documents)}; may be empty
         * @return the line
         */
        public String unsupportedLine(String hint) {
            if (unsupported.isEmpty()) {
                return "";
            }
            StringBuilder b = new StringBuilder("skipped ");
            unsupported.forEach((ext, n) -> b.append(n).append(' ').append(ext.isEmpty() ? "without extension" : "." + ext)
                    .append(", "));
            b.setLength(b.length() - 2);
            b.append(": no loader");
            return hint.isEmpty() ? b.toString() : b.append(' ').append(hint).toString();
        }
    }

    /**
     * The extensions of the files this loader reads, lower case, without the dot ({@code txt}, {@code md}); by
     * default none declared, for a loader that decides by {@link #supports} alone.
     *
     * @return the extensions, in the order a message lists them
     */
    default Set<String> extensions() {
        return Set.of();
    }

    /**
     * The media types of the files this loader reads ({@code text/plain}, {@code application/pdf}); by default none
     * declared.
     *
     * @return the media types
     */
    default Set<String> mediaTypes() {
        return Set.of();
    }

    /**
     * The extensions as a message lists them: {@code .txt, .md or .pdf}.
     *
     * @param extensions the extensions, without the dot, in order
     * @return the list in words; {@code "no declared extension"} when there is none
     */
    static String describe(Collection<String> extensions) {
        List<String> dotted = extensions.stream().map(e -> "." + e.toLowerCase(Locale.ROOT)).distinct().toList();
        if (dotted.isEmpty()) {
            return "no declared extension";
        }
        if (dotted.size() == 1) {
            return dotted.get(0);
        }
        return String.join(", ", dotted.subList(0, dotted.size() - 1)) + " or " + dotted.get(dotted.size() - 1);
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
