package io.github.astrorag.mcts.agent;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CORAG's configuration agent (Wang et al., 2024, §5): predicts, from a query's embedding, which
 * combination scorer and which MCTS settings (iterations, λ, c) to use.
 *
 * <p><b>Network.</b> A Siamese encoder of three fully connected layers with ReLU (widths
 * {@link AgentTrainingOptions#hidden()}, default 64-32-16) maps a query embedding to a code z; the same
 * weights encode both queries of a pair. Two heads read z: a linear classification head with softmax over
 * the scorer names (sorted), and a linear regression head for the three settings, each min-max scaled
 * to [0, 1] over the training examples.
 *
 * <p><b>Training</b> ({@link #train}): mini-batch Adam (lr 0.001, β = 0.9 / 0.999, batch 32, 60 epochs by
 * default), minimising per batch the sum of (1) the contrastive loss with margin m = 1.0 over pairs of the
 * batch, ‖z<sub>i</sub> − z<sub>j</sub>‖² for pairs that share the best scorer and max(0, m −
 * ‖z<sub>i</sub> − z<sub>j</sub>‖)² for pairs that do not; a pair that does not share it is used only
 * when the choice matters, that is when for one of its two queries the quality with its own best scorer
 * exceeds the quality with the other query's best scorer by more than 10% (relative; pairs without
 * quality figures are used); (2) the cross-entropy of the best scorer; (3) the mean squared error of
 * the scaled settings. Examples are shuffled each epoch by a seeded generator, so training is
 * deterministic. Cost per epoch: O(n·(d·h₁ + h₁·h₂ + h₂·h₃) + n·b·h₃) for n examples, batch b.
 * The optimiser is Adam (Kingma and Ba, 2015), the pair loss the contrastive loss of Hadsell, Chopra and
 * LeCun (2006).
 *
 * <p><b>Prediction</b> ({@link #predict}): the scorer of highest probability (ties by name) and the
 * settings read back into the training range, iterations rounded. Instances are immutable and
 * thread-safe. <b>File format</b> ({@link #save}/{@link #load}): UTF-8 JSON
 * <pre>{"format": "astrorag-config-agent", "version": 1, "inputDimension": d, "scorers": [names],
 *  "layers": [{"in": .., "out": .., "weights": [row-major], "bias": [..]} × 3],
 *  "classifier": {layer}, "regressor": {layer}, "targetMin": [it, λ, c], "targetMax": [it, λ, c],
 *  "training": {options and final loss}}</pre>
 * A file written by {@link #save} reads back by {@link #load} into an agent of the same decisions and codes.
 */
public final class ConfigAgent {

    /** The format tag of a model file. */
    public static final String FORMAT = "astrorag-config-agent";
    /** The format version written and accepted. */
    public static final int VERSION = 1;

    private final SiameseAgentNetwork network;
    private final Map<String, Object> training;

    ConfigAgent(SiameseAgentNetwork network, Map<String, Object> training) {
        this.network = network;
        this.training = Collections.unmodifiableMap(new LinkedHashMap<>(training));
    }

    /**
     * Trains an agent on {@code examples}.
     *
     * @param examples the labelled examples, at least two, all of one embedding dimension
     * @param options how to train
     * @return the trained agent
     * @throws IllegalArgumentException if there are fewer than two examples, or their embeddings
     *                                       differ in dimension or hold a non-finite value
     */
    public static ConfigAgent train(List<AgentExample> examples, AgentTrainingOptions options) {
        return AgentAdamTraining.train(examples, options);
    }

    /**
     * The decision for a query of this embedding.
     *
     * @param queryEmbedding the query's vector, of {@link #inputDimension()} values
     * @return the scorer the classifier ranks first and the settings the regressor gives, clamped to the training range
     * @throws IllegalArgumentException if the vector is not of {@link #inputDimension()} values
     */
    public AgentDecision predict(float[] queryEmbedding) {
        return network.predict(queryEmbedding);
    }

    /**
     * The Siamese code z of a query embedding (the output of the three layers).
     *
     * @param queryEmbedding the query's vector, of {@link #inputDimension()} values
     * @return a new array holding z
     * @throws IllegalArgumentException if the vector is not of {@link #inputDimension()} values
     */
    public double[] code(float[] queryEmbedding) {
        return network.code(queryEmbedding);
    }

    /**
     * The scorer names it chooses among, sorted.
     *
     * @return the names, sorted
     */
    public List<String> scorers() {
        return network.scorers;
    }

    /**
     * The dimension of the query embeddings it was trained on.
     *
     * @return the input dimension
     */
    public int inputDimension() {
        return network.inputDimension;
    }

    /**
     * The training options and the final epoch's mean loss.
     *
     * @return an unmodifiable map of the options, {@code examples} and {@code finalLoss}
     */
    public Map<String, Object> training() {
        return training;
    }

    /**
     * A summary for traces and reports.
     *
     * @return a new map of the name, the input dimension, the scorers and the hidden widths
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "config-agent");
        m.put("inputDimension", network.inputDimension);
        m.put("scorers", network.scorers);
        m.put("hidden", network.hidden());
        return m;
    }

    SiameseAgentNetwork network() {
        return network;
    }

    /**
     * Writes the model as JSON (format above), replacing {@code file}; creates missing parent folders.
     *
     * @param file the file to write
     * @throws AgentModelException naming the file if it cannot be written
     */
    public void save(Path file) {
        ConfigAgentFile.write(this, file);
    }

    /**
     * Reads a model written by {@link #save}.
     *
     * @param file the file written by {@link #save}
     * @return the agent, ready to predict
     * @throws AgentModelException naming the file and the problem if it is missing, not JSON, of another
     *                             format or version, or inconsistent
     */
    public static ConfigAgent load(Path file) {
        return ConfigAgentFile.read(file);
    }
}
