package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeSet;

/**
 * One training run of the {@link SiameseAgentNetwork}: mini-batch Adam (Kingma and Ba, 2015; β₁ 0.9,
 * β₂ 0.999, ε 1e-8) on the sum of the contrastive loss (Hadsell, Chopra and LeCun, 2006) of the batch's
 * eligible pairs, the cross-entropy of the best scorer and the mean squared error of the scaled settings,
 * as {@link ConfigAgent} states. Deterministic for a seed (initialisation and the per-epoch shuffle share
 * one generator). Cost per epoch: O(n·(d·h₁ + h₁·h₂ + h₂·h₃) + n·b·h₃) for n examples, batch b.
 * Not thread-safe: one run, one thread.
 */
final class AgentAdamTraining {

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double EPSILON = 1e-8;
    private static final int SETTINGS = SiameseAgentNetwork.SETTINGS;
    private static final int LAYERS = 5; // encoder 0..2, classifier 3, regressor 4
    private static final int CLASSIFIER = 3;
    private static final int REGRESSOR = 4;

    private final List<AgentExample> examples;
    private final AgentTrainingOptions options;
    private final int d;
    private final List<String> names;
    private final Random random;
    private final double[][] x;
    private final int[] label;
    private final double[][] target;
    private final double[] min = new double[SETTINGS];
    private final double[] max = new double[SETTINGS];
    private final DenseLayer[] layers = new DenseLayer[LAYERS];
    private final double[][] gw = new double[LAYERS][];
    private final double[][] gb = new double[LAYERS][];
    private final double[][] mw = new double[LAYERS][];
    private final double[][] vw = new double[LAYERS][];
    private final double[][] mb = new double[LAYERS][];
    private final double[][] vb = new double[LAYERS][];
    private int step;

    /**
     * Checks the examples and trains an agent on them (the contract of {@link ConfigAgent#train}).
     *
     * @throws IllegalArgumentException if there are fewer than two examples, or their embeddings differ in
     *                                  dimension or hold a non-finite value
     */
    static ConfigAgent train(List<AgentExample> examples, AgentTrainingOptions options) {
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
            for (float f : v) {
                Arguments.check(Float.isFinite(f), "training example %d has a non-finite embedding value (%s)", i, f);
            }
            names.add(e.bestScorer());
            names.addAll(e.qualityByScorer().keySet());
        }
        return new AgentAdamTraining(examples, options, d, new ArrayList<>(names)).run();
    }

    private AgentAdamTraining(List<AgentExample> examples, AgentTrainingOptions options, int d, List<String> names) {
        this.examples = examples;
        this.options = options;
        this.d = d;
        this.names = names;
        this.random = new Random(options.seed());
        int n = examples.size();
        x = new double[n][];
        label = new int[n];
        target = new double[n][SETTINGS];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            AgentExample e = examples.get(i);
            float[] v = e.queryEmbedding();
            x[i] = new double[d];
            for (int k = 0; k < d; k++) {
                x[i][k] = v[k];
            }
            label[i] = names.indexOf(e.bestScorer());
            double[] t = {e.best().iterations(), e.best().costWeight(), e.best().exploration()};
            for (int k = 0; k < SETTINGS; k++) {
                target[i][k] = t[k];
                min[k] = Math.min(min[k], t[k]);
                max[k] = Math.max(max[k], t[k]);
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < SETTINGS; k++) {
                target[i][k] = max[k] > min[k] ? (target[i][k] - min[k]) / (max[k] - min[k]) : 0;
            }
        }
        List<Integer> hidden = options.hidden();
        int in = d;
        for (int l = 0; l < 3; l++) {
            layers[l] = DenseLayer.init(in, hidden.get(l), true, random);
            in = hidden.get(l);
        }
        layers[CLASSIFIER] = DenseLayer.init(in, names.size(), false, random);
        layers[REGRESSOR] = DenseLayer.init(in, SETTINGS, false, random);
        for (int l = 0; l < LAYERS; l++) {
            gw[l] = new double[layers[l].w.length];
            gb[l] = new double[layers[l].b.length];
            mw[l] = new double[layers[l].w.length];
            vw[l] = new double[layers[l].w.length];
            mb[l] = new double[layers[l].b.length];
            vb[l] = new double[layers[l].b.length];
        }
    }

    private ConfigAgent run() {
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
        SiameseAgentNetwork network = new SiameseAgentNetwork(d, names,
                new DenseLayer[] {layers[0], layers[1], layers[2]}, layers[CLASSIFIER], layers[REGRESSOR],
                min.clone(), max.clone());
        return new ConfigAgent(network, info);
    }

    /** One Adam step on a batch; returns the batch loss. */
    private double step(List<Integer> batch) {
        int b = batch.size();
        double[][][] acts = new double[b][4][]; // input, a1, a2, z
        for (int i = 0; i < b; i++) {
            acts[i][0] = x[batch.get(i)];
            for (int l = 0; l < 3; l++) {
                acts[i][l + 1] = DenseLayer.relu(layers[l].forward(acts[i][l]));
            }
        }
        for (int l = 0; l < LAYERS; l++) {
            Arrays.fill(gw[l], 0);
            Arrays.fill(gb[l], 0);
        }
        double[][] dz = new double[b][];
        double loss = 0;
        for (int i = 0; i < b; i++) {
            dz[i] = new double[acts[i][3].length];
            loss = headLoss(batch.get(i), acts[i][3], b, dz[i], loss);
        }
        loss = contrastiveLoss(batch, acts, dz, loss);
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

    /**
     * Adds to {@code loss} (term by term, so the sum rounds as it always has) the heads' loss of example
     * {@code ex} with code {@code z} in a batch of {@code b}: softmax cross-entropy plus the mean squared
     * error of the scaled settings, both divided by b. Adds the heads' gradients to {@code gw}/{@code gb}
     * and dL/dz to {@code dz}.
     */
    private double headLoss(int ex, double[] z, int b, double[] dz, double lossSoFar) {
        double loss = lossSoFar;
        double[] logits = layers[CLASSIFIER].forward(z);
        double maxLogit = Arrays.stream(logits).max().orElse(0);
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
        add(dz, layers[CLASSIFIER].backward(z, dl, gw[CLASSIFIER], gb[CLASSIFIER]));
        double[] out = layers[REGRESSOR].forward(z);
        double[] dr = new double[SETTINGS];
        for (int k = 0; k < SETTINGS; k++) {
            double e = out[k] - target[ex][k];
            loss += e * e / (3.0 * b);
            dr[k] = 2 * e / (3.0 * b);
        }
        add(dz, layers[REGRESSOR].backward(z, dr, gw[REGRESSOR], gb[REGRESSOR]));
        return loss;
    }

    /**
     * Adds to {@code loss} the contrastive loss over the batch's eligible pairs (mean over them):
     * ‖zᵢ − zⱼ‖² for a pair with one best scorer, max(0, m − ‖zᵢ − zⱼ‖)² otherwise. Adds dL/dz to
     * {@code dz}.
     */
    private double contrastiveLoss(List<Integer> batch, double[][][] acts, double[][] dz, double lossSoFar) {
        int b = batch.size();
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < b; i++) {
            for (int j = i + 1; j < b; j++) {
                if (eligible(batch.get(i), batch.get(j))) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        double loss = lossSoFar;
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
        return loss;
    }

    /** Same best scorer, or different ones where one query's quality gap exceeds the threshold. */
    private boolean eligible(int i, int j) {
        if (label[i] == label[j]) {
            return true;
        }
        return gapExceeds(examples.get(i), examples.get(j).bestScorer())
                || gapExceeds(examples.get(j), examples.get(i).bestScorer());
    }

    private boolean gapExceeds(AgentExample e, String other) {
        Double own = e.qualityByScorer().get(e.bestScorer());
        Double alt = e.qualityByScorer().get(other);
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
        for (int l = 0; l < LAYERS; l++) {
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
