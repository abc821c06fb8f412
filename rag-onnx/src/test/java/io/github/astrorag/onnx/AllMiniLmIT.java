package io.github.astrorag.onnx;

import static io.github.astrorag.onnx.EmbeddingFixtures.CAT;
import static io.github.astrorag.onnx.EmbeddingFixtures.FELINE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.Vectors;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** all-MiniLM-L6-v2 in fp32: published-reference values, and equal-length batching. */
class AllMiniLmIT {

    private static OnnxSentenceEmbedder embedder;

    @BeforeAll
    static void load() {
        embedder = OnnxSentenceEmbedder.load(SentenceModel.ALL_MINILM_L6_V2);
    }

    @AfterAll
    static void close() {
        embedder.close();
    }

    @Test
    void matchesTheSentenceTransformersReference() {
        float[] cat = embedder.embedQuery(CAT);
        float[] feline = embedder.embedQuery(FELINE);
        assertThat(Vectors.dot(cat, feline)).isCloseTo(0.5735, within(0.001));
        float[] firstFive = {0.13418f, -0.03290f, -0.02480f, 0.04144f, -0.03635f};
        for (int i = 0; i < firstFive.length; i++) {
            assertThat(cat[i]).as("component %d", i).isCloseTo(firstFive[i], within(1e-3f));
        }
    }

    @Test
    void textsOfEqualLengthShareARunAndStillGetTheirOwnVectors() {
        // all three are 9 tokens with [CLS] and [SEP]: one ONNX run of three rows
        List<String> equalLength = List.of(CAT, "The dog lies on the rug.", "A bird flies in the sky.");
        List<String> texts = new java.util.ArrayList<>(EmbeddingFixtures.variedTexts());
        texts.addAll(equalLength);
        List<float[]> batch = embedder.embedDocuments(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(batch.get(i)).as("text #%d", i).containsExactly(embedder.embedDocuments(List.of(texts.get(i))).get(0));
        }
        assertThat(embedder.describe()).containsEntry("name", "minilm").containsEntry("batchSize", 16);
    }
}
