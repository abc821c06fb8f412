package io.github.astrorag.presets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.OpenAiCompatibleEmbedder;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.testing.EmbeddingServer;
import io.github.astrorag.core.testing.EmbeddingServer.Protocol;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The production path for a language no bundled model reads: a multilingual model behind an embedding server
 * ({@code --embedder openai}, {@code OpenAiCompatibleEmbedder}). The server is a real HTTP server on 127.0.0.1
 * speaking OpenAI's {@code /embeddings} protocol ({@link EmbeddingServer}); its vectors come from the model-free
 * {@link HashingEmbedder}, which hashes each word's character trigrams and so compares Thai text as well as English,
 * standing in for a multilingual model. Undeclared, the server's model reads every language: a Thai question is
 * fused and answered with its cosine. Declared English only ({@code languages}), the same question is ranked by BM25
 * alone and answered with the lexical support and Thai's threshold, as with the bundled English models.
 */
class MultilingualEmbeddingServerTest {

    /** Thai, written for this test: Mars has two small moons, Phobos and Deimos; ... */
    private static final List<Document> DOCUMENTS = List.of(
            Document.of("mars", "ดาวอังคารเป็นดาวเคราะห์สีแดง ดาวอังคารมีดวงจันทร์ขนาดเล็กสองดวง ชื่อโฟบอสและดีมอส"),
            Document.of("jupiter", "ดาวพฤหัสบดีเป็นดาวเคราะห์ที่ใหญ่ที่สุดในระบบสุริยะ มีจุดแดงใหญ่ที่เป็นพายุ"),
            Document.of("comet", "ดาวหางฮัลเลย์โคจรกลับมาใกล้ดวงอาทิตย์ทุกเจ็ดสิบหกปี หางของดาวหางชี้ออกจากดวงอาทิตย์"));
    /** How many moons does Mars have? */
    private static final String QUESTION = "ดาวอังคารมีดวงจันทร์กี่ดวง";

    private static final HashingEmbedder MODEL = new HashingEmbedder();
    private static EmbeddingServer server;

    @BeforeAll
    static void start() {
        server = EmbeddingServer.start(Protocol.OPENAI, MODEL, "multilingual-stand-in", false);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static OpenAiCompatibleEmbedder.Builder remote() {
        return OpenAiCompatibleEmbedder.builder().baseUrl(server.baseUrl()).model("multilingual-stand-in");
    }

    /** The default preset over {@code embedder}, answering at the hashing vectors' own threshold. */
    private static Answer ask(OpenAiCompatibleEmbedder embedder) {
        RagPipeline.Builder b = Preset.builder("default", embedder).generator(ExtractiveGenerator.builder(embedder)
                .minSupport(HashingEmbedder.EXTRACTIVE_MIN_SUPPORT).build());
        try (RagPipeline rag = b.build(); RagInstance instance = rag.openDocuments(DOCUMENTS)) {
            return instance.ask(QUESTION);
        }
    }

    private static Map<String, Object> details(Answer answer, String stage) {
        return answer.trace().stage(stage).map(Trace.Stage::details).orElseThrow();
    }

    @Test
    void anUndeclaredServerModelReadsThaiAndTheQuestionIsFusedAndAnsweredByItsCosine() {
        int before = server.requests();
        Answer answer = ask(remote().build());
        assertThat(server.requests()).isGreaterThan(before);
        assertThat(details(answer, "retrieve").get("fusion")).isNotEqualTo("lexical only");
        assertThat(details(answer, "retrieve")).doesNotContainKey("denseLanguages");
        assertThat(answer.abstained()).isFalse();
        assertThat(answer.citations()).first().satisfies(c -> assertThat(c.chunkId()).startsWith("mars#"));
        assertThat(answer.text()).contains("ดวงจันทร์ขนาดเล็กสองดวง");
        Map<String, Object> generate = details(answer, "generate");
        assertThat((Double) generate.get(ExtractiveGenerator.COSINE)).isPositive();
        assertThat(generate.get(ExtractiveGenerator.MIN_SUPPORT)).isEqualTo(HashingEmbedder.EXTRACTIVE_MIN_SUPPORT);
    }

    @Test
    void aServerModelDeclaredEnglishRanksAThaiQuestionByBm25AndAnswersByItsWords() {
        OpenAiCompatibleEmbedder english = remote().languages(Set.of("EN")).build();
        assertThat(english.languages()).containsExactly("en");
        assertThat(english.describe()).containsEntry("languages", List.of("en"));
        Answer answer = ask(english);
        assertThat(details(answer, "retrieve")).containsEntry("fusion", "lexical only").containsEntry("language", "th")
                .containsEntry("denseLanguages", List.of("en"));
        assertThat(answer.abstained()).isFalse();
        assertThat(answer.citations()).first().satisfies(c -> assertThat(c.chunkId()).startsWith("mars#"));
        assertThat((Double) details(answer, "generate").get(ExtractiveGenerator.COSINE)).isZero();
    }

    @Test
    void theLanguagesAreCodesGivenOnce() {
        assertThat(remote().build().languages()).isEmpty();
        assertThat(remote().build().describe()).doesNotContainKey("languages");
        assertThat(remote().languages(List.of(" zh", "en ", "zh")).build().languages()).containsExactly("en", "zh");
        assertThatThrownBy(() -> remote().languages(Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one language code");
        assertThatThrownBy(() -> remote().languages(Set.of("zh-Hans")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'zh-Hans' is not a language code");
        assertThatThrownBy(() -> remote().languages(Set.of("en")).languages(Set.of("zh")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("languages");
        assertThatThrownBy(() -> remote().languages(null)).isInstanceOf(NullPointerException.class);
    }
}
