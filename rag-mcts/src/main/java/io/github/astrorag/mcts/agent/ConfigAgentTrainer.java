package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.pipeline.IngestListener;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.score.ConcatenationEmbeddingScorer;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The whole CORAG agent-training procedure behind {@code astrorag agent train --data FILE --out MODEL}:
 * read questions with their documents ({@link AgentDataset}), label each by grid search
 * ({@link AgentGridSearch}: every named scorer × iterations × λ × c, quality = share of supporting
 * documents kept, or answer found), train the {@link ConfigAgent} and save it.
 *
 * <p>Defaults: scorers {@code query-coverage} ({@link QueryCoverageScorer}) and
 * {@code concatenation-embedding} ({@link ConcatenationEmbeddingScorer} over the embedder); budget
 * {@value #DEFAULT_BUDGET} tokens; {@value #DEFAULT_CANDIDATES} candidates; the core chunker; CORAG's
 * training options; every question of the file. Progress goes to an {@link IngestListener} in phases
 * {@code label} (questions) and {@code train} (one step when done). Immutable.
 */
public final class ConfigAgentTrainer {

    /** The token budget of each labelling selection. */
    public static final int DEFAULT_BUDGET = 300;
    /** Candidates per question. */
    public static final int DEFAULT_CANDIDATES = 10;

    /**
     * What a run did.
     *
     * @param questions the usable questions labelled and trained on
     * @param skipped the lines of the data file skipped as unusable
     * @param bestScorerCounts how many questions each scorer was best for, by name, sorted
     * @param meanBestQuality the mean over questions of the best quality reached
     * @param finalLoss the mean loss of the last training epoch
     * @param model the model file written
     */
    public record Result(int questions, int skipped, Map<String, Integer> bestScorerCounts, double meanBestQuality,
                         double finalLoss, Path model) {
    }

    private final Embedder embedder;
    private final Map<String, CombinationScorer> scorers;
    private final int budget;
    private final int candidates;
    private final int limit;
    private final Chunker chunker;
    private final AgentTrainingOptions options;

    private ConfigAgentTrainer(Builder b) {
        this.embedder = b.embedder;
        this.scorers = new TreeMap<>(b.scorers == null ? defaultScorers(b.embedder) : b.scorers);
        this.budget = b.budget == null ? DEFAULT_BUDGET : b.budget;
        this.candidates = b.candidates == null ? DEFAULT_CANDIDATES : b.candidates;
        this.limit = b.limit == null ? Integer.MAX_VALUE : b.limit;
        this.chunker = b.chunker == null ? RecursiveTokenChunker.defaults() : b.chunker;
        this.options = b.options == null ? AgentTrainingOptions.defaults() : b.options;
    }

    /**
     * The scorers the agent chooses among by default, by name: {@code query-coverage} (no embedding) and
     * {@code concatenation-embedding} (CORAG's: the query against the joined combination, by {@code embedder}).
     * A trained agent must be used with scorers of the same names.
     *
     * @param embedder the embedder of the concatenation-embedding scorer
     * @return a new map, by name
     */
    public static Map<String, CombinationScorer> defaultScorers(Embedder embedder) {
        Map<String, CombinationScorer> m = new TreeMap<>();
        m.put("query-coverage", QueryCoverageScorer.defaults());
        m.put("concatenation-embedding", new ConcatenationEmbeddingScorer(embedder));
        return m;
    }

    /**
     * A builder; the embedder is required.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Trains on {@code data} and writes the model to {@code model}.
     *
     * @param data the JSON Lines training set (as {@link AgentDataset} reads it)
     * @param model the model file to write
     * @return what the run did
     */
    public Result train(Path data, Path model) {
        return train(data, model, IngestListener.NONE);
    }

    /**
     * As {@link #train(Path, Path)}, reporting progress.
     *
     * @param data the JSON Lines training set (as {@link AgentDataset} reads it)
     * @param model the model file to write
     * @param listener told of the progress; {@link IngestListener#NONE} for none
     * @return what the run did
     * @throws IllegalArgumentException if {@code model} is a folder or lies under a file (checked before any work),
     *                                  or fewer than two questions are usable
     */
    public Result train(Path data, Path model, IngestListener listener) {
        checkWritable(model);
        AgentDataset.Contents contents = AgentDataset.read(data, embedder, chunker, candidates, limit);
        List<AgentDataset.Instance> instances = contents.instances();
        Arguments.check(instances.size() >= 2,
                "%s holds %d usable questions (with documents and supporting ids or answers); the agent needs at least 2",
                data, instances.size());
        Map<String, AgentDataset.Instance> byId = new LinkedHashMap<>();
        instances.forEach(i -> byId.put(i.id(), i));
        AgentGridSearch grid = new AgentGridSearch(scorers, (q, context) -> byId.get(q.id()).quality(context), budget,
                MctsContextSelector.defaults());
        List<AgentExample> examples = new ArrayList<>();
        Map<String, Integer> counts = new TreeMap<>();
        double quality = 0;
        for (int i = 0; i < instances.size(); i++) {
            AgentExample e = grid.label(instances.get(i).gridQuery());
            examples.add(e);
            counts.merge(e.bestScorer(), 1, Integer::sum);
            quality += e.qualityByScorer().get(e.bestScorer());
            listener.progress("label", i + 1, instances.size());
        }
        ConfigAgent agent = ConfigAgent.train(examples, options);
        agent.save(model);
        listener.progress("train", 1, 1);
        return new Result(instances.size(), contents.skipped(), counts, quality / instances.size(),
                (double) agent.training().get("finalLoss"), model);
    }

    /** Refuses, before the hours of the grid search, a model path that cannot become a file. */
    private static void checkWritable(Path model) {
        Path file = model.toAbsolutePath();
        Arguments.check(!java.nio.file.Files.isDirectory(file), "the model file %s is a folder; give the path of a file to write", model);
        for (Path p = file.getParent(); p != null; p = p.getParent()) {
            if (java.nio.file.Files.exists(p)) {
                Arguments.check(java.nio.file.Files.isDirectory(p), "the model file %s cannot be written: %s is not a folder", model, p);
                return;
            }
        }
    }

    /**
     * Fail-fast builder: each setting at most once ({@link IllegalStateException} when given twice), each in
     * its range ({@link IllegalArgumentException} naming the value and the range).
     */
    public static final class Builder {
        private Embedder embedder;
        private Map<String, CombinationScorer> scorers;
        private Integer budget;
        private Integer candidates;
        private Integer limit;
        private Chunker chunker;
        private AgentTrainingOptions options;

        private Builder() {
        }

        private static void once(Object current, String name) {
            Arguments.checkState(current == null, "%s was already set", name);
        }

        /**
         * The embedder of questions and chunks (required); use the one the pipeline will use.
         *
         * @param value the embedder of questions and chunks
         * @return this builder
         */
        public Builder embedder(Embedder value) {
            once(embedder, "embedder");
            embedder = Objects.requireNonNull(value, "embedder");
            return this;
        }

        /**
         * The named scorers to choose among; default query-coverage and concatenation-embedding.
         *
         * @param value the scorers by name; not empty
         * @return this builder
         */
        public Builder scorers(Map<String, CombinationScorer> value) {
            once(scorers, "scorers");
            Arguments.check(!value.isEmpty(), "give at least one named scorer");
            scorers = Map.copyOf(value);
            return this;
        }

        /**
         * Token budget; default {@value #DEFAULT_BUDGET}; at least 1.
         *
         * @param value the budget, in tokens
         * @return this builder
         */
        public Builder budget(int value) {
            once(budget, "budget");
            Arguments.check(value >= 1, "budget must be at least 1 token, was %d", value);
            budget = value;
            return this;
        }

        /**
         * Candidates per question; default {@value #DEFAULT_CANDIDATES}; 1 to 100.
         *
         * @param value the candidates per question
         * @return this builder
         */
        public Builder candidates(int value) {
            once(candidates, "candidates");
            Arguments.check(value >= 1 && value <= 100, "candidates must be between 1 and 100, was %d", value);
            candidates = value;
            return this;
        }

        /**
         * The most questions to use; default all; at least 2.
         *
         * @param value the most questions
         * @return this builder
         */
        public Builder limit(int value) {
            once(limit, "limit");
            Arguments.check(value >= 2, "limit must be at least 2, was %d", value);
            limit = value;
            return this;
        }

        /**
         * The chunker; default the core recursive chunker (300 tokens, 30 overlap).
         *
         * @param value the chunker of the training documents
         * @return this builder
         */
        public Builder chunker(Chunker value) {
            once(chunker, "chunker");
            chunker = Objects.requireNonNull(value, "chunker");
            return this;
        }

        /**
         * Training options; default CORAG's.
         *
         * @param value the training options
         * @return this builder
         */
        public Builder options(AgentTrainingOptions value) {
            once(options, "options");
            options = Objects.requireNonNull(value, "options");
            return this;
        }

        /**
         * The trainer.
         *
         * @return the trainer; nothing is read until {@link ConfigAgentTrainer#train(Path, Path)}
         * @throws IllegalArgumentException if no embedder was given
         */
        public ConfigAgentTrainer build() {
            Arguments.check(embedder != null, "an embedder is required to train the configuration agent");
            return new ConfigAgentTrainer(this);
        }
    }
}
