package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import java.util.List;
import java.util.Objects;

/**
 * The configuration agent's network (CORAG, Wang et al., 2024, §5): a Siamese encoder of three fully
 * connected ReLU layers mapping a query embedding to a code z, a linear classification head over the
 * scorer names (sorted) and a linear regression head for (iterations, λ, c), each min-max scaled to
 * [0, 1] over the training examples ({@code targetMin}, {@code targetMax}).
 *
 * <p>Only the forward pass: {@link AgentAdamTraining} builds and trains one, {@link ConfigAgentFile} reads
 * and writes one. Never written after construction, so thread-safe. A prediction costs
 * O(d·h₁ + h₁·h₂ + h₂·h₃ + h₃·(r + 3)) for input dimension d, hidden widths h and r scorers.
 */
final class SiameseAgentNetwork {

    /** The settings the regression head predicts: iterations, λ, c. */
    static final int SETTINGS = 3;

    final int inputDimension;
    final List<String> scorers;
    final DenseLayer[] encoder;
    final DenseLayer classifier;
    final DenseLayer regressor;
    final double[] targetMin;
    final double[] targetMax;

    SiameseAgentNetwork(int inputDimension, List<String> scorers, DenseLayer[] encoder, DenseLayer classifier,
                        DenseLayer regressor, double[] targetMin, double[] targetMax) {
        this.inputDimension = inputDimension;
        this.scorers = List.copyOf(scorers);
        this.encoder = encoder;
        this.classifier = classifier;
        this.regressor = regressor;
        this.targetMin = targetMin;
        this.targetMax = targetMax;
    }

    /**
     * The scorer of highest logit (the first on ties, names being sorted) and the regressed settings,
     * clamped to [0, 1], read back into the training range, iterations rounded and at least 1.
     */
    AgentDecision predict(float[] queryEmbedding) {
        double[] z = encode(toDouble(queryEmbedding));
        double[] logits = classifier.forward(z);
        int best = 0;
        for (int i = 1; i < logits.length; i++) {
            if (logits[i] > logits[best]) {
                best = i;
            }
        }
        double[] t = regressor.forward(z);
        double[] v = new double[SETTINGS];
        for (int k = 0; k < SETTINGS; k++) {
            v[k] = targetMin[k] + Math.min(1, Math.max(0, t[k])) * (targetMax[k] - targetMin[k]);
        }
        int iterations = (int) Math.max(1, Math.round(v[0]));
        return new AgentDecision(scorers.get(best), new AgentSettings(iterations, v[1], v[2]));
    }

    /** The code z of a query embedding, a new array. */
    double[] code(float[] queryEmbedding) {
        return encode(toDouble(queryEmbedding));
    }

    /** The widths of the three encoder layers. */
    List<Integer> hidden() {
        return List.of(encoder[0].out, encoder[1].out, encoder[2].out);
    }

    private double[] toDouble(float[] v) {
        Objects.requireNonNull(v, "queryEmbedding");
        Arguments.check(v.length == inputDimension,
                "the configuration agent was trained on embeddings of dimension %d, got %d: use the same embedder",
                inputDimension, v.length);
        double[] x = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            x[i] = v[i];
        }
        return x;
    }

    private double[] encode(double[] x) {
        double[] a = x;
        for (DenseLayer layer : encoder) {
            a = DenseLayer.relu(layer.forward(a));
        }
        return a;
    }
}
