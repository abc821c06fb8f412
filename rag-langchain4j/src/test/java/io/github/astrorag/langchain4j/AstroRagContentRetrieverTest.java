package io.github.astrorag.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.rag.AugmentationRequest;
import dev.langchain4j.rag.AugmentationResult;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.RetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.query.Metadata;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
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

/**
 * The retriever inside LangChain4j's own {@link DefaultRetrievalAugmentor} and an {@link AiServices} assistant
 * with a scripted chat model: the augmented prompt holds exactly the library's budgeted context, fenced and
 * numbered, and the reply's citations map back to the chunks with their metadata.
 */
class AstroRagContentRetrieverTest {

    /** The question; the Halley document shares most of its words. The budget fits two chunks and the start of a third. */
    static final String QUESTION = "When does Halley's Comet return to the inner Solar System?";
    private static final int BUDGET = 40;
    private static final String PAGE_1 = "Halley's Comet returns to the inner Solar System about every 76 years."
            + " Its next return is expected in 2061. ";
    /** Three documents, each with a topic (PerRequestSettingsTest filters by it). */
    static final List<Document> DOCUMENTS = List.of(
            new Document("halley", "Halley's Comet", "comets.pdf", PAGE_1 + "The comet's nucleus is about 15 kilometres long.",
                    List.of(0, PAGE_1.length())).withMetadata(Map.of("topic", "comets")),
            new Document("dome", "Dome", "handbook.md",
                    "The observatory dome is 6.5 metres wide and turns on twelve steel wheels.", List.of())
                    .withMetadata(Map.of("topic", "building")),
            new Document("filters", "Filters", "handbook.md",
                    "The filter wheel holds seven filters, among them a hydrogen-alpha filter.", List.of())
                    .withMetadata(Map.of("topic", "instruments")));

    /** The assistant of the LangChain4j example in docs/integrations.md. */
    interface Assistant {
        Result<String> answer(String question);
    }

    private RagPipeline pipeline;
    private AstroRagContentRetriever retriever;
    private Context expected;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(BUDGET).build();
        RagInstance instance = pipeline.openDocuments(DOCUMENTS);
        retriever = new AstroRagContentRetriever(instance);
        expected = instance.selectContext(Query.of(QUESTION));
    }

    @AfterEach
    void close() {
        retriever.close();
        pipeline.close();
    }

    @Test
    void theContentsAreTheBudgetedContextWithMetadataBothWays() {
        List<Content> contents = retriever.retrieve(dev.langchain4j.rag.query.Query.from(QUESTION));

        // both Halley chunks (24 and 10 tokens) and, cut to the 40 tokens left with the separators, the filter chunk's start
        assertThat(expected.chunks()).extracting(ScoredChunk::id).containsExactly("halley#0", "halley#1", "filters#0");
        assertThat(expected.tokens()).isEqualTo(BUDGET);
        assertThat(expected.chunks().get(2).chunk().text()).isEqualTo("The filter");
        assertThat(contents).hasSameSizeAs(expected.chunks());
        ScoredChunk first = expected.chunks().get(0);
        assertThat(first.id()).isEqualTo("halley#0");
        Content content = contents.get(0);
        assertThat(content.textSegment().text()).isEqualTo(first.chunk().text()).startsWith("Halley's Comet returns");
        assertThat(content.metadata()).containsEntry(ContentMetadata.SCORE, first.score())
                .containsEntry(ContentMetadata.EMBEDDING_ID, "halley#0");
        dev.langchain4j.data.document.Metadata metadata = content.textSegment().metadata();
        assertThat(metadata.getString("topic")).isEqualTo("comets");
        assertThat(metadata.getString("page")).isEqualTo("1");
        assertThat(metadata.getString(Passages.SOURCE)).isEqualTo("comets.pdf");
        assertThat(metadata.getInteger(Passages.PAGE)).isEqualTo(1);
        assertThat(metadata.getString(Passages.CHUNK_ID)).isEqualTo("halley#0");
        assertThat(Contents.chunks(contents)).isEqualTo(expected.chunks().stream().map(c -> new ScoredChunk(c.chunk(), c.score(), null)).toList());
    }

    @Test
    void insideDefaultRetrievalAugmentorTheUserMessageBecomesTheFencedBudgetedContext() {
        RetrievalAugmentor augmentor = DefaultRetrievalAugmentor.builder()
                .contentRetriever(retriever).contentInjector(new PassageContentInjector()).build();
        UserMessage question = UserMessage.from(QUESTION);
        AugmentationResult result = augmentor.augment(new AugmentationRequest(question, Metadata.from(question, "memory", List.of())));

        String prompt = ((UserMessage) result.chatMessage()).singleText();
        assertThat(prompt).isEqualTo(PromptTemplate.defaults().render(Query.of(QUESTION), expected).asText());
        assertThat(prompt).startsWith(PromptTemplate.DEFAULT_SYSTEM)
                .contains("<passage n=\"1\" source=\"comets.pdf\" page=\"1\">\nHalley's Comet returns to the inner Solar System")
                .contains("Question: " + QUESTION);
        for (ScoredChunk c : expected.chunks()) {
            assertThat(prompt).contains(c.chunk().text().strip());
        }
        assertThat(prompt).contains("<passage n=\"3\" source=\"handbook.md\">\nThe filter\n</passage>")
                .doesNotContain("hydrogen-alpha").doesNotContain("steel wheels");
        assertThat(result.contents()).hasSameSizeAs(expected.chunks());
    }

    @Test
    void anAiServicesAssistantIsAskedOverTheContextAndItsCitationsMapToTheChunks() {
        ScriptedChatModel model = ScriptedChatModel.replying("It returns about every 76 years [1]. The next return is in 2061 [1]. [7]");
        Assistant assistant = AiServices.builder(Assistant.class).chatModel(model)
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder()
                        .contentRetriever(retriever).contentInjector(new PassageContentInjector()).build())
                .build();

        Result<String> result = assistant.answer(QUESTION);

        assertThat(model.lastUserText()).isEqualTo(PromptTemplate.defaults().render(Query.of(QUESTION), expected).asText());
        List<Citation> citations = AstroRagContentRetriever.citations(result.content(), result.sources());
        assertThat(citations).as("two sentences of one chunk: one citation, quoting from the first to the last")
                .containsExactly(new Citation(1, "halley#0", "comets.pdf", 1,
                        "Halley's Comet returns to the inner Solar System about every 76 years. "
                                + "Its next return is expected in 2061.",
                        Map.of("language", "en", "page", "1", "topic", "comets")));
        assertThat(citations.get(0).location()).isEqualTo("comets.pdf, p. 1");
    }

    @Test
    void closingTheRetrieverClosesTheInstanceAndLeavesThePipelineOpen() {
        RagInstance instance = retriever.instance();
        retriever.close();
        retriever.close();
        assertThat(instance.isClosed()).isTrue();
        assertThat(pipeline.isClosed()).isFalse();
        assertThatThrownBy(() -> retriever.retrieve(dev.langchain4j.rag.query.Query.from(QUESTION)))
                .isInstanceOf(IndexException.class);
        assertThatThrownBy(() -> new AstroRagContentRetriever(instance)).isInstanceOf(IllegalArgumentException.class);
    }
}
