package io.github.astrorag.onnx;

import static io.github.astrorag.onnx.EmbeddingFixtures.CAT;
import static io.github.astrorag.onnx.EmbeddingFixtures.FELINE;
import static io.github.astrorag.onnx.EmbeddingFixtures.words;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.embed.Vectors;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default model, int8 all-MiniLM-L6-v2, loaded once for the class. */
class AllMiniLmQuantizedIT {

    private static OnnxSentenceEmbedder embedder;
    private static OnnxSentenceEmbedder at128;

    @BeforeAll
    static void load() {
        embedder = OnnxSentenceEmbedder.load();
        at128 = OnnxSentenceEmbedder.builder().model(SentenceModel.ALL_MINILM_L6_V2_Q).maxLength(128).build();
    }

    @AfterAll
    static void close() {
        embedder.close();
        at128.close();
    }

    @Test
    void referenceSimilarityOfAParaphrase() {
        List<float[]> v = List.of(embedder.embedQuery(CAT), embedder.embedQuery(FELINE));
        assertThat(Vectors.dot(v.get(0), v.get(1))).isCloseTo(0.5840, within(0.002));
    }

    @Test
    void keepsTheEmbedderContract() {
        List<String> texts = EmbeddingFixtures.variedTexts();
        List<float[]> vectors = embedder.embedDocuments(texts);
        assertThat(embedder.dimension()).isEqualTo(384);
        assertThat(vectors).hasSize(texts.size());
        for (float[] v : vectors) {
            assertThat(v).hasSize(384);
            assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-5));
        }
        assertThat(embedder.embedDocuments(List.of())).isEmpty();
        assertThat(embedder.embedQuery(CAT)).containsExactly(embedder.embedDocuments(List.of(CAT)).get(0));
    }

    @Test
    void aTextGetsTheSameVectorAloneAndInsideABatchOfVariedLengths() {
        List<String> texts = EmbeddingFixtures.variedTexts();
        List<float[]> batch = embedder.embedDocuments(texts);
        List<String> reversed = new ArrayList<>(texts);
        java.util.Collections.reverse(reversed);
        List<float[]> backwards = embedder.embedDocuments(reversed);
        for (int i = 0; i < texts.size(); i++) {
            float[] alone = embedder.embedDocuments(List.of(texts.get(i))).get(0);
            assertThat(batch.get(i)).as("text #%d in the batch", i).containsExactly(alone);
            assertThat(backwards.get(texts.size() - 1 - i)).as("text #%d in the reversed batch", i).containsExactly(alone);
        }
    }

    @Test
    void honoursTheConfiguredMaximumRatherThanTheTokenizerFilesOwn() throws Exception {
        String text200 = words(198); // 198 word tokens + [CLS] + [SEP]
        assertThat(tokenCount(text200)).isEqualTo(200);
        float[] full = embedder.embedDocuments(List.of(text200)).get(0);
        float[] cutAt128 = at128.embedDocuments(List.of(text200)).get(0);
        assertThat(Vectors.dot(full, cutAt128)).isLessThan(0.999);
        // the 128-token embedder sees exactly the first 126 words; the default one sees all 198
        assertThat(cutAt128).containsExactly(embedder.embedDocuments(List.of(words(126))).get(0));
        // past 256 tokens the default embedder cuts: 400 words give the vector of the first 254
        assertThat(embedder.embedDocuments(List.of(words(400))).get(0))
                .containsExactly(embedder.embedDocuments(List.of(words(254))).get(0));
    }

    @Test
    void concurrentCallsGiveTheSameVectors() throws Exception {
        List<String> texts = EmbeddingFixtures.variedTexts();
        List<float[]> expected = embedder.embedDocuments(texts);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<float[]>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> embedder.embedDocuments(texts)));
            }
            for (Future<List<float[]>> f : futures) {
                List<float[]> got = f.get();
                for (int i = 0; i < texts.size(); i++) {
                    assertThat(got.get(i)).containsExactly(expected.get(i));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void describesItsSettings() {
        assertThat(embedder.describe()).containsAllEntriesOf(
                Map.of("name", "minilm-q", "dimension", 384, "pooling", "mean", "maxLength", 256, "batchSize", 1));
        assertThat(at128.describe()).containsEntry("maxLength", 128);
    }

    @Test
    void aUserModelFolderWorksLikeTheBundledModelAndCloses(@TempDir Path dir) throws Exception {
        SentenceModel m = SentenceModel.ALL_MINILM_L6_V2_Q;
        copyResource(m.modelResource(), dir.resolve("model.onnx"));
        copyResource(m.tokenizerResource(), dir.resolve("tokenizer.json"));
        OnnxSentenceEmbedder user = OnnxSentenceEmbedder.builder().modelDirectory(dir).intraOpThreads(2).parallelism(1)
                .build();
        try {
            assertThat(user.describe()).containsEntry("name", dir.getFileName().toString()).containsEntry("pooling", "mean")
                    .containsEntry("intraOpThreads", 2).containsEntry("parallelism", 1)
                    .as("a model of the user's declares no threshold").doesNotContainKey("extractiveMinSupport");
            assertThat(embedder.describe()).containsEntry("extractiveMinSupport", 0.30);
            List<String> texts = EmbeddingFixtures.variedTexts();
            List<float[]> expected = embedder.embedDocuments(texts);
            List<float[]> got = user.embedDocuments(texts);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(got.get(i)).containsExactly(expected.get(i));
            }
        } finally {
            user.close();
        }
        user.close();
        assertThatThrownBy(() -> user.embedQuery(CAT)).isInstanceOf(EmbeddingException.class).hasMessageContaining("closed");
    }

    private static int tokenCount(String text) throws Exception {
        try (InputStream in = resource(SentenceModel.ALL_MINILM_L6_V2_Q.tokenizerResource());
                HuggingFaceTokenizer t = HuggingFaceTokenizer.newInstance(in,
                        Map.of("truncation", "false", "padding", "false"))) {
            return t.encode(text).getIds().length;
        }
    }

    private static void copyResource(String name, Path target) throws Exception {
        try (InputStream in = resource(name)) {
            Files.copy(in, target);
        }
    }

    private static InputStream resource(String name) {
        return AllMiniLmQuantizedIT.class.getClassLoader().getResourceAsStream(name);
    }
}
