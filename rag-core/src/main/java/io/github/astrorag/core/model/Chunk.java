package io.github.astrorag.core.model;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A piece of a document small enough to embed and to put into a prompt, with its provenance.
 *
 * @param id         stable id: {@code documentId + "#" + ordinal}
 * @param documentId the id of the document it comes from
 * @param title      that document's title
 * @param source     that document's file name, as cited
 * @param page       the 1-based page it starts on, or {@code null} for unpaged documents
 * @param ordinal    its 0-based position among the document's chunks
 * @param text       the text
 * @param tokens     its length in tokens, counted by the pipeline's token counter
 * @param start      the offset of its first character in the document text
 * @param end        the offset after its last character (for a chunk cut to a budget, the end of the kept part)
 * @param metadata   its document's metadata (with {@value Metadata#PAGE} for paged documents, see {@link #of}),
 *                   immutable and sorted by key; what a {@link MetadataFilter} is matched against
 */
public record Chunk(String id, String documentId, String title, String source, @Nullable Integer page,
                    int ordinal, String text, int tokens, int start, int end, Map<String, String> metadata) {

    /**
     * Checks the geometry and copies the metadata.
     *
     * @param id stable id: {@code documentId + "#" + ordinal}
     * @param documentId the id of the document it comes from
     * @param title that document's title
     * @param source that document's file name, as cited
     * @param page the 1-based page it starts on, or {@code null} for unpaged documents
     * @param ordinal its 0-based position among the document's chunks
     * @param text the chunk's text
     * @param tokens its length in tokens, counted by the pipeline's token counter
     * @param start the offset of its first character in the document text
     * @param end the offset after its last character (for a chunk cut to a budget, the end of the kept part)
     * @param metadata its document's metadata (with {@value Metadata#PAGE} for paged documents, see {@link #of}),
     * immutable and sorted by key; what a {@link MetadataFilter} is matched against
     * @throws IllegalArgumentException if the ordinal, tokens or offsets are negative, or {@code end < start}
     */
    public Chunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
        if (ordinal < 0 || tokens < 0 || start < 0 || end < start) {
            throw new IllegalArgumentException("bad chunk geometry: ordinal=" + ordinal + " tokens=" + tokens
                    + " span=[" + start + "," + end + ")");
        }
        metadata = Metadata.copyOf(metadata);
    }

    /**
     * A chunk without metadata.
     *
     * @param id stable id: {@code documentId + "#" + ordinal}
     * @param documentId the id of the document it comes from
     * @param title that document's title
     * @param source that document's file name, as cited
     * @param page the 1-based page it starts on, or {@code null} for unpaged documents
     * @param ordinal its 0-based position among the document's chunks
     * @param text the chunk's text
     * @param tokens its length in tokens, counted by the pipeline's token counter
     * @param start the offset of its first character in the document text
     * @param end the offset after its last character (for a chunk cut to a budget, the end of the kept part)
     */
    public Chunk(String id, String documentId, String title, String source, @Nullable Integer page,
                 int ordinal, String text, int tokens, int start, int end) {
        this(id, documentId, title, source, page, ordinal, text, tokens, start, end, Map.of());
    }

    /**
     * The {@code ordinal}-th chunk of {@code doc}, the text {@code [start, end)} of {@code tokens} tokens: id
     * {@link #idOf}, provenance from the document, the page holding {@code start}, and the document's metadata
     * with {@value Metadata#PAGE} set to that page for paged documents; when the document has
     * {@value Metadata#PARTS}, the chunk keeps only the spans that overlap it and gets {@value Metadata#PART}.
     *
     * @param doc the document the chunk comes from
     * @param ordinal the chunk's 0-based position in the document
     * @param text the chunk's text, {@code doc.text().substring(start, end)}
     * @param tokens the text's length in tokens
     * @param start the offset of the first character in the document text
     * @param end the offset after the last character
     * @return the chunk, with the document's provenance and metadata
     */
    public static Chunk of(Document doc, int ordinal, String text, int tokens, int start, int end) {
        Integer page = doc.pageAt(start);
        Map<String, String> metadata = page == null ? doc.metadata()
                : Metadata.merged(doc.metadata(), Map.of(Metadata.PAGE, page.toString()));
        String parts = doc.metadata().get(Metadata.PARTS);
        if (parts != null) {
            String[] within = Metadata.partsWithin(parts, start, end);
            Map<String, String> own = new java.util.HashMap<>(metadata);
            own.put(Metadata.PART, within[1]);
            if (within[0].isEmpty()) {
                own.remove(Metadata.PARTS);
            } else {
                own.put(Metadata.PARTS, within[0]);
            }
            metadata = own;
        }
        return new Chunk(idOf(doc.id(), ordinal), doc.id(), doc.title(), doc.source(), page, ordinal, text, tokens,
                start, end, metadata);
    }

    /**
     * The conventional id of the {@code ordinal}-th chunk of a document.
     *
     * @param documentId the document's id
     * @param ordinal the chunk's 0-based position
     * @return {@code documentId + "#" + ordinal}
     */
    public static String idOf(String documentId, int ordinal) {
        return documentId + "#" + ordinal;
    }

    /**
     * The same chunk cut to its first characters: {@code text} must be a prefix of this chunk's text.
     *
     * @param prefix the kept text, a prefix of this chunk's text
     * @param prefixTokens its length in tokens
     * @return a new chunk with the same id and provenance, its end moved to the end of {@code prefix}
     */
    public Chunk truncatedTo(String prefix, int prefixTokens) {
        if (!text.startsWith(prefix)) {
            throw new IllegalArgumentException("not a prefix of chunk " + id);
        }
        return new Chunk(id, documentId, title, source, page, ordinal, prefix, prefixTokens, start, start + prefix.length(),
                metadata);
    }

    /**
     * The same chunk cut to the characters {@code [from, to)} of its text: one contiguous span, so that the kept
     * text is still verbatim the document's text at {@code [start(), end())} of the result.
     *
     * @param from the offset in this chunk's text of the first kept character
     * @param to the offset in this chunk's text after the last kept character
     * @param keptTokens the kept text's length in tokens
     * @return a new chunk with the same id and provenance, its text {@code text().substring(from, to)} and its
     *         start and end moved by {@code from} and {@code to}; its page and metadata stay the whole chunk's
     * @throws IllegalArgumentException if {@code [from, to)} is not a span of this chunk's text
     */
    public Chunk truncatedTo(int from, int to, int keptTokens) {
        if (from < 0 || to < from || to > text.length()) {
            throw new IllegalArgumentException("span [" + from + "," + to + ") is not in chunk " + id + " of "
                    + text.length() + " characters");
        }
        return new Chunk(id, documentId, title, source, page, ordinal, text.substring(from, to), keptTokens,
                start + from, start + to, metadata);
    }
}
