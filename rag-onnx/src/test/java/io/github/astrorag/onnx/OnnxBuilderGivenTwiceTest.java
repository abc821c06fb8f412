package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.testing.GivenTwice;
import io.github.astrorag.core.testing.GivenTwice.Values;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link OnnxSentenceEmbedder.Builder} keeps the house rule: a setting given twice throws {@link IllegalStateException}
 * (checked by {@link GivenTwice} over every public setter), the model and the model folder being one setting.
 */
class OnnxBuilderGivenTwiceTest {

    @Test
    void onnxSentenceEmbedderWhoseModelAndModelDirectoryAreOneSetting() {
        GivenTwice.assertEverySettingOnce(OnnxSentenceEmbedder::builder, Values.defaults()
                .type(Path.class, () -> Path.of("model"))
                .setter("maxLength", () -> new Object[] {128}), Map.of());
        OnnxSentenceEmbedder.Builder b = OnnxSentenceEmbedder.builder().modelDirectory(Path.of("model"));
        assertThatThrownBy(() -> b.model(SentenceModel.ALL_MINILM_L6_V2_Q)).isInstanceOf(IllegalStateException.class);
    }
}
