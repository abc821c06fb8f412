package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The default pipeline's offline answerer (the extractive generator, with the model-free hashing embedder of unit
 * tests) answers a question in Chinese, Japanese, Hindi, Korean, Arabic or Thai over documents in that language that
 * state the answer, quoting the stating sentence with its citation; and abstains on a Chinese question its Chinese
 * documents do not answer. The documents are sentences written for this test.
 */
class AnswersInOtherScriptsTest {

    private static final List<Document> CHINESE = List.of(
            Document.of("changcheng", "长城是中国古代修建的军事防御工程。长城的总长度超过两万公里。明朝对长城进行了大规模的修缮。"),
            Document.of("huanghe", "黄河是中国第二长的河流。黄河发源于青海省的巴颜喀拉山。黄河流经九个省区，最后注入渤海。"),
            Document.of("xiongmao", "大熊猫主要生活在四川省的山区。大熊猫几乎只吃竹子。一只成年大熊猫每天要吃十几公斤竹子。"));

    private static Answer ask(List<Document> documents, String question) {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        try (RagInstance instance = rag.openDocuments(documents)) {
            return instance.ask(question);
        }
    }

    @Test
    void aChineseQuestionIsAnsweredWithTheStatingSentenceAndItsCitation() {
        Answer answer = ask(CHINESE, "黄河发源于哪里？");
        assertThat(answer.text()).isEqualTo("黄河发源于青海省的巴颜喀拉山。 [1]");
        assertThat(answer.citations()).singleElement().satisfies(c -> {
            assertThat(c.chunkId()).isEqualTo("huanghe#0");
            assertThat(c.quote()).isEqualTo("黄河发源于青海省的巴颜喀拉山。");
        });
    }

    @Test
    void aChineseQuestionTheChineseDocumentsDoNotAnswerAbstains() {
        Answer answer = ask(CHINESE, "东京塔是哪一年建成的？");
        assertThat(answer.text()).isEqualTo(ExtractiveGenerator.NO_ANSWER);
        assertThat(answer.citations()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ja | 富士山は日本で一番高い山です。富士山の高さは三七七六メートルです。東京は日本の首都です。 | 富士山の高さは何メートルですか？ | 富士山の高さは三七七六メートルです。
            hi | गंगा नदी हिमालय के गंगोत्री हिमनद से निकलती है। यह बंगाल की खाड़ी में गिरती है। दिल्ली भारत की राजधानी है। | गंगा नदी कहाँ से निकलती है? | गंगा नदी हिमालय के गंगोत्री हिमनद से निकलती है।
            ko | 한강이 서울의 가운데를 흐른다. 대한민국의 수도는 서울이다. 부산은 남쪽의 항구 도시이다. | 대한민국의 수도는 어디인가? | 대한민국의 수도는 서울이다.
            ar | القاهرة هي عاصمة مصر. يمر نهر النيل عبر القاهرة من الجنوب. الإسكندرية مدينة على البحر. | ما هي عاصمة مصر؟ | القاهرة هي عاصمة مصر.
            """)
    void aQuestionIsAnsweredWithTheSentenceOfItsScriptThatStatesIt(String language, String text, String question,
                                                                     String sentence) {
        Answer answer = ask(List.of(Document.of(language, text),
                Document.of("other", "The Andromeda Galaxy is about 2.5 million light-years from Earth.")), question);
        assertThat(answer.text()).as(language).isEqualTo(sentence + " [1]"); // one sentence, not the whole chunk
        assertThat(answer.citations()).first().satisfies(c -> {
            assertThat(c.chunkId()).isEqualTo(language + "#0");
            assertThat(c.quote()).contains(sentence);
        });
    }

    @Test
    void aThaiAnswerIsItsBestPhraseReadOnIntoTheNextNotTheWholeChunk() {
        // Thai ends a sentence at a space, which also parts "the capital is near" from the name that completes it
        Answer answer = ask(List.of(Document.of("th", "แม่น้ำปิงไหลผ่านจังหวัดเชียงใหม่ เมืองหลวงเก่าของล้านนาตั้งอยู่ใกล้กับ"
                        + " เชียงแสน อาหารเหนือมีชื่อเสียงไปทั่วโลก"),
                Document.of("other", "The Andromeda Galaxy is about 2.5 million light-years from Earth.")),
                "เมืองหลวงเก่าของล้านนาตั้งอยู่ใกล้กับเมืองใด");
        assertThat(answer.text()).isEqualTo("เมืองหลวงเก่าของล้านนาตั้งอยู่ใกล้กับ เชียงแสน [1]");
        assertThat(answer.citations()).singleElement().satisfies(c -> {
            assertThat(c.chunkId()).isEqualTo("th#0");
            assertThat(c.quote()).isEqualTo("เมืองหลวงเก่าของล้านนาตั้งอยู่ใกล้กับ เชียงแสน");
        });
    }
}
