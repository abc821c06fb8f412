package io.github.astrorag.retrieval;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.ScoredChunk;

/** Hand-made chunks and candidates for the tests. */
public final class TestChunks {

    private TestChunks() {
    }

    /** A chunk of its own document, titled like its id. */
    public static Chunk chunk(String id, String text) {
        return chunk(id, id, id, text);
    }

    /** A chunk of document {@code doc} titled {@code title}. */
    public static Chunk chunk(String id, String doc, String title, String text) {
        return new Chunk(id, doc, title, doc + ".txt", null, 0, text, Math.max(1, text.length() / 4), 0, text.length());
    }

    /** A candidate with a score and a vector. */
    public static ScoredChunk scored(String id, double score, float... vector) {
        return new ScoredChunk(chunk(id, "text of " + id), score, vector);
    }

    /** A candidate of document {@code doc} with the given text and vector. */
    public static ScoredChunk scored(String id, String doc, String title, String text, double score, float... vector) {
        return new ScoredChunk(chunk(id, doc, title, text), score, vector);
    }
}
