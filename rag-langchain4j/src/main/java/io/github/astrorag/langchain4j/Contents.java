package io.github.astrorag.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.List;
import java.util.Map;

/** Chunks as LangChain4j contents and back (see {@link Passages} for the metadata). */
final class Contents {

    private Contents() {
    }

    /** The content of {@code chunk}: its text, its metadata and provenance, its score and id. */
    static Content of(ScoredChunk chunk) {
        TextSegment segment = TextSegment.from(chunk.chunk().text(), Metadata.from(Passages.fields(chunk.chunk())));
        return Content.from(segment, Map.of(ContentMetadata.SCORE, chunk.score(), ContentMetadata.EMBEDDING_ID, chunk.id()));
    }

    /** The chunks of {@code contents}, which {@link #of} made, in order. */
    static List<ScoredChunk> chunks(List<Content> contents) {
        return contents.stream().map(c -> {
            Object score = c.metadata().get(ContentMetadata.SCORE);
            return Passages.chunk(c.textSegment().text(), c.textSegment().metadata().toMap(),
                    score instanceof Number n ? n.doubleValue() : 0.0);
        }).toList();
    }
}
