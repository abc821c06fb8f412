package io.github.astrorag.onnx;

/**
 * How a transformer's per-token hidden states become one sentence vector.
 *
 * <p>Both strategies read the states of one sequence of {@code length} tokens laid out row by row
 * ({@code length × dimension} floats, as ONNX returns {@code last_hidden_state}) and return an
 * un-normalised vector; {@link OnnxSentenceEmbedder} L2-normalises it afterwards. Cost: O(length ·
 * dimension) for {@link #MEAN}, O(dimension) for {@link #CLS}.
 */
public enum Pooling {

    /**
     * The average of the token states whose attention-mask entry is 1 (Reimers &amp; Gurevych, 2019,
     * Sentence-BERT, §3: the MEAN strategy, the default of the sentence-transformers models).
     */
    MEAN {
        @Override
        float[] pool(float[] states, int offset, int length, int dimension, long[] attentionMask) {
            float[] v = new float[dimension];
            int counted = 0;
            for (int t = 0; t < length; t++) {
                if (attentionMask[t] == 0) {
                    continue;
                }
                int base = offset + t * dimension;
                for (int d = 0; d < dimension; d++) {
                    v[d] += states[base + d];
                }
                counted++;
            }
            if (counted > 0) {
                for (int d = 0; d < dimension; d++) {
                    v[d] /= counted;
                }
            }
            return v;
        }
    },

    /**
     * The state of the first token ({@code [CLS]}), as BGE models are trained to be used (Xiao et al.,
     * 2023, C-Pack, §3.2).
     */
    CLS {
        @Override
        float[] pool(float[] states, int offset, int length, int dimension, long[] attentionMask) {
            float[] v = new float[dimension];
            System.arraycopy(states, offset, v, 0, dimension);
            return v;
        }
    };

    /**
     * The pooled vector of one sequence.
     *
     * @param states        hidden states of a batch, row-major {@code [batch, length, dimension]}
     * @param offset        index in {@code states} of this sequence's first component
     * @param length        number of token positions of the sequence
     * @param dimension     hidden size
     * @param attentionMask 1 for a real token, 0 for padding; at least {@code length} entries
     */
    abstract float[] pool(float[] states, int offset, int length, int dimension, long[] attentionMask);
}
