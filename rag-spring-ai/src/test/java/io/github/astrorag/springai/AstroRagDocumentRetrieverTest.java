package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;

/**
 * The retriever inside Spring AI's advisor chain (a {@link ChatClient} with the {@link RetrievalAugmentationAdvisor})
 * over a scripted chat model, no Spring application: the augmented prompt holds exactly the library's budgeted
 * context, fenced and numbered, and the reply's citations map back to the chunks with their metadata.
 */
class AstroRagDocumentRetrieverTest {

    /** The question; the dome document shares most of its words. The budget fits one chunk and the start of another. */
    static final String QUESTION = "How wide is the observatory dome, and how does it turn?";
    private static final int BUDGET = 30;
    /** Three documents, each with a section (PerRequestSettingsTest filters by it). */
    static final List<Document> DOCUMENTS = List.of(
            new Document("dome", "The dome", "handbook.md",
                    "The observatory dome is 6.5 metres wide. It turns on twelve steel wheels.", List.of())
                    .withMetadata(Map.of("section", "building")),
            new Document("camera", "The camera", "handbook.md",
                    "The science camera is cooled to minus 20 degrees Celsius to keep the dark current low.", List.of())
                    .withMetadata(Map.of("section", "instruments")),
            new Document("nights", "Public nights", "visitors.md",
                    "Public nights start one hour after sunset and end at midnight.", List.of())
                    .withMetadata(Map.of("section", "visitors", "year", "2024")));

    private RagPipeline pipeline;
    private AstroRagDocumentRetriever retriever;
    private Context expected;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(BUDGET).build();
        RagInstance instance = pipeline.openDocuments(DOCUMENTS);
        retriever = new AstroRagDocumentRetriever(instance);
        expected = instance.selectContext(Query.of(QUESTION));
    }

    @AfterEach
    void close() {
        retriever.close();
        pipeline.close();
    }

    @Test
    void theDocumentsAreTheBudgetedContextWithIdScoreAndMetadata() {
        // the dome chunk (18 tokens) and, cut to the 12 tokens left with the separator, the camera chunk's start
        assertThat(expected.chunks()).extracting(ScoredChunk::id).containsExactly("dome#0", "camera#0");
        assertThat(expected.tokens()).isEqualTo(BUDGET);
        assertThat(expected.chunks().get(1).chunk().text()).isEqualTo("The science camera is cooled to minus 20 degrees Celsius");
        List<org.springframework.ai.document.Document> documents = retriever.retrieve(new org.springframework.ai.rag.Query(QUESTION));

        assertThat(documents).hasSameSizeAs(expected.chunks());
        org.springframework.ai.document.Document first = documents.get(0);
        ScoredChunk chunk = expected.chunks().get(0);
        assertThat(first.getId()).isEqualTo("dome#0");
        assertThat(first.getText()).isEqualTo(chunk.chunk().text());
        assertThat(first.getScore()).isEqualTo(chunk.score());
        assertThat(first.getMetadata()).containsEntry("section", "building").containsEntry(Passages.SOURCE, "handbook.md")
                .containsEntry(Passages.TITLE, "The dome").doesNotContainKey(Passages.PAGE);
        assertThat(Documents.chunks(documents))
                .isEqualTo(expected.chunks().stream().map(c -> new ScoredChunk(c.chunk(), c.score(), null)).toList());
    }

    @Test
    void insideTheAdvisorChainTheModelIsAskedOverTheFencedBudgetedContextAndItsCitationsMapToTheChunks() {
        ScriptedChatModel model = new ScriptedChatModel(user -> "It is 6.5 metres wide [1]. It turns on steel wheels [1]. [5]");
        ChatClient client = ChatClient.builder(model)
                .defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                        .documentRetriever(retriever).queryAugmenter(new PassageQueryAugmenter()).build())
                .build();

        ChatClientResponse response = client.prompt().user(QUESTION).call().chatClientResponse();

        String prompt = model.last().getUserMessage().getText();
        assertThat(prompt).isEqualTo(PromptTemplate.defaults().render(Query.of(QUESTION), expected).asText())
                .startsWith(PromptTemplate.DEFAULT_SYSTEM)
                .contains("<passage n=\"1\" source=\"handbook.md\">\nThe observatory dome is 6.5 metres wide.")
                .doesNotContain("dark current").doesNotContain("midnight");
        for (ScoredChunk c : expected.chunks()) {
            assertThat(prompt).contains(c.chunk().text().strip());
        }
        @SuppressWarnings("unchecked")
        List<org.springframework.ai.document.Document> documents =
                (List<org.springframework.ai.document.Document>) response.context().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT);
        String reply = response.chatResponse().getResult().getOutput().getText();
        List<Citation> citations = AstroRagDocumentRetriever.citations(reply, documents);
        assertThat(citations).as("two sentences of one chunk: one citation, quoting from the first to the last")
                .containsExactly(new Citation(1, "dome#0", "handbook.md", null,
                        "The observatory dome is 6.5 metres wide. It turns on twelve steel wheels.", Map.of("language", "en", "section", "building")));
    }

    @Test
    void closingTheRetrieverClosesTheInstanceAndLeavesThePipelineOpen() {
        RagInstance instance = retriever.instance();
        retriever.close();
        retriever.close();
        assertThat(instance.isClosed()).isTrue();
        assertThat(pipeline.isClosed()).isFalse();
        assertThatThrownBy(() -> retriever.retrieve(new org.springframework.ai.rag.Query(QUESTION))).isInstanceOf(IndexException.class);
        assertThatThrownBy(() -> new AstroRagDocumentRetriever(instance)).isInstanceOf(IllegalArgumentException.class);
    }
}
