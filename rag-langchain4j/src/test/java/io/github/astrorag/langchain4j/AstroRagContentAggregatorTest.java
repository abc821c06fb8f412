package io.github.astrorag.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.EmbeddingStoreContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.Result;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.Passages;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.token.TokenCounter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AstroRagContentAggregator} inside LangChain4j's own {@link DefaultRetrievalAugmentor}, over LangChain4j's own
 * {@link InMemoryEmbeddingStore} and {@link EmbeddingStoreContentRetriever}, with a scripted chat model that records
 * what it is shown. The build runs this class on the oldest and the newest LangChain4j the adapter supports.
 */
class AstroRagContentAggregatorTest {

    static final String QUESTION = "When does Halley's Comet return?";
    static final String HALLEY = "Halley's Comet returns to the inner Solar System about every 76 years.";
    static final String NEXT = "Halley's Comet is next expected in 2061, when it returns.";
    static final String DOME = "The observatory dome is 6.5 metres wide and turns on twelve steel wheels.";
    static final String FILTERS = "The filter wheel holds seven filters, among them a hydrogen-alpha filter.";

    interface Assistant {
        Result<String> answer(@MemoryId String topic, @dev.langchain4j.service.UserMessage String question);
    }

    private RagPipeline pipeline;
    private EmbeddingStoreContentRetriever retriever;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(1000).build();
        EmbeddingModel model = new AstroRagEmbeddingModel(new HashingEmbedder());
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        for (TextSegment s : List.of(segment(HALLEY, "comets", "halley.md"), segment(NEXT, "comets", "halley.md"),
                segment(DOME, "building", "dome.md"), segment(FILTERS, "instruments", "filters.md"))) {
            store.add(model.embed(s).content(), s);
        }
        // the store's side filter: none for "anyone", else the memory id's topic
        retriever = EmbeddingStoreContentRetriever.builder().embeddingStore(store).embeddingModel(model).maxResults(10)
                .dynamicFilter(q -> "anyone".equals(q.metadata().chatMemoryId()) || "brief".equals(q.metadata().chatMemoryId())
                        ? null : metadataKey("topic").isEqualTo(String.valueOf(q.metadata().chatMemoryId())))
                .build();
    }

    @AfterEach
    void close() {
        pipeline.close();
    }

    private static TextSegment segment(String text, String topic, String source) {
        return TextSegment.from(text, Metadata.from(Map.of("topic", topic, "source", source)));
    }

    private Assistant assistant(ScriptedChatModel model, AstroRagContentAggregator aggregator) {
        return AiServices.builder(Assistant.class).chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(10))
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(retriever)
                        .contentAggregator(aggregator).contentInjector(new PassageContentInjector()).build())
                .build();
    }

    @Test
    void choosesWithinTheBudgetPerRequestKeepsMetadataAndMapsCitationsBack() {
        int twoWhole = TokenCounter.p50k().count(HALLEY + "\n\n" + NEXT);
        ScriptedChatModel model = ScriptedChatModel.replying("Every 76 years [1].");
        Assistant assistant = assistant(model, AstroRagContentAggregator.builder(pipeline)
                .dynamicBudget(q -> "brief".equals(q.metadata().chatMemoryId()) ? twoWhole : null).build());

        Result<String> all = assistant.answer("anyone", QUESTION);
        assertThat(all.sources()).hasSize(4);
        Result<String> brief = assistant.answer("brief", QUESTION);
        // the minimal pipeline's selector: the store's order (by its score), cut to the budget: both Halley passages
        assertThat(brief.sources()).extracting(c -> c.textSegment().text()).containsExactlyInAnyOrder(HALLEY, NEXT);
        assertThat(model.lastUserText()).contains("every 76 years").doesNotContain("steel wheels");
        Content first = brief.sources().get(0);
        assertThat(first.textSegment().metadata().getString("topic")).isEqualTo("comets");
        assertThat(first.textSegment().metadata().getString("source")).isEqualTo("halley.md");
        assertThat(first.textSegment().metadata().getString(Passages.CHUNK_ID)).startsWith("content-");
        assertThat(first.metadata()).containsKeys(ContentMetadata.SCORE, ContentMetadata.EMBEDDING_ID);

        List<Citation> citations = AstroRagContentRetriever.citations(brief.content(), brief.sources());
        assertThat(citations).hasSize(1);
        assertThat(citations.get(0).quote()).isEqualTo(first.textSegment().text());
        assertThat(citations.get(0).metadata()).containsEntry("topic", "comets").containsEntry("source", "halley.md");
    }

    @Test
    void aFilterOnTheStoreSideChangesWhatTheModelSees() {
        ScriptedChatModel model = ScriptedChatModel.replying("[1]");
        Assistant assistant = assistant(model, AstroRagContentAggregator.of(pipeline));
        assertThat(assistant.answer("building", QUESTION).sources()).extracting(c -> c.textSegment().text())
                .containsExactly(DOME);
        assertThat(model.lastUserText()).contains("steel wheels").doesNotContain("every 76 years");
        assertThat(assistant.answer("galaxies", QUESTION).sources()).isEmpty();
    }

    @Test
    void everyQuerysContentsAreOneDistinctPoolFusedByRank() {
        Content halley = Content.from(segment(HALLEY, "comets", "halley.md"));
        Content next = Content.from(segment(NEXT, "comets", "halley.md"));
        Content dome = Content.from(segment(DOME, "building", "dome.md"));
        Map<Query, Collection<List<Content>>> byQuery = new LinkedHashMap<>();
        byQuery.put(Query.from(QUESTION), List.of(List.of(dome, halley)));
        byQuery.put(Query.from("Halley return year"), List.of(List.of(halley, next)));
        // budget: two whole passages. Fused: halley 1/62 + 1/61, dome 1/61, next 1/62
        int twoWhole = TokenCounter.p50k().count(HALLEY + "\n\n" + DOME);
        List<Content> out = AstroRagContentAggregator.builder(pipeline).budget(twoWhole).build().aggregate(byQuery);
        assertThat(out).extracting(c -> c.textSegment().text()).containsExactly(HALLEY, DOME);
        assertThat(AstroRagContentAggregator.of(pipeline).aggregate(Map.of())).isEmpty();
    }

    @Test
    void theSameTextFromTwoDocumentsIsTwoPassagesTheSameSegmentTwiceIsOne() {
        Content halley = Content.from(segment(HALLEY, "comets", "halley.md"));
        Content copy = Content.from(segment(HALLEY, "comets", "copy.md"));
        Map<Query, Collection<List<Content>>> byQuery = new LinkedHashMap<>();
        byQuery.put(Query.from(QUESTION), List.of(List.of(halley, copy)));
        byQuery.put(Query.from("Halley return year"), List.of(List.of(halley)));
        List<Content> out = AstroRagContentAggregator.of(pipeline).aggregate(byQuery);
        assertThat(out).extracting(c -> c.textSegment().metadata().getString("source"))
                .containsExactly("halley.md", "copy.md");
    }

    @Test
    void theBuilderTakesTheBudgetOnceAndChecksIt() {
        AstroRagContentAggregator.Builder builder = AstroRagContentAggregator.builder(pipeline).budget(20);
        assertThatThrownBy(() -> builder.dynamicBudget(q -> 5)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> AstroRagContentAggregator.builder(pipeline).budget(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
        AstroRagContentAggregator zero = AstroRagContentAggregator.builder(pipeline).dynamicBudget(q -> 0).build();
        Map<Query, Collection<List<Content>>> one = Map.of(Query.from(QUESTION), List.of(List.of(Content.from(HALLEY))));
        assertThatThrownBy(() -> zero.aggregate(one)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("budget must be at least 1");
        assertThatThrownBy(() -> AstroRagContentAggregator.builder(null)).isInstanceOf(NullPointerException.class);
    }
}
