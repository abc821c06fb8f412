package io.github.astrorag.core.model;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One source an answer cites.
 *
 * <p>Its {@code number} is the one the answer's text writes ({@code [n]}); there is one citation per cited chunk,
 * named by {@code chunkId}. The offline {@code ExtractiveGenerator} numbers an answer's sources 1, 2, ... in the
 * order it cites them; a language model's reply keeps the numbers the prompt gave the passages (the n-th chunk
 * of the context), as its streamed tokens showed them.
 *
 * @param number   the number the answer's text writes for this source ({@code [n]}), from 1
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
     * @param number the number the answer's text writes for this source ({@code [n]}), from 1
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
     * @param number the number the answer's text writes for this source ({@code [n]}), from 1
     * @param chunkId the chunk's id
     * @param source the file name
     * @param page the 1-based page, or {@code null} for unpaged documents
     * @param quote the cited text, verbatim from the chunk
     */
    public Citation(int number, String chunkId, String source, @Nullable Integer page, String quote) {
        this(number, chunkId, source, page, quote, Map.of());
    }

    /**
     * A citation of {@code quote} in {@code chunk}, written {@code [number]} in the answer.
     *
     * @param number the number the answer's text writes for this source, from 1
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
