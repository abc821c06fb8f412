package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Trace;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The language of each document (chunk metadata) and of each question (trace), detected or set. */
class PipelineLanguageTest {

    private static final List<Document> DOCUMENTS = List.of(
            Document.of("zh", "天文台建在青岚山的山顶，海拔两千米。"),
            Document.of("en", "The observatory stands on the summit of Mount Qinglan."),
            Document.of("th", "หอดูดาวตั้งอยู่บนยอดเขา").withMetadata(Map.of(Metadata.LANGUAGE, "th-TH")));

    @Test
    void eachDocumentAndTheQuestionAreDetected() {
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).build();
             RagInstance instance = rag.openDocuments(DOCUMENTS)) {
            assertThat(instance.chunks()).extracting(c -> c.documentId() + "=" + c.metadata().get(Metadata.LANGUAGE))
                    .containsExactlyInAnyOrder("zh=zh", "en=en", "th=th-TH"); // a language the document gives is kept
            assertThat(queryStage(instance.ask("天文台建在哪座山上？")).details().get("language")).isEqualTo("zh");
            assertThat(queryStage(instance.ask("Where is the observatory?")).details().get("language")).isEqualTo("en");
            assertThat(((Map<?, ?>) rag.describe().get("languageDetector")).get("name")).isEqualTo("script");
        }
    }

    @Test
    void aLanguageSetIsEveryDocumentsAndQuestions() {
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).language("ZH").build();
             RagInstance instance = rag.openDocuments(DOCUMENTS.subList(0, 2))) {
            assertThat(instance.chunks()).allSatisfy(c -> assertThat(c.metadata().get(Metadata.LANGUAGE)).isEqualTo("zh"));
            assertThat(queryStage(instance.ask("Where is the observatory?")).details().get("language")).isEqualTo("zh");
            assertThat(rag.describe().get("language")).isEqualTo("zh");
        }
        assertThatThrownBy(() -> RagPipeline.builder().language("chinese!")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("language");
        assertThatThrownBy(() -> RagPipeline.builder().language("zh").language("en")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aDetectorGivenIsAsked() {
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder(64)).languageDetector(text -> "xx").build();
             RagInstance instance = rag.openDocuments(DOCUMENTS.subList(0, 1))) {
            assertThat(instance.chunks().get(0).metadata().get(Metadata.LANGUAGE)).isEqualTo("xx");
            assertThat(queryStage(instance.ask("?")).details().get("language")).isEqualTo("xx");
        }
    }

    private static Trace.Stage queryStage(Answer answer) {
        return answer.trace().stage("embed-query").orElseThrow();
    }
}
