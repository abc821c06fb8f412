package io.github.astrorag.core.model;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One source an answer cites.
 *
 * @param number   the 1-based number of the chunk in the context, as written in the answer ({@code [n]})
 * @param chunkId  the chunk's id
 * @param source   the file name
 * @param page     the 1-based page, or {@code null} for unpaged documents
 * @param quote    the cited text, verbatim from the chunk
 * @param metadata the chunk's metadata, immutable and sorted by key
 */
public record Citation(int number, String chunkId, String source, @Nullable Integer page, String quote,
                       Map<String, String> metadata) {

    /**
     * Copies the metadata, immutable and sorted by key.
     *
     * @param number the 1-based number of the chunk in the context, as written in the answer ({@code [n]})
     * @param chunkId the chunk's id
     * @param source the file name
     * @param page the 1-based page, or {@code null} for unpaged documents
     * @param quote the cited text, verbatim from the chunk
     * @param metadata the chunk's metadata, immutable and sorted by key
     */
    public Citation {
        metadata = Metadata.copyOf(metadata);
    }

    /**
     * A citation without metadata.
     *
     * @param number the 1-based number of the chunk in the context, as written in the answer ({@code [n]})
     * @param chunkId the chunk's id
     * @param source the file name
     * @param page the 1-based page, or {@code null} for unpaged documents
     * @param quote the cited text, verbatim from the chunk
     */
    public Citation(int number, String chunkId, String source, @Nullable Integer page, String quote) {
        this(number, chunkId, source, page, quote, Map.of());
    }

    /**
     * A citation of {@code quote} in the {@code number}-th context chunk.
     *
     * @param number the 1-based number of the chunk in the context
     * @param chunk the cited chunk
     * @param quote the cited text
     * @return the citation, with the chunk's source, page and metadata
     */
    public static Citation of(int number, Chunk chunk, String quote) {
        return new Citation(number, chunk.id(), chunk.source(), chunk.page(), quote, chunk.metadata());
    }

    /**
     * Where the quote is, for a person to read: the file name, followed by {@code ", p. N"} only when the
     * document has pages ({@code spectrograph-guide.pdf, p. 2}, but {@code observatory-handbook.md}).
     *
     * @return the location, e.g. {@code spectrograph-guide.pdf, p. 2}
     */
    public String location() {
        return page == null ? source : source + ", p. " + page;
    }
}
