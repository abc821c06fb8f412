package io.github.astrorag.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.presets.AstroRag;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The LangChain4j example of docs/integrations.md for real: {@link AstroRag#recommended()} (its ONNX model) over
 * the sample documents, inside an {@link AiServices} assistant whose scripted model cites passage 1.
 */
class AstroRagContentRetrieverIT {

    private static final String QUESTION = "What resolving power does the spectrograph reach?";

    interface Assistant {
        Result<String> answer(String question);
    }

    @Test
    void theRecommendedPipelinesContextReachesTheModelAndItsCitationNamesThePdfPage() {
        ScriptedChatModel model = ScriptedChatModel.replying("It reaches a resolving power of about 5000 [1].");
        try (RagPipeline rag = AstroRag.recommended();
             AstroRagContentRetriever retriever = new AstroRagContentRetriever(rag.open(List.of(Path.of("..", "rag-examples", "samples"))))) {
            Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
                    .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(retriever)
                            .contentInjector(new PassageContentInjector()).build())
                    .build();
            Result<String> result = assistant.answer(QUESTION);

            assertThat(model.lastUserText()).contains("<passage n=\"1\" source=\"spectrograph-guide.pdf\" page=\"2\">")
                    .contains("Question: " + QUESTION);
            List<Citation> citations = AstroRagContentRetriever.citations(result.content(), result.sources());
            assertThat(citations).hasSize(1);
            assertThat(citations.get(0).location()).isEqualTo("spectrograph-guide.pdf, p. 2");
            assertThat(citations.get(0).quote()).contains("5000");
            assertThat(result.sources().stream().mapToInt(c -> c.textSegment().metadata().getInteger("astrorag.tokens")).sum())
                    .isLessThanOrEqualTo(rag.budget());
        }
    }
}
