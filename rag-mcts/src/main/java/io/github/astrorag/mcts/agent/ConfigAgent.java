package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.internal.Arguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeSet;

/**
 * CORAG's configuration agent (Wang et al., 2024, §5): predicts, from a query's embedding, which
 * reranker (combination scorer) and which MCTS settings (iterations, λ, c) to use.
 *
 * <p><b>Network.</b> A Siamese encoder of three fully connected layers with ReLU (widths
 * {@link AgentTrainingOptions#hidden()}, default 64-32-16) maps a query embedding to a code z; the same
 * weights encode both queries of a pair. Two heads read z: a linear classification head with softmax over
 * the reranker names (sorted), and a linear regression head for the three settings, each min-max scaled
 * to [0, 1] over the training examples.
 *
 * <p><b>Training</b> ({@link #train}): mini-batch Adam (lr 0.001, β = 0.9 / 0.999, batch 32, 60 epochs by
 * default), minimising per batch the sum of (1) the contrastive loss with margin m = 1.0 over pairs of the
 * batch, ‖z<sub>i</sub> − z<sub>j</sub>‖² for pairs that share the best reranker and max(0, m −
 * ‖z<sub>i</sub> − z<sub>j</sub>‖)² for pairs that do not; a pair that does not share it is used only
 * when the choice matters, that is when for one of its two queries the quality with its own best reranker
 * exceeds the quality with the other query's best reranker by more than 10% (relative; pairs without
 * quality figures are used); (2) the cross-entropy of the best reranker; (3) the mean squared error of
 * the scaled settings. Examples are shuffled each epoch by a seeded generator, so training is
 * deterministic. Cost per epoch: O(n·(d·h₁ + h₁·h₂ + h₂·h₃) + n·b·h₃) for n examples, batch b.
 *
 * <p><b>Prediction</b> ({@link #predict}): the reranker of highest probability (ties by name) and the
 * settings read back into the training range, iterations rounded. Instances are immutable and
 * thread-safe. <b>File format</b> ({@link #save}/{@link #load}): UTF-8 JSON
 * <pre>{"format": "astrorag-config-agent", "version": 1, "inputDimension": d, "rerankers": [names],
 *  "layers": [{"in": .., "out": .., "weights": [row-major], "bias": [..]} × 3],
 *  "classifier": {layer}, "regressor": {layer}, "targetMin": [it, λ, c], "targetMax": [it, λ, c],
 *  "training": {options and final loss}}</pre>
 */
public final class ConfigAgent {

    /** The format tag of a model file. */
    public static final String FORMAT = "astrorag-config-agent";
    /** The format version written and accepted. */
    public static final int VERSION = 1;

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;

    private final int inputDimension;
    private final List<String> rerankers;
    private final Dense[] encoder;
    private final Dense classifier;
    private final Dense regressor;
    private final double[] targetMin;
    private final double[] targetMax;
    private final Map<String, Object> training;

    private ConfigAgent(int inputDimension, List<String> rerankers, Dense[] encoder, Dense classifier, Dense regressor,
                        double[] targetMin, double[] targetMax, Map<String, Object> training) {
        this.inputDimension = inputDimension;
        this.rerankers = List.copyOf(rerankers);
        this.encoder = encoder;
        this.classifier = classifier;
        this.regressor = regressor;
        this.targetMin = targetMin;
        this.targetMax = targetMax;
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
        Objects.requireNonNull(options, "options");
        Arguments.check(examples != null && examples.size() >= 2,
                "the configuration agent needs at least 2 training examples, got %d", examples == null ? 0 : examples.size());
        int d = examples.get(0).queryEmbedding().length;
        Arguments.check(d >= 1, "query embeddings must not be empty");
        TreeSet<String> names = new TreeSet<>();
        for (int i = 0; i < examples.size(); i++) {
            AgentExample e = examples.get(i);
            float[] v = e.queryEmbedding();
            Arguments.check(v.length == d,
                    "training example %d has an embedding of dimension %d, the first has %d", i, v.length, d);
            for (float x : v) {
                Arguments.check(Float.isFinite(x), "training example %d has a non-finite embedding value (%s)", i, x);
            }
            names.add(e.bestReranker());
            names.addAll(e.qualityByReranker().keySet());
        }
        return new Trainer(examples, options, d, new ArrayList<>(names)).run();
    }

    /**
     * The decision for a query of this embedding.
     *
     * @param queryEmbedding the query's vector, of {@link #inputDimension()} values
     * @return the reranker the classifier ranks first and the settings the regressor gives, clamped to the training range
     */
    public AgentDecision predict(float[] queryEmbedding) {
        double[] z = encode(toDouble(queryEmbedding));
        double[] logits = classifier.forward(z);
        int best = 0;
        for (int i = 1; i < logits.length; i++) {
            if (logits[i] > logits[best]) {
                best = i;
            }
        }
        double[] t = regressor.forward(z);
        double[] v = new double[3];
        for (int k = 0; k < 3; k++) {
            v[k] = targetMin[k] + Math.min(1, Math.max(0, t[k])) * (targetMax[k] - targetMin[k]);
        }
        int iterations = (int) Math.max(1, Math.round(v[0]));
        return new AgentDecision(rerankers.get(best), new AgentSettings(iterations, v[1], v[2]));
    }

    /**
     * The Siamese code z of a query embedding (the output of the three layers).
     *
     * @param queryEmbedding the query's vector, of {@link #inputDimension()} values
     * @return a new array holding z
     */
    public double[] code(float[] queryEmbedding) {
        return encode(toDouble(queryEmbedding));
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
        for (Dense layer : encoder) {
            a = Dense.relu(layer.forward(a));
        }
        return a;
    }

    /**
     * The reranker names it chooses among, sorted.
     *
     * @return the names, sorted
     */
    public List<String> rerankers() {
        return rerankers;
    }

    /**
     * The dimension of the query embeddings it was trained on.
     *
     * @return the input dimension
     */
    public int inputDimension() {
        return inputDimension;
    }

    /**
     * The training options and the final epoch's mean loss.
     *
     * @return a new map of the options and {@code finalLoss}
     */
    public Map<String, Object> training() {
        return training;
    }

    /**
     * A summary for traces and reports.
     *
     * @return a new map of the name, the input dimension, the rerankers and the hidden widths
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "config-agent");
        m.put("inputDimension", inputDimension);
        m.put("rerankers", rerankers);
        m.put("hidden", List.of(encoder[0].out, encoder[1].out, encoder[2].out));
        return m;
    }

    // ---------------------------------------------------------------- persistence

    /**
     * Writes the model as JSON (format above), replacing {@code file}.
     *
     * @param file the file to write; its parent folder must exist
     */
    public void save(Path file) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("version", VERSION);
        m.put("inputDimension", inputDimension);
        m.put("rerankers", rerankers);
        List<Object> layers = new ArrayList<>();
        for (Dense l : encoder) {
            layers.add(layerJson(l));
        }
        m.put("layers", layers);
        m.put("classifier", layerJson(classifier));
        m.put("regressor", layerJson(regressor));
        m.put("targetMin", targetMin);
        m.put("targetMax", targetMax);
        m.put("training", training);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, Json.pretty(m));
        } catch (IOException e) {
            throw new AgentModelException("cannot write the configuration agent to " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> layerJson(Dense l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("in", l.in);
        m.put("out", l.out);
        m.put("weights", l.w);
        m.put("bias", l.b);
        return m;
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
        JsonValue root;
        try {
            root = Json.parse(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            throw new AgentModelException("cannot read configuration agent file " + file + ": " + e.getMessage(), e);
        }
        Reader r = new Reader(file);
        r.require(root.isObject(), "not a JSON object");
        r.require(FORMAT.equals(root.path("format").asText()), "format is not \"" + FORMAT + "\"");
        r.require(root.path("version").asInt(-1) == VERSION, "version " + root.path("version") + " is not " + VERSION);
        int d = r.positive(root, "inputDimension");
        List<String> names = new ArrayList<>();
        root.path("rerankers").forEach(n -> names.add(n.asText()));
        r.require(!names.isEmpty() && names.stream().allMatch(s -> !s.isBlank()), "\"rerankers\" must list at least one name");
        JsonValue layers = root.path("layers");
        r.require(layers.isArray() && layers.size() == 3, "\"layers\" must hold 3 layers");
        Dense[] encoder = new Dense[3];
        int in = d;
        for (int i = 0; i < 3; i++) {
            encoder[i] = r.layer(layers.path(i), "layers[" + i + "]", in, -1);
            in = encoder[i].out;
        }
        Dense classifier = r.layer(root.path("classifier"), "classifier", in, names.size());
        Dense regressor = r.layer(root.path("regressor"), "regressor", in, 3);
        double[] min = r.doubles(root.path("targetMin"), "targetMin", 3);
        double[] max = r.doubles(root.path("targetMax"), "targetMax", 3);
        for (int k = 0; k < 3; k++) {
            r.require(min[k] <= max[k] && min[k] >= 0, "targetMin must be non-negative and not above targetMax");
        }
        r.require(min[0] >= 1, "the iterations range must start at 1 or more");
        Map<String, Object> training = new LinkedHashMap<>();
        root.path("training").members().forEach((k, v) -> training.put(k, v.toJava()));
        return new ConfigAgent(d, names, encoder, classifier, regressor, min, max, training);
    }

    /** Validation while loading, with messages that name the file. */
    private record Reader(Path file) {
        void require(boolean ok, String problem) {
            if (!ok) {
                throw new AgentModelException("bad configuration agent file " + file + ": " + problem);
            }
        }

        int positive(JsonValue node, String field) {
            JsonValue v = node.path(field);
            require(v.asInt(0) >= 1, "\"" + field + "\" must be a positive integer");
            return v.asInt(0);
        }

        double[] doubles(JsonValue node, String field, int expected) {
            require(node.isArray() && node.size() == expected, "\"" + field + "\" must hold " + expected + " numbers");
            double[] out = new double[expected];
            for (int i = 0; i < expected; i++) {
                require(node.path(i).isNumber() && Double.isFinite(node.path(i).doubleValue()), "\"" + field + "\" holds a non-number");
                out[i] = node.path(i).doubleValue();
            }
            return out;
        }

        Dense layer(JsonValue node, String name, int in, int out) {
            require(node.isObject(), "\"" + name + "\" is missing");
            require(node.path("in").asInt(-1) == in, "\"" + name + "\" must take " + in + " inputs");
            int o = positive(node, "out");
            require(out < 0 || o == out, "\"" + name + "\" must have " + out + " outputs");
            return new Dense(in, o, doubles(node.path("weights"), name + ".weights", in * o), doubles(node.path("bias"), name + ".bias", o));
        }
    }

    // ---------------------------------------------------------------- training

    /** One training run. */
    private static final class Trainer {
        private final List<AgentExample> examples;
        private final AgentTrainingOptions options;
        private final int d;
        private final List<String> names;
        private final Random random;
        private final double[][] x;
        private final int[] label;
        private final double[][] target;
        private final double[] min = new double[3];
        private final double[] max = new double[3];
        private final Dense[] layers = new Dense[5]; // encoder 0..2, classifier 3, regressor 4
        private final double[][] gw = new double[5][];
        private final double[][] gb = new double[5][];
        private final double[][] mw = new double[5][];
        private final double[][] vw = new double[5][];
        private final double[][] mb = new double[5][];
        private final double[][] vb = new double[5][];
        private int step;

        Trainer(List<AgentExample> examples, AgentTrainingOptions options, int d, List<String> names) {
            this.examples = examples;
            this.options = options;
            this.d = d;
            this.names = names;
            this.random = new Random(options.seed());
            int n = examples.size();
            x = new double[n][];
            label = new int[n];
            target = new double[n][3];
            java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
            for (int i = 0; i < n; i++) {
                AgentExample e = examples.get(i);
                float[] v = e.queryEmbedding();
                x[i] = new double[d];
                for (int k = 0; k < d; k++) {
                    x[i][k] = v[k];
                }
                label[i] = names.indexOf(e.bestReranker());
                double[] t = {e.best().iterations(), e.best().costWeight(), e.best().exploration()};
                for (int k = 0; k < 3; k++) {
                    target[i][k] = t[k];
                    min[k] = Math.min(min[k], t[k]);
                    max[k] = Math.max(max[k], t[k]);
                }
            }
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    target[i][k] = max[k] > min[k] ? (target[i][k] - min[k]) / (max[k] - min[k]) : 0;
                }
            }
            List<Integer> hidden = options.hidden();
            int in = d;
            for (int l = 0; l < 3; l++) {
                layers[l] = Dense.init(in, hidden.get(l), true, random);
                in = hidden.get(l);
            }
            layers[3] = Dense.init(in, names.size(), false, random);
            layers[4] = Dense.init(in, 3, false, random);
            for (int l = 0; l < 5; l++) {
                gw[l] = new double[layers[l].w.length];
                gb[l] = new double[layers[l].b.length];
                mw[l] = new double[layers[l].w.length];
                vw[l] = new double[layers[l].w.length];
                mb[l] = new double[layers[l].b.length];
                vb[l] = new double[layers[l].b.length];
            }
        }

        ConfigAgent run() {
            int n = examples.size();
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                order.add(i);
            }
            double epochLoss = 0;
            for (int epoch = 0; epoch < options.epochs(); epoch++) {
                Collections.shuffle(order, random);
                epochLoss = 0;
                int batches = 0;
                for (int from = 0; from < n; from += options.batchSize()) {
                    epochLoss += step(order.subList(from, Math.min(n, from + options.batchSize())));
                    batches++;
                }
                epochLoss /= batches;
            }
            Map<String, Object> info = new LinkedHashMap<>(options.describe());
            info.put("examples", n);
            info.put("finalLoss", epochLoss);
            return new ConfigAgent(d, names, new Dense[] {layers[0], layers[1], layers[2]}, layers[3], layers[4],
                    min.clone(), max.clone(), info);
        }

        /** One Adam step on a batch; returns the batch loss. */
        private double step(List<Integer> batch) {
            int b = batch.size();
            double[][][] acts = new double[b][4][]; // input, a1, a2, z
            for (int i = 0; i < b; i++) {
                acts[i][0] = x[batch.get(i)];
                for (int l = 0; l < 3; l++) {
                    acts[i][l + 1] = Dense.relu(layers[l].forward(acts[i][l]));
                }
            }
            for (int l = 0; l < 5; l++) {
                java.util.Arrays.fill(gw[l], 0);
                java.util.Arrays.fill(gb[l], 0);
            }
            double[][] dz = new double[b][];
            double loss = 0;
            // heads: cross-entropy and MSE
            for (int i = 0; i < b; i++) {
                int ex = batch.get(i);
                double[] z = acts[i][3];
                dz[i] = new double[z.length];
                double[] logits = layers[3].forward(z);
                double maxLogit = java.util.Arrays.stream(logits).max().orElse(0);
                double sum = 0;
                double[] p = new double[logits.length];
                for (int k = 0; k < p.length; k++) {
                    p[k] = Math.exp(logits[k] - maxLogit);
                    sum += p[k];
                }
                double[] dl = new double[p.length];
                for (int k = 0; k < p.length; k++) {
                    p[k] /= sum;
                    dl[k] = (p[k] - (k == label[ex] ? 1 : 0)) / b;
                }
                loss += -Math.log(Math.max(p[label[ex]], 1e-300)) / b;
                add(dz[i], layers[3].backward(z, dl, gw[3], gb[3]));
                double[] out = layers[4].forward(z);
                double[] dr = new double[3];
                for (int k = 0; k < 3; k++) {
                    double e = out[k] - target[ex][k];
                    loss += e * e / (3.0 * b);
                    dr[k] = 2 * e / (3.0 * b);
                }
                add(dz[i], layers[4].backward(z, dr, gw[4], gb[4]));
            }
            // contrastive loss over the batch's eligible pairs
            List<int[]> pairs = new ArrayList<>();
            for (int i = 0; i < b; i++) {
                for (int j = i + 1; j < b; j++) {
                    if (eligible(batch.get(i), batch.get(j))) {
                        pairs.add(new int[] {i, j});
                    }
                }
            }
            double margin = options.margin();
            for (int[] pair : pairs) {
                double[] zi = acts[pair[0]][3];
                double[] zj = acts[pair[1]][3];
                double dist2 = 0;
                for (int k = 0; k < zi.length; k++) {
                    dist2 += (zi[k] - zj[k]) * (zi[k] - zj[k]);
                }
                double dist = Math.sqrt(dist2);
                double coef;
                if (label[batch.get(pair[0])] == label[batch.get(pair[1])]) {
                    loss += dist2 / pairs.size();
                    coef = 2.0 / pairs.size();
                } else if (dist < margin) {
                    loss += (margin - dist) * (margin - dist) / pairs.size();
                    coef = dist > 1e-12 ? -2.0 * (margin - dist) / dist / pairs.size() : 0;
                } else {
                    continue;
                }
                for (int k = 0; k < zi.length; k++) {
                    double g = coef * (zi[k] - zj[k]);
                    dz[pair[0]][k] += g;
                    dz[pair[1]][k] -= g;
                }
            }
            // back through the shared encoder
            for (int i = 0; i < b; i++) {
                double[] grad = dz[i];
                for (int l = 2; l >= 0; l--) {
                    double[] a = acts[i][l + 1];
                    double[] pre = new double[grad.length];
                    for (int k = 0; k < grad.length; k++) {
                        pre[k] = a[k] > 0 ? grad[k] : 0;
                    }
                    grad = layers[l].backward(acts[i][l], pre, gw[l], gb[l]);
                }
            }
            adam();
            return loss;
        }

        /** Same best reranker, or different ones where one query's quality gap exceeds the threshold. */
        private boolean eligible(int i, int j) {
            if (label[i] == label[j]) {
                return true;
            }
            return gapExceeds(examples.get(i), examples.get(j).bestReranker())
                    || gapExceeds(examples.get(j), examples.get(i).bestReranker());
        }

        private boolean gapExceeds(AgentExample e, String other) {
            Double own = e.qualityByReranker().get(e.bestReranker());
            Double alt = e.qualityByReranker().get(other);
            if (own == null || alt == null) {
                return true;
            }
            double scale = Math.max(Math.abs(own), Math.abs(alt));
            return scale > 0 && (own - alt) / scale > options.qualityGap();
        }

        private void adam() {
            step++;
            double lr = options.learningRate();
            double c1 = 1 - Math.pow(BETA1, step);
            double c2 = 1 - Math.pow(BETA2, step);
            for (int l = 0; l < 5; l++) {
                update(layers[l].w, gw[l], mw[l], vw[l], lr, c1, c2);
                update(layers[l].b, gb[l], mb[l], vb[l], lr, c1, c2);
            }
        }

        private static void update(double[] p, double[] g, double[] m, double[] v, double lr, double c1, double c2) {
            for (int k = 0; k < p.length; k++) {
                m[k] = BETA1 * m[k] + (1 - BETA1) * g[k];
                v[k] = BETA2 * v[k] + (1 - BETA2) * g[k] * g[k];
                p[k] -= lr * (m[k] / c1) / (Math.sqrt(v[k] / c2) + EPSILON);
            }
        }

        private static void add(double[] into, double[] delta) {
            for (int k = 0; k < into.length; k++) {
                into[k] += delta[k];
            }
        }
    }
}
