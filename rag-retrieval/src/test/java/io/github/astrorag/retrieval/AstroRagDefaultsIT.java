package io.github.astrorag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AstroRagDefaultsIT {

    @Test
    void thePapersPipelineAnswersWithMiniLmMmrAndPageRank() {
        RagPipeline rag = AstroRag.defaults();
        List<Document> docs = List.of(
                Document.of("andromeda", "The Andromeda Galaxy is about 2.5 million light-years from Earth."),
                Document.of("comets", "Comets are icy bodies that grow tails near the Sun."),
                Document.of("mars", "Mars has two small moons, Phobos and Deimos."),
                Document.of("venus", "Venus is the hottest planet because of its thick carbon dioxide atmosphere."));
        try (RagInstance instance = rag.openDocuments(docs)) {
            Answer answer = instance.ask("How far away is the Andromeda Galaxy?");
            assertThat(answer.citations().get(0).chunkId()).isEqualTo("andromeda#0");
            assertThat(answer.trace().stages()).extracting(Trace.Stage::name)
                    .containsExactly("embed-query", "retrieve", "rerank:pagerank", "select", "generate");
            assertThat(answer.context().chunks()).hasSizeLessThanOrEqualTo(3);
            assertThat(answer.trace().budget()).isEqualTo(1800);
            @SuppressWarnings("unchecked")
            Map<String, Object> embedder = (Map<String, Object>) answer.trace().config().get("embedder");
            assertThat(embedder).containsEntry("name", "minilm-q").containsEntry("maxLength", 256);
        }
    }
}
