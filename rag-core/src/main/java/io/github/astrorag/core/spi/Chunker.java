package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;

/**
 * Splits a document into chunks.
 *
 * <p>Contract: no chunk exceeds {@link #maxTokens()} tokens as counted by the chunker's token counter;
 * chunks come in document order with ordinals 0, 1, 2, ...; each carries its document's id, title and
 * source, the page it starts on, a stable id ({@link Chunk#idOf}) and its character span, with
 * {@code document.text().substring(start, end)} equal to its text; consecutive chunks of one page
 * overlap by about {@code overlap} tokens; no chunk is blank; the same document always gives the same
 * chunks. Thread-safe.
 */
public interface Chunker extends Described {

    /**
     * The most tokens any chunk may have.
     *
     * @return the maximum chunk length, in tokens
     */
    int maxTokens();

    /**
     * The token counter the chunker measures with, which the pipeline also counts given passages with
     * ({@link io.github.astrorag.core.pipeline.RagPipeline#select RagPipeline.select}); default p50k_base.
     *
     * @return the token counter
     */
    default TokenCounter counter() {
        return TokenCounter.p50k();
    }

    /**
     * The chunks of {@code document}; empty only if the document has no non-blank text.
     *
     * @param document the document to split
     * @return the chunks, in document order
     */
    List<Chunk> chunk(Document document);
}
