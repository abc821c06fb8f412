package io.github.astrorag.onnx;

import io.github.astrorag.core.generate.ExtractiveGenerator;
import static io.github.astrorag.onnx.EmbeddingFixtures.CAT;
import static io.github.astrorag.onnx.EmbeddingFixtures.FELINE;
import static io.github.astrorag.onnx.EmbeddingFixtures.MARKET;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.Vectors;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The alternative models: bge-small-en-v1.5 (CLS pooling) and e5-small-v2 (prefixes). */
class BgeAndE5IT {

    private static OnnxSentenceEmbedder bge;
    private static OnnxSentenceEmbedder e5;

    @BeforeAll
    static void load() {
        bge = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
        e5 = OnnxSentenceEmbedder.load(SentenceModel.E5_SMALL_V2_Q);
    }

    @AfterAll
    static void close() {
        bge.close();
        e5.close();
    }

    @Test
    void bothGiveUnitVectorsOfDimension384() {
        for (OnnxSentenceEmbedder e : List.of(bge, e5)) {
            assertThat(e.dimension()).isEqualTo(384);
            for (float[] v : e.embedDocuments(List.of(CAT, FELINE, MARKET))) {
                assertThat(v).hasSize(384);
                assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-5));
            }
        }
    }

    @Test
    void aParaphraseScoresAboveAnUnrelatedSentence() {
        for (OnnxSentenceEmbedder e : List.of(bge, e5)) {
            List<float[]> v = e.embedDocuments(List.of(CAT, FELINE, MARKET));
            assertThat(Vectors.dot(v.get(0), v.get(1))).as(e.toString()).isGreaterThan(Vectors.dot(v.get(0), v.get(2)));
        }
        float[] question = e5.embedQuery("Where is the cat?");
        List<float[]> passages = e5.embedDocuments(List.of(CAT, MARKET));
        assertThat(Vectors.dot(question, passages.get(0))).isGreaterThan(Vectors.dot(question, passages.get(1)));
    }

    @Test
    void poolingAndPrefixesAreTheModelsOwn() {
        assertThat(bge.describe()).containsEntry("name", "bge-small-q").containsEntry("pooling", "cls")
                .containsEntry(ExtractiveGenerator.MIN_SUPPORT_HINT, 0.44);
        assertThat(e5.describe()).containsEntry("name", "e5-small-q").containsEntry("pooling", "mean")
                .containsEntry(ExtractiveGenerator.MIN_SUPPORT_HINT, 0.61)
                .containsEntry("queryPrefix", "query: ").containsEntry("passagePrefix", "passage: ");
        // e5 reads "query: x" and "passage: x" differently
        assertThat(Vectors.dot(e5.embedQuery(CAT), e5.embedDocuments(List.of(CAT)).get(0))).isLessThan(0.9999);
        // bge has no prefix: a query is embedded as a passage
        assertThat(bge.embedQuery(CAT)).containsExactly(bge.embedDocuments(List.of(CAT)).get(0));
    }
}
