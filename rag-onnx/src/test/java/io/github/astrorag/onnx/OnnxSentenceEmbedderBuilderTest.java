package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.EmbeddingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settings are checked before anything is loaded: none of these tests touches a model. */
class OnnxSentenceEmbedderBuilderTest {

    @Test
    void outOfRangeSettingsNameTheValueAndTheLimit() {
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().maxLength(513))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxLength must be in [3, 512], was 513");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().maxLength(2))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxLength must be in [3, 512], was 2");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().batchSize(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("batchSize must be in [1, 1024], was 0");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().intraOpThreads(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("intraOpThreads must be in [0, 256], was -1");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().parallelism(257))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parallelism must be in [0, 256], was 257");
    }

    @Test
    void aSettingGivenTwiceIsRefused() {
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().maxLength(128).maxLength(256))
                .isInstanceOf(IllegalStateException.class).hasMessage("maxLength is already set to 128");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().batchSize(4).batchSize(4))
                .isInstanceOf(IllegalStateException.class).hasMessage("batchSize is already set to 4");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().pooling(Pooling.CLS).pooling(Pooling.MEAN))
                .isInstanceOf(IllegalStateException.class).hasMessage("pooling is already set to CLS");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().intraOpThreads(1).intraOpThreads(2))
                .isInstanceOf(IllegalStateException.class).hasMessage("intraOpThreads is already set to 1");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().parallelism(2).parallelism(1))
                .isInstanceOf(IllegalStateException.class).hasMessage("parallelism is already set to 2");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().prefixes("q: ", "p: ").prefixes("", ""))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("prefixes are already set");
    }

    @Test
    void theModelIsGivenOnceEitherAsABundledModelOrAsAFolder(@TempDir Path dir) {
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().model(SentenceModel.ALL_MINILM_L6_V2_Q)
                .model(SentenceModel.E5_SMALL_V2_Q))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already set (minilm-q)");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().modelDirectory(dir).model(SentenceModel.E5_SMALL_V2_Q))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already set");
    }

    @Test
    void aNullIsANullPointerExceptionNamingTheParameter() {
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().model(null))
                .isInstanceOf(NullPointerException.class).hasMessage("model");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().modelDirectory(null))
                .isInstanceOf(NullPointerException.class).hasMessage("folder");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().pooling(null))
                .isInstanceOf(NullPointerException.class).hasMessage("pooling");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().prefixes(null, ""))
                .isInstanceOf(NullPointerException.class).hasMessage("query");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().prefixes("", null))
                .isInstanceOf(NullPointerException.class).hasMessage("passage");
    }

    @Test
    void aMissingModelFolderSaysWhatItMustHold(@TempDir Path dir) {
        Path missing = dir.resolve("no-such-model");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().modelDirectory(missing).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("does not exist")
                .hasMessageContaining("model.onnx and tokenizer.json");
    }

    @Test
    void aFolderWithoutTokenizerIsRefusedBeforeLoading(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("model.onnx"), new byte[] {1, 2, 3});
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().modelDirectory(dir).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no tokenizer.json");
    }

    @Test
    void aFolderWhoseTokenizerIsNotBertWordPieceIsRefusedByName(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("model.onnx"), new byte[] {1, 2, 3});
        Files.writeString(dir.resolve("tokenizer.json"), "{\"version\":\"1.0\",\"model\":{\"type\":\"BPE\","
                + "\"vocab\":{\"a\":0},\"merges\":[]}}");
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().modelDirectory(dir).build())
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining(dir.resolve("tokenizer.json") + " has model BPE")
                .hasMessageContaining("reads only BERT WordPiece tokenizers");
    }

    @Test
    void batchInvarianceIsDeclaredOnlyForUserModels() {
        assertThatThrownBy(() -> OnnxSentenceEmbedder.builder().model(SentenceModel.ALL_MINILM_L6_V2_Q)
                .batchInvariant(true).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minilm-q is known to be quantised");
    }
}
