package io.github.astrorag.core.model;

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
 */
public record Chunk(String id, String documentId, String title, String source, @Nullable Integer page,
                    int ordinal, String text, int tokens, int start, int end) {

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
    }

    /** The conventional id of the {@code ordinal}-th chunk of a document. */
    public static String idOf(String documentId, int ordinal) {
        return documentId + "#" + ordinal;
    }

    /** The same chunk cut to its first characters: {@code text} must be a prefix of this chunk's text. */
    public Chunk truncatedTo(String prefix, int prefixTokens) {
        if (!text.startsWith(prefix)) {
            throw new IllegalArgumentException("not a prefix of chunk " + id);
        }
        return new Chunk(id, documentId, title, source, page, ordinal, prefix, prefixTokens, start, start + prefix.length());
    }
}
