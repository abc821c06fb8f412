package io.github.astrorag.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.rag.DefaultRetrievalAugmentor;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.Result;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The per-request filter and budget inside LangChain4j's {@link AiServices} and {@link DefaultRetrievalAugmentor},
 * with a scripted chat model that records what it is shown: a filter that excludes the only relevant document
 * changes the prompt, a budget shrinks it, a filter with no equivalent is refused. The build runs this class on
 * the oldest and the newest LangChain4j the adapter supports (see the module's pom).
 */
class PerRequestSettingsTest {

    private static final String QUESTION = AstroRagContentRetrieverTest.QUESTION;
    private static final List<Document> DOCUMENTS = AstroRagContentRetrieverTest.DOCUMENTS;

    /** An assistant whose memory id names the topic the user may read: the per-request setting. */
    interface Assistant {
        Result<String> answer(@MemoryId String topic, @dev.langchain4j.service.UserMessage String question);
    }

    private RagPipeline pipeline;
    private RagInstance instance;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(40).build();
        instance = pipeline.openDocuments(DOCUMENTS);
    }

    @AfterEach
    void close() {
        instance.close();
        pipeline.close();
    }

    private static Assistant assistant(ScriptedChatModel model, AstroRagContentRetriever retriever) {
        return AiServices.builder(Assistant.class).chatModel(model)
                .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(10))
                .retrievalAugmentor(DefaultRetrievalAugmentor.builder()
                        .contentRetriever(retriever).contentInjector(new PassageContentInjector()).build())
                .build();
    }

    private String prompt(Context context) {
        return PromptTemplate.defaults().render(Query.of(QUESTION), context).asText();
    }

    @Test
    void aFilterFromTheMemoryIdThatExcludesTheOnlyRelevantDocumentChangesWhatTheModelSees() {
        ScriptedChatModel model = ScriptedChatModel.replying("It returns every 76 years [1].");
        AstroRagContentRetriever retriever = AstroRagContentRetriever.builder(instance)
                .dynamicFilter(q -> MetadataFilter.where("topic").is(String.valueOf(q.metadata().chatMemoryId()))).build();
        Assistant assistant = assistant(model, retriever);

        Result<String> comets = assistant.answer("comets", QUESTION);
        assertThat(model.lastUserText()).contains("every 76 years").doesNotContain("steel wheels")
                .isEqualTo(prompt(instance.selectContext(Query.of(QUESTION).withFilter(MetadataFilter.where("topic").is("comets")))));
        assertThat(comets.sources()).extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID))
                .containsExactly("halley#0", "halley#1");

        Result<String> building = assistant.answer("building", QUESTION);
        assertThat(model.lastUserText()).doesNotContain("Halley's Comet returns").contains("steel wheels");
        assertThat(building.sources()).extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID))
                .containsExactly("dome#0");

        Result<String> nothing = assistant.answer("galaxies", QUESTION);
        assertThat(model.lastUserText()).contains(PromptTemplate.EMPTY_CONTEXT).doesNotContain("Halley's Comet returns");
        assertThat(nothing.sources()).isEmpty();
    }

    @Test
    void langChain4jsOwnFilterIsTranslatedForEqualityInAndAnd() {
        ScriptedChatModel model = ScriptedChatModel.replying("[1]");
        AstroRagContentRetriever retriever = AstroRagContentRetriever.builder(instance)
                .dynamicFilter(q -> LangChain4jFilters.translate("comets".equals(q.metadata().chatMemoryId())
                        ? metadataKey("topic").isEqualTo("comets").and(metadataKey("page").isEqualTo(2))
                        : metadataKey("topic").isIn("building", "instruments")))
                .build();
        Assistant assistant = assistant(model, retriever);

        assertThat(assistant.answer("comets", QUESTION).sources())
                .extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID)).containsExactly("halley#1");
        assertThat(model.lastUserText()).contains("nucleus is about 15 kilometres").doesNotContain("every 76 years");
        assertThat(assistant.answer("anyone", QUESTION).sources())
                .extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID)).containsExactlyInAnyOrder("dome#0", "filters#0");
        assertThat(model.lastUserText()).doesNotContain("Halley's Comet returns");

        assertThat(LangChain4jFilters.translate(metadataKey("a").isEqualTo("x").and(metadataKey("b").isIn(1, 2L))
                .and(metadataKey("c").isEqualTo(java.util.UUID.fromString("00000000-0000-0000-0000-000000000001")))))
                .isEqualTo(MetadataFilter.where("a").is("x").and("b").in("1", "2").and("c").is("00000000-0000-0000-0000-000000000001"));
        assertThat(LangChain4jFilters.translate(null)).isEqualTo(MetadataFilter.NONE);
    }

    @Test
    void aBudgetPerRequestShrinksTheContextTheModelSees() {
        ScriptedChatModel model = ScriptedChatModel.replying("[1]");
        AstroRagContentRetriever retriever = AstroRagContentRetriever.builder(instance)
                .dynamicBudget(q -> "brief".equals(q.metadata().chatMemoryId()) ? 12 : null).build();
        Assistant assistant = assistant(model, retriever);

        List<Content> full = assistant.answer("anyone", QUESTION).sources();
        Context pipelineBudget = instance.selectContext(Query.of(QUESTION));
        assertThat(model.lastUserText()).isEqualTo(prompt(pipelineBudget));
        List<Content> brief = assistant.answer("brief", QUESTION).sources();
        Context small = instance.selectContext(Query.of(QUESTION), 12);
        assertThat(model.lastUserText()).isEqualTo(prompt(small)).doesNotContain("2061");
        assertThat(small.tokens()).isLessThanOrEqualTo(12);
        assertThat(brief).hasSize(small.chunks().size()).hasSizeLessThan(full.size());
        assertThat(Contents.chunks(brief)).extracting(ScoredChunk::id).isEqualTo(small.chunks().stream().map(ScoredChunk::id).toList());
    }

    @Test
    void theNewOperatorsAreTranslatedAndWhatHasNoEquivalentIsRefused() {
        assertThat(LangChain4jFilters.translate(metadataKey("a").isNotEqualTo("x").and(metadataKey("b").isNotIn("y", "z"))))
                .isEqualTo(MetadataFilter.where("a").isNot("x").and("b").notIn("y", "z"));
        assertThat(LangChain4jFilters.translate(metadataKey("year").isGreaterThan(2000).and(metadataKey("year").isLessThanOrEqualTo(2024L))
                .and(metadataKey("ratio").isGreaterThanOrEqualTo(0.5)).and(metadataKey("ratio").isLessThan("0.75"))))
                .isEqualTo(MetadataFilter.where("year").greaterThan("2000").and("year").atMost("2024")
                        .and("ratio").atLeast("0.5").and("ratio").lessThan("0.75"));
        assertThat(LangChain4jFilters.translate(metadataKey("a").isEqualTo("x").or(metadataKey("b").isEqualTo("y"))))
                .isEqualTo(MetadataFilter.where("a").is("x").or(MetadataFilter.where("b").is("y")));
        assertThat(LangChain4jFilters.translate(dev.langchain4j.store.embedding.filter.Filter.not(metadataKey("a").isEqualTo("x"))))
                .isEqualTo(MetadataFilter.not(MetadataFilter.where("a").is("x")));
        assertThatThrownBy(() -> LangChain4jFilters.translate(
                new dev.langchain4j.store.embedding.filter.comparison.ContainsString("a", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ContainsString");
        assertThatThrownBy(() -> LangChain4jFilters.translate(metadataKey("ratio").isEqualTo(0.5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("metadata key 'ratio'").hasMessageContaining("Double");
        assertThatThrownBy(() -> LangChain4jFilters.translate(metadataKey("year").isGreaterThan("soon")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("year");
    }

    @Test
    void theNewOperatorsAndTheUnknownKeyRuleChangeWhatTheModelSees() {
        ScriptedChatModel model = ScriptedChatModel.replying("[1]");
        Assistant assistant = assistant(model, AstroRagContentRetriever.builder(instance)
                .dynamicFilter(q -> LangChain4jFilters.translate(switch (String.valueOf(q.metadata().chatMemoryId())) {
                    case "not-comets" -> metadataKey("topic").isNotEqualTo("comets");
                    case "either" -> metadataKey("topic").isEqualTo("building").or(metadataKey("page").isGreaterThan(1));
                    default -> metadataKey("tenant").isEqualTo("t1"); // a key no document has
                })).build());
        assertThat(assistant.answer("not-comets", QUESTION).sources()).extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID))
                .containsExactlyInAnyOrder("dome#0", "filters#0");
        assertThat(model.lastUserText()).doesNotContain("Halley's Comet returns");
        assertThat(assistant.answer("either", QUESTION).sources()).extracting(c -> c.metadata().get(ContentMetadata.EMBEDDING_ID))
                .containsExactlyInAnyOrder("dome#0", "halley#1");
        // the unknown-key rule: not refused, nothing matches, the trace names the key (RagInstance logs one warning)
        assertThat(assistant.answer("unknown", QUESTION).sources()).isEmpty();
        assertThat(model.lastUserText()).contains(PromptTemplate.EMPTY_CONTEXT);
        Context traced = instance.selectContext(Query.of(QUESTION).withFilter(LangChain4jFilters.translate(metadataKey("tenant").isEqualTo("t1"))));
        assertThat(((io.github.astrorag.core.model.Trace) traced.details().get("trace")).stage("filter").orElseThrow().details())
                .containsEntry("unknownFilterKeys", List.of("tenant"));
    }

    @Test
    void theBuilderTakesEachSettingOnceAndChecksTheBudget() {
        AstroRagContentRetriever.Builder builder = AstroRagContentRetriever.builder(instance).filter(MetadataFilter.where("topic").is("x"));
        assertThatThrownBy(() -> builder.dynamicFilter(q -> null)).isInstanceOf(IllegalStateException.class);
        builder.budget(20);
        assertThatThrownBy(() -> builder.dynamicBudget(q -> 5)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> AstroRagContentRetriever.builder(instance).budget(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");

        Function<dev.langchain4j.rag.query.Query, Integer> zero = q -> 0;
        AstroRagContentRetriever bad = AstroRagContentRetriever.builder(instance).dynamicBudget(zero).build();
        assertThatThrownBy(() -> bad.retrieve(dev.langchain4j.rag.query.Query.from(QUESTION)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("budget must be at least 1");

        AstroRagContentRetriever fixed = AstroRagContentRetriever.builder(instance).filter(MetadataFilter.where("topic").is("building"))
                .budget(5).build();
        assertThat(fixed.retrieve(dev.langchain4j.rag.query.Query.from(QUESTION))).extracting(c -> c.textSegment().text())
                .containsExactly(instance.selectContext(Query.of(QUESTION).withFilter(MetadataFilter.where("topic").is("building")), 5)
                        .chunks().get(0).chunk().text());
    }

    @Test
    void theInjectorKeepsTheUsersName() {
        ChatMessage injected = new PassageContentInjector().inject(List.of(), UserMessage.from("ana", QUESTION));
        assertThat(((UserMessage) injected).name()).isEqualTo("ana");
        assertThat(((UserMessage) injected).singleText()).contains(PromptTemplate.EMPTY_CONTEXT);
    }

    /** LangChain4j 1.8 added a user message's attributes; where they exist, the injector keeps them. */
    @Test
    void fromLangChain4j18OnTheInjectorKeepsTheAttributes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.util.Arrays.stream(UserMessage.class.getMethods())
                .anyMatch(m -> m.getName().equals("toBuilder")), "LangChain4j before 1.8 has no message attributes");
        UserMessage user = UserMessage.builder().name("ana").addContent(dev.langchain4j.data.message.TextContent.from(QUESTION))
                .attributes(Map.of("tenant", "t1")).build();
        UserMessage injected = (UserMessage) new PassageContentInjector().inject(List.of(), user);
        assertThat(injected.attributes()).containsEntry("tenant", "t1");
        assertThat(injected.name()).isEqualTo("ana");
    }

    /** The build's second run really swaps LangChain4j: the version on the class path is the one the pom names. */
    @Test
    void theLangChain4jOnTheClassPathIsTheOneTheBuildNames() throws IOException {
        String expected = System.getProperty("langchain4j.expected");
        Properties core = new Properties();
        Properties main = new Properties();
        try (InputStream a = ChatMessage.class.getResourceAsStream("/META-INF/maven/dev.langchain4j/langchain4j-core/pom.properties");
             InputStream b = AiServices.class.getResourceAsStream("/META-INF/maven/dev.langchain4j/langchain4j/pom.properties")) {
            core.load(a);
            main.load(b);
        }
        if (expected != null) {
            assertThat(core.getProperty("version")).isEqualTo(expected);
            assertThat(main.getProperty("version")).isEqualTo(expected);
        }
    }
}
