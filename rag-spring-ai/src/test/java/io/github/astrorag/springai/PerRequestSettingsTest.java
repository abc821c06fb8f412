package io.github.astrorag.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.PromptTemplate;
import io.github.astrorag.core.model.Context;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.filter.FilterExpressionBuilder;
import org.springframework.core.task.SyncTaskExecutor;

/**
 * The per-request filter and budget inside Spring AI's advisor chain (a {@link ChatClient} with the
 * {@link RetrievalAugmentationAdvisor}) over a scripted chat model that records what it is shown: a filter
 * expression in the request's context that excludes the only relevant document changes the prompt, a budget
 * shrinks it, an operator with no equivalent is refused. The build runs this class on Spring AI 1.1 and 2.0.
 */
class PerRequestSettingsTest {

    private static final String QUESTION = AstroRagDocumentRetrieverTest.QUESTION;

    private RagPipeline pipeline;
    private RagInstance instance;
    private AstroRagDocumentRetriever retriever;
    private ScriptedChatModel model;
    private ChatClient client;

    @BeforeEach
    void open() {
        pipeline = RagPipeline.builder().embedder(new HashingEmbedder()).budget(30).build();
        instance = pipeline.openDocuments(AstroRagDocumentRetrieverTest.DOCUMENTS);
        retriever = new AstroRagDocumentRetriever(instance);
        model = new ScriptedChatModel(user -> "[1]");
        client = ChatClient.builder(model).defaultAdvisors(RetrievalAugmentationAdvisor.builder().documentRetriever(retriever)
                .queryAugmenter(new PassageQueryAugmenter()).taskExecutor(new SyncTaskExecutor()).build()).build();
    }

    @AfterEach
    void close() {
        retriever.close();
        pipeline.close();
    }

    private List<String> ask(Map<String, Object> context) {
        ChatClientResponse response = client.prompt().user(QUESTION).advisors(a -> a.params(context)).call().chatClientResponse();
        @SuppressWarnings("unchecked")
        List<Document> documents = (List<Document>) response.context().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT);
        return documents.stream().map(Document::getId).toList();
    }

    private String seen() {
        return model.last().getUserMessage().getText();
    }

    private static String prompt(Context context) {
        return PromptTemplate.defaults().render(Query.of(QUESTION), context).asText();
    }

    @Test
    void aFilterExpressionThatExcludesTheOnlyRelevantDocumentChangesWhatTheModelSees() {
        assertThat(ask(Map.of())).containsExactly("dome#0", "camera#0");
        assertThat(seen()).contains("twelve steel wheels");

        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "section in ['instruments', 'visitors']")))
                .containsExactlyInAnyOrder("camera#0", "nights#0");
        assertThat(seen()).doesNotContain("steel wheels").contains("science camera")
                .isEqualTo(prompt(instance.selectContext(Query.of(QUESTION)
                        .withFilter(MetadataFilter.where("section").in("instruments", "visitors")))));

        // Spring AI's own expression object, AND of EQ and IN, a number compared with the text "2024"
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION,
                b.and(b.eq("year", 2024), b.group(b.in("section", "visitors", "building"))).build()))).containsExactly("nights#0");
        assertThat(seen()).doesNotContain("steel wheels").contains("Public nights");

        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "section == 'library'"))).isEmpty();
        assertThat(seen()).contains(PromptTemplate.EMPTY_CONTEXT).doesNotContain("steel wheels");
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, " "))).containsExactly("dome#0", "camera#0");
    }

    @Test
    void aBudgetInTheRequestContextShrinksTheContextTheModelSees() {
        Context small = instance.selectContext(Query.of(QUESTION), 10);
        assertThat(ask(Map.of(AstroRagDocumentRetriever.BUDGET, 10))).isEqualTo(small.chunks().stream().map(ScoredChunk::id).toList());
        assertThat(seen()).isEqualTo(prompt(small)).doesNotContain("steel wheels").doesNotContain("science camera");
        assertThat(small.tokens()).isLessThanOrEqualTo(10);
        assertThat(ask(Map.of(AstroRagDocumentRetriever.BUDGET, "10"))).hasSameSizeAs(small.chunks());
        assertThat(ask(Map.of())).hasSize(2);
        assertThat(seen()).isEqualTo(prompt(instance.selectContext(Query.of(QUESTION))));

        for (Object bad : List.of(0, "many", 2.5, Long.MAX_VALUE)) {
            assertThatThrownBy(() -> ask(Map.of(AstroRagDocumentRetriever.BUDGET, bad))).rootCause()
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(AstroRagDocumentRetriever.BUDGET)
                    .hasMessageContaining(String.valueOf(bad));
        }
    }

    @Test
    void theNewOperatorsChangeWhatTheModelSeesAndWhatHasNoEquivalentIsRefused() {
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "section != 'building'")))
                .containsExactlyInAnyOrder("camera#0", "nights#0");
        assertThat(seen()).doesNotContain("steel wheels");
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "section == 'building' || year >= 2024")))
                .containsExactlyInAnyOrder("dome#0", "nights#0");
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "year > 2024"))).isEmpty();
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, b.not(b.in("section", "building", "visitors")).build())))
                .containsExactly("camera#0");
        assertThat(seen()).contains("science camera").doesNotContain("steel wheels");
        assertThat(SpringAiFilters.translate(b.and(b.ne("a", "x"), b.nin("b", 1, 2L)).build()))
                .isEqualTo(MetadataFilter.where("a").isNot("x").and("b").notIn("1", "2"));
        assertThat(SpringAiFilters.translate(b.and(b.and(b.gt("y", 2000), b.gte("y", 2001)), b.and(b.lt("r", 0.5), b.lte("r", 1))).build()))
                .isEqualTo(MetadataFilter.where("y").greaterThan("2000").and("y").atLeast("2001").and("r").lessThan("0.5")
                        .and("r").atMost("1"));
        assertThat(SpringAiFilters.translate(b.or(b.eq("a", "x"), b.eq("b", "y")).build()))
                .isEqualTo(MetadataFilter.where("a").is("x").or(MetadataFilter.where("b").is("y")));
        int before = model.prompts().size();
        // an operand shape with no equivalent (ISNULL and ISNOTNULL, where Spring AI has them, are refused the same way)
        org.springframework.ai.vectorstore.filter.Filter.Expression valueEqValue = new org.springframework.ai.vectorstore.filter.Filter.Expression(
                org.springframework.ai.vectorstore.filter.Filter.ExpressionType.EQ, new org.springframework.ai.vectorstore.filter.Filter.Value("x"),
                new org.springframework.ai.vectorstore.filter.Filter.Value("y"));
        assertThatThrownBy(() -> SpringAiFilters.translate(valueEqValue))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not EQ");
        assertThatThrownBy(() -> SpringAiFilters.translate(b.eq("ratio", 0.5).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("metadata key 'ratio'").hasMessageContaining("Double");
        assertThatThrownBy(() -> SpringAiFilters.translate(b.gt("year", "soon").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("year");
        assertThat(model.prompts()).hasSize(before);
        assertThat(SpringAiFilters.translate(b.and(b.eq("a", "x"), b.in("b", 1, 2L)).build()))
                .isEqualTo(MetadataFilter.where("a").is("x").and("b").in("1", "2"));
    }

    /** The unknown-key rule: not refused, nothing matches, the trace names the key (RagInstance logs one warning). */
    @Test
    void aKeyNoDocumentHasIsNotRefusedAndTheTraceNamesIt() {
        assertThat(ask(Map.of(VectorStoreDocumentRetriever.FILTER_EXPRESSION, "tenant == 't1'"))).isEmpty();
        assertThat(seen()).contains(PromptTemplate.EMPTY_CONTEXT);
        Context traced = instance.selectContext(Query.of(QUESTION).withFilter(SpringAiFilters.translate("tenant == 't1'")));
        assertThat(((io.github.astrorag.core.model.Trace) traced.details().get("trace")).stage("filter").orElseThrow().details())
                .containsEntry("unknownFilterKeys", List.of("tenant"));
    }

    /** The build's Spring AI 2.0 run really uses 2.0: the version on the class path is the one the pom names. */
    @Test
    void theSpringAiOnTheClassPathIsTheOneTheBuildNames() throws IOException {
        String expected = System.getProperty("spring-ai.expected");
        Properties rag = new Properties();
        try (InputStream in = RetrievalAugmentationAdvisor.class.getResourceAsStream("/META-INF/maven/org.springframework.ai/spring-ai-rag/pom.properties")) {
            if (in != null) {
                rag.load(in);
            }
        }
        String version = rag.getProperty("version", RetrievalAugmentationAdvisor.class.getPackage().getImplementationVersion());
        if (expected != null) {
            assertThat(version).isEqualTo(expected);
        }
    }
}
