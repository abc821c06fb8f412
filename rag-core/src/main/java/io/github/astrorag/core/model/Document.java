package io.github.astrorag.core.model;

import java.util.List;
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
 */
public record Document(String id, String title, String source, String text, List<Integer> pageStarts) {

    public Document {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        pageStarts = List.copyOf(pageStarts);
        for (int i = 0; i < pageStarts.size(); i++) {
            int start = pageStarts.get(i);
            if (start < 0 || start > text.length() || (i > 0 && start < pageStarts.get(i - 1))) {
                throw new IllegalArgumentException("page starts must be ascending offsets into the text: " + pageStarts);
            }
        }
    }

    /** An unpaged document whose id, title and source are all {@code id}. */
    public static Document of(String id, String text) {
        return new Document(id, id, id, text, List.of());
    }

    /** Whether the document has pages. */
    public boolean paged() {
        return !pageStarts.isEmpty();
    }

    /** The 1-based page holding character {@code offset}, or {@code null} for unpaged documents. */
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
