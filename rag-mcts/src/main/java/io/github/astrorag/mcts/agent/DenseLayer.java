package io.github.astrorag.mcts.agent;

import java.util.Arrays;
import java.util.Random;

/**
 * A fully connected layer {@code y = W·x + b}, W stored row-major (out × in). Mutable while
 * {@link AgentAdamTraining} trains it, then only read: a layer of a finished {@link SiameseAgentNetwork}
 * is never written again, so it may be read by any number of threads. Forward and backward cost O(in·out).
 */
final class DenseLayer {
    final int in;
    final int out;
    final double[] w;
    final double[] b;

    DenseLayer(int in, int out, double[] w, double[] b) {
        this.in = in;
        this.out = out;
        this.w = w;
        this.b = b;
    }

    /**
     * Uniform initialisation in [−limit, limit] with limit sqrt(6 / fanIn) (He et al., 2015, for ReLU
     * layers; bias 0.01) or sqrt(6 / (fanIn + fanOut)) (Glorot and Bengio, 2010; bias 0).
     */
    static DenseLayer init(int in, int out, boolean relu, Random random) {
        double limit = relu ? Math.sqrt(6.0 / in) : Math.sqrt(6.0 / (in + out));
        double[] w = new double[in * out];
        for (int i = 0; i < w.length; i++) {
            w[i] = (2 * random.nextDouble() - 1) * limit;
        }
        double[] b = new double[out];
        if (relu) {
            Arrays.fill(b, 0.01);
        }
        return new DenseLayer(in, out, w, b);
    }

    double[] forward(double[] x) {
        double[] y = new double[out];
        for (int o = 0; o < out; o++) {
            double s = b[o];
            int row = o * in;
            for (int i = 0; i < in; i++) {
                s += w[row + i] * x[i];
            }
            y[o] = s;
        }
        return y;
    }

    static double[] relu(double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = Math.max(0, v[i]);
        }
        return r;
    }

    /** Adds dL/dW and dL/db for input {@code x} and output gradient {@code dy}; returns dL/dx. */
    double[] backward(double[] x, double[] dy, double[] gw, double[] gb) {
        double[] dx = new double[in];
        for (int o = 0; o < out; o++) {
            double g = dy[o];
            if (g == 0) {
                continue;
            }
            gb[o] += g;
            int row = o * in;
            for (int i = 0; i < in; i++) {
                gw[row + i] += g * x[i];
                dx[i] += w[row + i] * g;
            }
        }
        return dx;
    }
}
