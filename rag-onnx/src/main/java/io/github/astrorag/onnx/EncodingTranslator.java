package io.github.astrorag.onnx;

import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.NoBatchifyTranslator;
import ai.djl.translate.TranslatorContext;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.onnx.WordPieceTokenizer.Encoding;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns equal-length encodings into a sentence encoder's named inputs ({@code input_ids},
 * {@code attention_mask}, optionally {@code token_type_ids}, each [batch, tokens]) and its hidden states
 * ({@code last_hidden_state}, or else its one output of shape [batch, tokens, hidden]) into pooled vectors,
 * not yet normalised. Pooling costs O(tokens · hidden) per text. Immutable; DJL gives each predictor its own
 * context, so one translator serves all threads.
 */
final class EncodingTranslator implements NoBatchifyTranslator<Encoding[], float[][]> {
    static final String INPUT_IDS = "input_ids";
    static final String ATTENTION_MASK = "attention_mask";
    static final String TOKEN_TYPE_IDS = "token_type_ids";
    private static final String HIDDEN_STATES = "last_hidden_state";

    private final List<String> inputNames;
    private final Pooling pooling;

    private EncodingTranslator(List<String> inputNames, Pooling pooling) {
        this.inputNames = inputNames;
        this.pooling = pooling;
    }

    /**
     * The translator for {@code model}'s inputs.
     *
     * @throws EmbeddingException if the model takes an input other than the three, or not {@code input_ids}
     */
    static EncodingTranslator forModel(Model model, String name, Pooling pooling) {
        return new EncodingTranslator(inputNames(model, name), pooling);
    }

    private static List<String> inputNames(Model model, String name) {
        List<String> names = new ArrayList<>(model.describeInput().keys());
        for (String n : names) {
            if (!n.equals(INPUT_IDS) && !n.equals(ATTENTION_MASK) && !n.equals(TOKEN_TYPE_IDS)) {
                throw new EmbeddingException("model " + name + " has an input '" + n + "'; a sentence encoder takes "
                        + INPUT_IDS + ", " + ATTENTION_MASK + " and optionally " + TOKEN_TYPE_IDS);
            }
        }
        if (!names.contains(INPUT_IDS)) {
            throw new EmbeddingException("model " + name + " has no input '" + INPUT_IDS + "' (its inputs: " + names + ")");
        }
        return List.copyOf(names);
    }

    @Override
    public NDList processInput(TranslatorContext ctx, Encoding[] batch) {
        int length = batch[0].length();
        NDManager manager = ctx.getNDManager();
        NDList list = new NDList(inputNames.size());
        for (String input : inputNames) {
            long[] flat = new long[batch.length * length];
            for (int i = 0; i < batch.length; i++) {
                long[] row = switch (input) {
                    case INPUT_IDS -> batch[i].ids();
                    case ATTENTION_MASK -> batch[i].attentionMask();
                    default -> batch[i].typeIds();
                };
                System.arraycopy(row, 0, flat, i * length, length);
            }
            NDArray array = manager.create(flat, new Shape(batch.length, length));
            array.setName(input);
            list.add(array);
        }
        ctx.setAttachment("batch", batch);
        return list;
    }

    @Override
    public float[][] processOutput(TranslatorContext ctx, NDList list) {
        Encoding[] batch = (Encoding[]) ctx.getAttachment("batch");
        NDArray hidden = hiddenStates(list);
        Shape shape = hidden.getShape();
        int length = (int) shape.get(1);
        int dim = (int) shape.get(2);
        float[] states = hidden.toFloatArray();
        float[][] out = new float[batch.length][];
        for (int i = 0; i < batch.length; i++) {
            out[i] = pooling.pool(states, i * length * dim, length, dim, batch[i].attentionMask());
        }
        return out;
    }

    private static NDArray hiddenStates(NDList list) {
        NDArray named = list.get(HIDDEN_STATES);
        if (named != null) {
            return named;
        }
        for (NDArray a : list) {
            if (a.getShape().dimension() == 3) {
                return a;
            }
        }
        throw new EmbeddingException("the model has no output of shape [batch, tokens, hidden] (outputs: "
                + list.getShapes() + ")");
    }
}
