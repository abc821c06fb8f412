package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How {@link ConfigAgent#train} trains: CORAG's settings by default (Adam with learning rate
 * {@value #DEFAULT_LEARNING_RATE}, batches of {@value #DEFAULT_BATCH_SIZE}, {@value #DEFAULT_EPOCHS}
 * epochs, contrastive margin {@value #DEFAULT_MARGIN}), three hidden layers of 64, 32 and 16 units,
 * negative pairs kept only where the quality differs by more than {@value #DEFAULT_QUALITY_GAP} (10%),
 * seed {@value #DEFAULT_SEED}. Immutable; built by a fail-fast builder.
 */
public final class AgentTrainingOptions {

    /** Adam's learning rate in CORAG. */
    public static final double DEFAULT_LEARNING_RATE = 0.001;
    /** Examples per batch in CORAG. */
    public static final int DEFAULT_BATCH_SIZE = 32;
    /** Epochs in CORAG. */
    public static final int DEFAULT_EPOCHS = 60;
    /** The contrastive loss margin in CORAG. */
    public static final double DEFAULT_MARGIN = 1.0;
    /** The relative quality difference below which a pair with different best scorers is not used. */
    public static final double DEFAULT_QUALITY_GAP = 0.10;
    /** The default seed. */
    public static final long DEFAULT_SEED = 42L;
    /** The default widths of the three fully connected layers. */
    public static final List<Integer> DEFAULT_HIDDEN = List.of(64, 32, 16);

    private final double learningRate;
    private final int batchSize;
    private final int epochs;
    private final double margin;
    private final double qualityGap;
    private final long seed;
    private final List<Integer> hidden;

    private AgentTrainingOptions(Builder b) {
        this.learningRate = b.learningRate == null ? DEFAULT_LEARNING_RATE : b.learningRate;
        this.batchSize = b.batchSize == null ? DEFAULT_BATCH_SIZE : b.batchSize;
        this.epochs = b.epochs == null ? DEFAULT_EPOCHS : b.epochs;
        this.margin = b.margin == null ? DEFAULT_MARGIN : b.margin;
        this.qualityGap = b.qualityGap == null ? DEFAULT_QUALITY_GAP : b.qualityGap;
        this.seed = b.seed == null ? DEFAULT_SEED : b.seed;
        this.hidden = b.hidden == null ? DEFAULT_HIDDEN : b.hidden;
    }

    /**
     * CORAG's settings.
     *
     * @return the default options
     */
    public static AgentTrainingOptions defaults() {
        return builder().build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Adam's learning rate; default {@value #DEFAULT_LEARNING_RATE}.
     *
     * @return the learning rate, in (0, 1]
     */
    public double learningRate() {
        return learningRate;
    }

    /**
     * Examples per batch; default {@value #DEFAULT_BATCH_SIZE}.
     *
     * @return the batch size, 1 to 4096
     */
    public int batchSize() {
        return batchSize;
    }

    /**
     * Passes over the training pairs; default {@value #DEFAULT_EPOCHS}.
     *
     * @return the number of epochs, 1 to 100,000
     */
    public int epochs() {
        return epochs;
    }

    /**
     * The margin of the contrastive loss; default {@value #DEFAULT_MARGIN}.
     *
     * @return the margin, in (0, 100]
     */
    public double margin() {
        return margin;
    }

    /**
     * The relative quality difference a negative pair needs; default {@value #DEFAULT_QUALITY_GAP}.
     *
     * @return the gap, in [0, 1]
     */
    public double qualityGap() {
        return qualityGap;
    }

    /**
     * The seed of weight initialisation and batch order; default {@value #DEFAULT_SEED}.
     *
     * @return the seed; any value
     */
    public long seed() {
        return seed;
    }

    /**
     * The widths of the three fully connected layers.
     *
     * @return the three widths; default 64, 32 and 16
     */
    public List<Integer> hidden() {
        return hidden;
    }

    /**
     * The settings as JSON-friendly values.
     *
     * @return a new map of every option, by name
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("learningRate", learningRate);
        m.put("batchSize", batchSize);
        m.put("epochs", epochs);
        m.put("margin", margin);
        m.put("qualityGap", qualityGap);
        m.put("seed", seed);
        m.put("hidden", hidden);
        return m;
    }

    /**
     * Fail-fast builder: each setting at most once ({@link IllegalStateException} when given twice), each in
     * its range ({@link IllegalArgumentException} naming the value and the range).
     */
    public static final class Builder {
        private Double learningRate;
        private Integer batchSize;
        private Integer epochs;
        private Double margin;
        private Double qualityGap;
        private Long seed;
        private List<Integer> hidden;

        private Builder() {
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * In (0, 1].
         *
         * @param value the learning rate
         * @return this builder
         */
        public Builder learningRate(double value) {
            once(learningRate, "learningRate");
            Arguments.check(value > 0 && value <= 1, "learningRate must be in (0, 1], was %s", value);
            learningRate = value;
            return this;
        }

        /**
         * 1 to 4096.
         *
         * @param value the batch size
         * @return this builder
         */
        public Builder batchSize(int value) {
            once(batchSize, "batchSize");
            Arguments.check(value >= 1 && value <= 4096, "batchSize must be between 1 and 4096, was %d", value);
            batchSize = value;
            return this;
        }

        /**
         * 1 to 100,000.
         *
         * @param value the number of epochs
         * @return this builder
         */
        public Builder epochs(int value) {
            once(epochs, "epochs");
            Arguments.check(value >= 1 && value <= 100_000, "epochs must be between 1 and 100000, was %d", value);
            epochs = value;
            return this;
        }

        /**
         * In (0, 100].
         *
         * @param value the contrastive margin
         * @return this builder
         */
        public Builder margin(double value) {
            once(margin, "margin");
            Arguments.check(value > 0 && value <= 100, "margin must be in (0, 100], was %s", value);
            margin = value;
            return this;
        }

        /**
         * In [0, 1].
         *
         * @param value the quality gap
         * @return this builder
         */
        public Builder qualityGap(double value) {
            once(qualityGap, "qualityGap");
            Arguments.check(value >= 0 && value <= 1, "qualityGap must be in [0, 1], was %s", value);
            qualityGap = value;
            return this;
        }

        /**
         * Any value.
         *
         * @param value the seed of weight initialisation and batch order
         * @return this builder
         */
        public Builder seed(long value) {
            once(seed, "seed");
            seed = value;
            return this;
        }

        /**
         * Three widths, each 1 to 4096.
         *
         * @param first the width of the first layer
         * @param second the width of the second layer
         * @param third the width of the third layer, which is the dimension of the code z
         * @return this builder
         */
        public Builder hidden(int first, int second, int third) {
            once(hidden, "hidden");
            for (int w : new int[] {first, second, third}) {
                Arguments.check(w >= 1 && w <= 4096, "hidden layer width must be between 1 and 4096, was %d", w);
            }
            hidden = List.of(first, second, third);
            return this;
        }

        /**
         * The options.
         *
         * @return the immutable options
         */
        public AgentTrainingOptions build() {
            return new AgentTrainingOptions(this);
        }
    }
}
