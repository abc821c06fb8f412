package io.github.astrorag.onnx;

import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The ONNX embedder with the default int8 all-MiniLM-L6-v2 and with int8 bge-small-en-v1.5 (CLS pooling)
 * against the {@link Embedder} contract, each model loaded once. Batches are padded to their longest text,
 * so a vector may differ from the same text's vector alone in the last bits: tolerance 1e-5.
 */
class OnnxSentenceEmbedderContractIT {

    private static OnnxSentenceEmbedder miniLm;
    private static OnnxSentenceEmbedder bge;

    @BeforeAll
    static void load() {
        miniLm = OnnxSentenceEmbedder.load(SentenceModel.ALL_MINILM_L6_V2_Q);
        bge = OnnxSentenceEmbedder.load(SentenceModel.BGE_SMALL_EN_V15_Q);
    }

    @AfterAll
    static void close() {
        miniLm.close();
        bge.close();
    }

    @Nested
    class MiniLmQuantized extends EmbedderContract {
        @Override
        protected Embedder embedder() {
            return miniLm;
        }

        @Override
        protected double tolerance() {
            return 1e-5;
        }
    }

    @Nested
    class BgeSmallQuantized extends EmbedderContract {
        @Override
        protected Embedder embedder() {
            return bge;
        }

        @Override
        protected double tolerance() {
            return 1e-5;
        }
    }
}
