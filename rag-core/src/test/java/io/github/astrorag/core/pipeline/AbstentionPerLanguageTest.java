package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Embedder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Abstention per language: with an embedder that declares it reads English only (the bundled models do; here the
 * model-free hashing embedder declaring {@code en}), a Chinese, Arabic or Thai question is supported by its terms
 * alone against the language's threshold, so one its documents answer is answered with its citation and one about
 * something else abstains. The documents and questions are written for this test.
 */
class AbstentionPerLanguageTest {

    /** The hashing embedder, declaring that it reads English only. */
    private static final class EnglishOnly implements Embedder {
        private final HashingEmbedder delegate = new HashingEmbedder();

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            return delegate.embedDocuments(texts);
        }

        @Override
        public float[] embedQuery(String text) {
            return delegate.embedQuery(text);
        }

        @Override
        public Set<String> languages() {
            return Set.of("en");
        }

        @Override
        public Map<String, Object> describe() {
            return delegate.describe();
        }
    }

    private static final Map<String, List<Document>> DOCUMENTS = Map.of(
            "zh", List.of(
                    Document.of("huanghe", "黄河是中国第二长的河流。黄河发源于青海省的巴颜喀拉山。黄河流经九个省区，最后注入渤海。"),
                    Document.of("xiongmao", "大熊猫主要生活在四川省的山区。大熊猫几乎只吃竹子。一只成年大熊猫每天要吃十几公斤竹子。")),
            "ar", List.of(
                    Document.of("nil", "نهر النيل أطول نهر في أفريقيا. ينبع النيل من بحيرة فيكتوريا. يصب النيل في البحر المتوسط."),
                    Document.of("qahira", "القاهرة هي عاصمة مصر. تقع القاهرة على ضفاف النيل. يسكن القاهرة ملايين الناس.")),
            "th", List.of(
                    Document.of("chaophraya", "แม่น้ำเจ้าพระยาไหลผ่านกรุงเทพมหานคร แม่น้ำเจ้าพระยาไหลลงสู่อ่าวไทย"),
                    Document.of("chiangmai", "เชียงใหม่เป็นจังหวัดทางภาคเหนือของประเทศไทย ดอยสุเทพตั้งอยู่ในจังหวัดเชียงใหม่")));

    private static Answer ask(Embedder embedder, String language, String question) {
        RagPipeline rag = RagPipeline.builder().embedder(embedder).build();
        try (RagInstance instance = rag.openDocuments(DOCUMENTS.get(language))) {
            return instance.ask(question);
        }
    }

    private static Map<String, Object> generate(Answer answer) {
        Trace.Stage stage = answer.trace().stages().get(answer.trace().stages().size() - 1);
        return stage.details();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            zh | 黄河发源于哪里？ | 黄河发源于青海省的巴颜喀拉山。 | huanghe#0 | 0.333
            ar | من أين ينبع النيل؟ | ينبع النيل من بحيرة فيكتوريا. | nil#0 | 0.4375
            th | แม่น้ำเจ้าพระยาไหลลงสู่ที่ใด | แม่น้ำเจ้าพระยาไหลลงสู่อ่าวไทย | chaophraya#0 | 0.45
            """)
    void aQuestionItsDocumentsAnswerIsAnsweredByItsTermsWithTheLanguagesThreshold(String language, String question,
                                                                                  String sentence, String chunk,
                                                                                  double threshold) {
        Answer answer = ask(new EnglishOnly(), language, question);
        assertThat(answer.text()).as(language).isEqualTo(sentence + " [1]");
        assertThat(answer.citations()).singleElement().satisfies(c -> assertThat(c.chunkId()).isEqualTo(chunk));
        Map<String, Object> details = generate(answer);
        assertThat(details).containsEntry(ExtractiveGenerator.MIN_SUPPORT, threshold)
                .containsEntry(ExtractiveGenerator.COSINE, 0.0) // the English embedding's cosine is not read
                .containsEntry(ExtractiveGenerator.ABSTAINED, false);
        assertThat((double) details.get(ExtractiveGenerator.SUPPORT)).isGreaterThanOrEqualTo(threshold);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            zh | 东京塔是哪一年建成的？
            zh | 长城的总长度是多少公里？
            ar | متى بنيت ساعة بيغ بن في لندن؟
            th | หอไอเฟลสร้างเสร็จในปีใด
            """)
    void aQuestionAboutSomethingElseAbstains(String language, String question) {
        Answer answer = ask(new EnglishOnly(), language, question);
        assertThat(answer.text()).as(question).isEqualTo(ExtractiveGenerator.NO_ANSWER);
        assertThat(answer.citations()).isEmpty();
        assertThat(generate(answer)).containsEntry(ExtractiveGenerator.ABSTAINED, true);
    }

    @Test
    void theLexicalSupportIsTheShareOfEvidenceFoundAndHeldByHand() {
        // 黄河发源于哪里？: Han pairs 黄河 河发 发源 源于 于哪 哪里; less the question word 哪里 and the pairs holding
        // the function character 于: evidence {黄河, 河发, 发源}; all three in the context and in the answer: 1.0
        Answer answered = ask(new EnglishOnly(), "zh", "黄河发源于哪里？");
        assertThat((double) generate(answered).get(ExtractiveGenerator.SUPPORT)).isEqualTo(1.0);
        // 长城的总长度是多少公里？: evidence {长城, 总长, 长度, 公里}; none in the context: 0
        Answer abstained = ask(new EnglishOnly(), "zh", "长城的总长度是多少公里？");
        assertThat((double) generate(abstained).get(ExtractiveGenerator.SUPPORT)).isEqualTo(0.0);
    }

    @Test
    void aLanguagesThresholdCanBeSet() {
        Embedder embedder = new EnglishOnly();
        RagPipeline rag = RagPipeline.builder().embedder(embedder)
                .generator(ExtractiveGenerator.builder(embedder).minSupport("zh", 0.0).build()).build();
        try (RagInstance instance = rag.openDocuments(DOCUMENTS.get("zh"))) {
            Answer answer = instance.ask("东京塔是哪一年建成的？");
            assertThat(answer.text()).isNotEqualTo(ExtractiveGenerator.NO_ANSWER);
            assertThat(generate(answer)).containsEntry(ExtractiveGenerator.MIN_SUPPORT, 0.0);
        }
    }

    @Test
    void anEnglishQuestionIsScoredAsBefore() {
        List<Document> docs = List.of(Document.of("m31", "The Andromeda Galaxy is about 2.5 million light-years from Earth. "
                + "It is the nearest large galaxy to the Milky Way."));
        String question = "How far away is the Andromeda Galaxy?";
        Answer declared;
        Answer undeclared;
        try (RagInstance instance = RagPipeline.builder().embedder(new EnglishOnly()).build().openDocuments(docs)) {
            declared = instance.ask(question);
        }
        try (RagInstance instance = RagPipeline.builder().embedder(new HashingEmbedder()).build().openDocuments(docs)) {
            undeclared = instance.ask(question);
        }
        assertThat(declared.text()).isEqualTo(undeclared.text());
        assertThat(generate(declared)).containsEntry(ExtractiveGenerator.SUPPORT,
                generate(undeclared).get(ExtractiveGenerator.SUPPORT));
    }

    @Test
    void theBuilderChecksALanguagesThreshold() {
        ExtractiveGenerator.Builder b = ExtractiveGenerator.builder(new HashingEmbedder()).minSupport("zh", 0.3);
        assertThatThrownBy(() -> b.minSupport("zh", 0.4)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("zh");
        assertThatThrownBy(() -> b.minSupport("th", 1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minSupport");
        assertThatThrownBy(() -> b.minSupport(null, 0.5)).isInstanceOf(NullPointerException.class);
        assertThat(b.build().describe()).containsEntry("minSupportByLanguage", Map.of("zh", 0.3));
    }
}
