package io.github.astrorag.springai;

import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import org.springframework.ai.document.Document;

/** Chunks as Spring AI documents and back (see {@link Passages} for the metadata). */
final class Documents {

    private Documents() {
    }

    /** The document of {@code chunk}: id the chunk's id, its text, its metadata and provenance, its score. */
    static Document of(ScoredChunk chunk) {
        return Document.builder().id(chunk.id()).text(chunk.chunk().text())
                .metadata(Passages.fields(chunk.chunk())).score(chunk.score()).build();
    }

    /** The chunks of {@code documents}, which {@link #of} made, in order. */
    static List<ScoredChunk> chunks(List<Document> documents) {
        return documents.stream().map(d -> Passages.chunk(d.getText() == null ? "" : d.getText(), d.getMetadata(),
                d.getScore() == null ? 0.0 : d.getScore())).toList();
    }
}
