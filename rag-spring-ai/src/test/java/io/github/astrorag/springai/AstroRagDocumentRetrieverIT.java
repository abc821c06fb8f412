package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.presets.AstroRag;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;

/**
 * The Spring AI example of docs/integrations.md for real: {@link AstroRag#recommended()} (its ONNX model) over
 * the sample documents, in a {@link ChatClient} with the {@link RetrievalAugmentationAdvisor} whose scripted
 * model cites passage 1.
 */
class AstroRagDocumentRetrieverIT {

    private static final String QUESTION = "What resolving power does the spectrograph reach?";

    @Test
    void theRecommendedPipelinesContextReachesTheModelAndItsCitationNamesThePdfPage() {
        ScriptedChatModel model = new ScriptedChatModel(user -> "It reaches a resolving power of about 5000 [1].");
        try (RagPipeline rag = AstroRag.recommended();
             AstroRagDocumentRetriever retriever = new AstroRagDocumentRetriever(rag.open(List.of(Path.of("..", "rag-examples", "samples"))))) {
            ChatClient client = ChatClient.builder(model).defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                    .documentRetriever(retriever).queryAugmenter(new PassageQueryAugmenter()).build()).build();
            ChatClientResponse response = client.prompt().user(QUESTION).call().chatClientResponse();

            assertThat(model.last().getUserMessage().getText())
                    .contains("<passage n=\"1\" source=\"spectrograph-guide.pdf\" page=\"2\">").contains("Question: " + QUESTION);
            @SuppressWarnings("unchecked")
            List<Document> documents = (List<Document>) response.context().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT);
            List<Citation> citations = AstroRagDocumentRetriever.citations(
                    response.chatResponse().getResult().getOutput().getText(), documents);
            assertThat(citations).hasSize(1);
            assertThat(citations.get(0).location()).isEqualTo("spectrograph-guide.pdf, p. 2");
            assertThat(citations.get(0).quote()).contains("5000");
        }
    }
}
