package io.github.astrorag.onnx.internal.parts;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartSettings;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * rag-onnx's parts by name: one embedder per bundled model ({@link SentenceModel}, by its id) and {@code onnx-folder}
 * for a model in a folder of one's own. Registered in {@code META-INF/services}.
 */
public final class OnnxParts implements PartProvider {

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public OnnxParts() {
    }

    @Override
    public List<Part<?>> parts() {
        List<Part<?>> parts = new ArrayList<>();
        for (SentenceModel m : List.of(SentenceModel.BGE_SMALL_EN_V15_Q, SentenceModel.ALL_MINILM_L6_V2_Q,
                SentenceModel.ALL_MINILM_L6_V2, SentenceModel.E5_SMALL_V2_Q, SentenceModel.BGE_SMALL_ZH_V15_Q)) {
            parts.add(tuning(Part.builder(Role.EMBEDDER, m.id(), "the bundled model " + m.id() + " in process (ONNX Runtime; "
                    + "artifact " + m.artifact() + ")", (s, c) -> tuned(OnnxSentenceEmbedder.builder().model(m), s).build())));
        }
        parts.add(tuning(Part.builder(Role.EMBEDDER, "onnx-folder", "a sentence model of one's own: a folder holding "
                        + OnnxSentenceEmbedder.MODEL_FILE + " and " + OnnxSentenceEmbedder.TOKENIZER_FILE,
                (s, c) -> tuned(OnnxSentenceEmbedder.builder().modelDirectory(Path.of(s.text("folder"))), s).build())
                .setting(Setting.text("folder", "the model's folder", null).asRequired())));
        return parts;
    }

    private static Part<io.github.astrorag.core.spi.Embedder> tuning(Part.Builder<io.github.astrorag.core.spi.Embedder> b) {
        return b.setting(Setting.integer("batch-size", "texts per model run", OnnxSentenceEmbedder.DEFAULT_BATCH_SIZE, 1,
                        OnnxSentenceEmbedder.MAX_BATCH_SIZE))
                .setting(Setting.integer("max-length", "tokens of a text the model reads (the rest is cut)",
                        OnnxSentenceEmbedder.DEFAULT_MAX_LENGTH, OnnxSentenceEmbedder.MIN_MAX_LENGTH,
                        OnnxSentenceEmbedder.MAX_MAX_LENGTH)).build();
    }

    private static OnnxSentenceEmbedder.Builder tuned(OnnxSentenceEmbedder.Builder b, PartSettings s) {
        if (s.isGiven("batch-size")) {
            b.batchSize(s.integer("batch-size"));
        }
        if (s.isGiven("max-length")) {
            b.maxLength(s.integer("max-length"));
        }
        return b;
    }
}
