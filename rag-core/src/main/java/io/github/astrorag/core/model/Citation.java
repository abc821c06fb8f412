package io.github.astrorag.core.model;

import org.jspecify.annotations.Nullable;

/**
 * One source an answer cites.
 *
 * @param number  the 1-based number of the chunk in the context, as written in the answer ({@code [n]})
 * @param chunkId the chunk's id
 * @param source  the file name
 * @param page    the 1-based page, or {@code null} for unpaged documents
 * @param quote   the cited text, verbatim from the chunk
 */
public record Citation(int number, String chunkId, String source, @Nullable Integer page, String quote) {

    /** A citation of {@code quote} in the {@code number}-th context chunk. */
    public static Citation of(int number, Chunk chunk, String quote) {
        return new Citation(number, chunk.id(), chunk.source(), chunk.page(), quote);
    }

    /**
     * Where the quote is, for a person to read: the file name, followed by {@code ", p. N"} only when the
     * document has pages ({@code spectrograph-guide.pdf, p. 2}, but {@code observatory-handbook.md}).
     */
    public String location() {
        return page == null ? source : source + ", p. " + page;
    }
}
