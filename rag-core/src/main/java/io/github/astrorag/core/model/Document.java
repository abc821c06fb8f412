package io.github.astrorag.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A loaded document: its whole text and, for paged formats, where each page starts.
 *
 * @param id         stable identifier, unique within one instance (by default the file's path relative to
 *                   the folder it was found in, or its file name)
 * @param title      a human title (file name without extension, or the first Markdown heading)
 * @param source     the file name shown in citations
 * @param text       the full text
 * @param pageStarts for paged documents (PDF), the character offset at which each page starts, in order:
 *                   page {@code i+1} starts at {@code pageStarts.get(i)}; empty for unpaged documents
 * @param metadata   string-keyed facts about the document, immutable and sorted by key (see {@link Metadata});
 *                   the loaders fill {@value Metadata#SOURCE}, {@value Metadata#TYPE} and {@value Metadata#MODIFIED};
 *                   its chunks carry it, with {@value Metadata#PAGE} added for paged documents
 */
public record Document(String id, String title, String source, String text, List<Integer> pageStarts,
                       Map<String, String> metadata) {

    /**
     * Checks the page starts and copies the lists and metadata.
     *
     * @param id stable identifier, unique within one instance (by default the file's path relative to the folder it was
     * found in, or its file name)
     * @param title a human title (file name without extension, or the first Markdown heading)
     * @param source the file name shown in citations
     * @param text the full text
     * @param pageStarts for paged documents (PDF), the character offset at which each page starts, in order: page
     * {@code i+1} starts at {@code pageStarts.get(i)}; empty for unpaged documents
     * @param metadata string-keyed facts about the document, immutable and sorted by key (see {@link Metadata}); the
     * loaders fill {@value Metadata#SOURCE}, {@value Metadata#TYPE} and {@value Metadata#MODIFIED}; its chunks carry
     * it, with {@value Metadata#PAGE} added for paged documents
     * @throws IllegalArgumentException if the page starts are not ascending offsets into the text
     */
    public Document {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        pageStarts = List.copyOf(pageStarts);
        metadata = Metadata.copyOf(metadata);
        for (int i = 0; i < pageStarts.size(); i++) {
            int start = pageStarts.get(i);
            if (start < 0 || start > text.length() || (i > 0 && start < pageStarts.get(i - 1))) {
                throw new IllegalArgumentException("page starts must be ascending offsets into the text: " + pageStarts);
            }
        }
    }

    /**
     * A document without metadata.
     *
     * @param id stable identifier, unique within one instance (by default the file's path relative to the folder it was
     * found in, or its file name)
     * @param title a human title (file name without extension, or the first Markdown heading)
     * @param source the file name shown in citations
     * @param text the full text
     * @param pageStarts for paged documents (PDF), the character offset at which each page starts, in order: page
     * {@code i+1} starts at {@code pageStarts.get(i)}; empty for unpaged documents
     */
    public Document(String id, String title, String source, String text, List<Integer> pageStarts) {
        this(id, title, source, text, pageStarts, Map.of());
    }

    /**
     * An unpaged document whose id, title and source are all {@code id}.
     *
     * @param id the id, title and source
     * @param text the full text
     * @return the document, without metadata
     */
    public static Document of(String id, String text) {
        return new Document(id, id, id, text, List.of());
    }

    /**
     * This document with {@code more} metadata: its entries are added to this document's, replacing those of
     * the same key, e.g. {@code doc.withMetadata(Map.of("year", "2024"))}.
     *
     * @param more the entries to add
     * @return a new document with the merged metadata
     * @throws IllegalArgumentException for a blank key
     */
    public Document withMetadata(Map<String, String> more) {
        return new Document(id, title, source, text, pageStarts, Metadata.merged(metadata, more));
    }

    /**
     * This document under {@code name} as both its id and its source, the metadata's {@code source} following
     * (how a loader tells apart files of one name found in different folders).
     *
     * @param name the new id and source
     * @return a new document
     */
    public Document named(String name) {
        Map<String, String> renamed = metadata.containsKey(Metadata.SOURCE)
                ? Metadata.merged(metadata, Map.of(Metadata.SOURCE, name)) : metadata;
        return new Document(name, title, name, text, pageStarts, renamed);
    }

    /**
     * This document under another id, everything else kept.
     *
     * @param newId the new id
     * @return a new document
     */
    public Document withId(String newId) {
        return new Document(newId, title, source, text, pageStarts, metadata);
    }

    /**
     * Whether the document has pages.
     *
     * @return {@code true} if {@code pageStarts} is not empty
     */
    public boolean paged() {
        return !pageStarts.isEmpty();
    }

    /**
     * The 1-based page holding character {@code offset}, or {@code null} for unpaged documents.
     *
     * @param offset a character offset into the text
     * @return the page number, or {@code null}
     */
    public @Nullable Integer pageAt(int offset) {
        if (pageStarts.isEmpty()) {
            return null;
        }
        int page = 1;
        for (int i = 1; i < pageStarts.size(); i++) {
            if (pageStarts.get(i) <= offset) {
                page = i + 1;
            } else {
                break;
            }
        }
        return page;
    }
}
