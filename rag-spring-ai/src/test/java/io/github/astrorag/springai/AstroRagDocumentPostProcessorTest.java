package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.core.task.SyncTaskExecutor;

/**
 * {@link AstroRagDocumentPostProcessor} inside Spring AI's {@link RetrievalAugmentationAdvisor}, over Spring AI's own
 * {@link SimpleVectorStore} and {@link VectorStoreDocumentRetriever}, with a scripted chat model that records what it
 * is shown. The build runs this class on Spring AI 1.1 and 2.0.
 */
class AstroRagDocumentPostProcessorTest {

    static final String QUESTION = "How wide is the observatory dome?";
    static final String DOME = "The observatory dome is 6.5 metres wide.";
    static final String WHEELS = "The observatory dome turns on twelve steel wheels.";
    static final String CAMERA = "The observatory science camera is cooled to minus 100 degrees.";
    static final String NIGHTS = "The observatory opens to the public on the first Friday of each month.";

    private RagPipeline pipeline;
    private ScriptedChatModel model;
    private ChatClient client;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(1000).build();
        SimpleVectorStore store = SimpleVectorStore.builder(new HashingEmbeddingModel(3f)).build();
        store.add(List.of(doc("dome", DOME, "building"), doc("wheels", WHEELS, "building"),
                doc("camera", CAMERA, "instruments"), doc("nights", NIGHTS, "visitors")));
        model = new ScriptedChatModel(user -> "It is 6.5 metres wide [1].");
        client = ChatClient.builder(model).defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                .documentRetriever(VectorStoreDocumentRetriever.builder().vectorStore(store).topK(10).build())
                .documentPostProcessors(new AstroRagDocumentPostProcessor(pipeline))
                .queryAugmenter(new PassageQueryAugmenter()).taskExecutor(new SyncTaskExecutor()).build()).build();
    }

    @AfterEach
    void close() {
        pipeline.close();
    }

    private static Document doc(String id, String text, String section) {
        return Document.builder().id(id).text(text).metadata(Map.of("section", section, "source", id + ".md")).build();
    }

    private ChatClientResponse ask(Map<String, Object> context) {
        return client.prompt().user(QUESTION).advisors(a -> a.params(context)).call().chatClientResponse();
    }

    @SuppressWarnings("unchecked")
    private static List<Document> documents(ChatClientResponse response) {
        return (List<Document>) response.context().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT);
    }

    @Test
    void choosesWithinTheBudgetPerRequestKeepsMetadataAndMapsCitationsBack() {
        assertThat(documents(ask(Map.of()))).hasSize(4);
        int twoWhole = TokenCounter.p50k().count(DOME + "\n\n" + WHEELS);
        ChatClientResponse brief = ask(Map.of(AstroRagDocumentRetriever.BUDGET, twoWhole));
        List<Document> chosen = documents(brief);
        // the minimal pipeline's selector: the store's order (by its scores), cut to the budget
        assertThat(chosen).extracting(Document::getId).containsExactlyInAnyOrder("dome", "wheels");
        String seen = model.last().getUserMessage().getText();
        assertThat(seen).contains("6.5 metres").doesNotContain("science camera");
        Document first = chosen.get(0);
        assertThat(first.getMetadata()).containsEntry("section", "building").containsKey(Passages.CHUNK_ID);
        assertThat(first.getScore()).isNotNull();

        List<Citation> citations = AstroRagDocumentRetriever.citations("It is 6.5 metres wide [1].", chosen);
        assertThat(citations).hasSize(1);
        assertThat(citations.get(0).quote()).isEqualTo(first.getText());
        assertThat(citations.get(0).metadata()).containsEntry("section", "building").containsEntry("source", first.getId() + ".md");
    }

    @Test
    void aFilterOnTheStoreSideChangesWhatTheModelSees() {
        List<Document> visitors = documents(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "section == 'visitors'")));
        assertThat(visitors).extracting(Document::getId).containsExactly("nights");
        assertThat(model.last().getUserMessage().getText()).contains("first Friday").doesNotContain("6.5 metres");
    }

    @Test
    void documentsOfOneIdAreOneAndABadBudgetIsRefused() {
        AstroRagDocumentPostProcessor processor = new AstroRagDocumentPostProcessor(pipeline);
        Document dome = doc("dome", DOME, "building");
        List<Document> out = processor.process(new Query(QUESTION), List.of(dome, dome, doc("camera", CAMERA, "instruments")));
        assertThat(out).extracting(Document::getId).containsExactlyInAnyOrder("dome", "camera");
        assertThat(processor.process(new Query(QUESTION), List.of())).isEmpty();
        Query zero = Query.builder().text(QUESTION).context(Map.of(AstroRagDocumentRetriever.BUDGET, 0)).build();
        assertThatThrownBy(() -> processor.process(zero, List.of(dome))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(AstroRagDocumentRetriever.BUDGET);
        assertThatThrownBy(() -> new AstroRagDocumentPostProcessor(null)).isInstanceOf(NullPointerException.class);
    }
}
