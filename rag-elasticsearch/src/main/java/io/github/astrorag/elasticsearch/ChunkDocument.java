package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.model.Chunk;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A chunk as stored in Elasticsearch (JSON in snake case): the text for BM25, the provenance as keywords and
 * integers, the metadata as a flattened object, the insertion sequence number for {@code chunks()} order, the
 * owning instance's id and the time it was opened (epoch milliseconds, for the sweep of the shared index), and the
 * L2-normalised vector. {@code vector} is null when a request leaves it out of {@code _source}.
 */
record ChunkDocument(String chunkId, String documentId, String title, String source, @Nullable Integer page,
                     int ordinal, String text, int tokens, int start, int end, long seq,
                     @Nullable Map<String, String> metadata, @Nullable String instance, long opened,
                     float @Nullable [] vector) {

    static ChunkDocument of(Chunk c, long seq, String instance, long opened, float[] vector) {
        return new ChunkDocument(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(),
                c.tokens(), c.start(), c.end(), seq, c.metadata(), instance, opened, vector);
    }

    Chunk chunk() {
        return new Chunk(chunkId, documentId, title, source, page, ordinal, text, tokens, start, end,
                metadata == null ? Map.of() : metadata);
    }
}
