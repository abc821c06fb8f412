package io.github.astrorag.cli;

import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.mcts.agent.ConfigAgentTrainer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code astrorag agent}: the CORAG configuration agent. */
@Command(name = "agent", mixinStandardHelpOptions = true, description = "Train CORAG's configuration agent.",
        subcommands = AgentCommand.Train.class)
public final class AgentCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code astrorag agent train}. */
    @Command(name = "train", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Label each question of a dataset with its best scorer and MCTS settings by a grid search "
                    + "(scorers x iterations {5,10,20} x lambda {0,0.1,0.3} x c {1,2.4}), then train the Siamese "
                    + "network (contrastive + cross-entropy + MSE, Adam lr 0.001, batch 32, 60 epochs, seeded).",
                "Use the model with: astrorag ask --preset corag-paper --agent MODEL ..."})
    static final class Train implements Callable<Integer> {

        @Option(names = "--data", required = true, paramLabel = "FILE",
                description = "A dataset in the evaluation schema (JSON lines with per-question documents).")
        Path data;

        @Option(names = "--out", required = true, paramLabel = "MODEL", description = "Where to write the trained model (JSON).")
        Path out;

        @Option(names = "--model", defaultValue = PipelineFactory.ASTRORAG_MODEL, paramLabel = "ID",
                description = "Embedding model of the query features: minilm-q, minilm, bge-small-q, e5-small-q, hashing. "
                        + "Default: ${DEFAULT-VALUE}. Use the same model when asking.")
        String model;

        @Option(names = "--limit", paramLabel = "N", description = "Use only the first N questions.")
        Integer limit;

        @Option(names = "--budget", paramLabel = "TOKENS", description = "Budget of the grid search. Default: 300.")
        Integer budget;

        @Option(names = "--candidates", paramLabel = "N", description = "Candidates per question in the grid search. Default: 10.")
        Integer candidates;

        @Option(names = "--verbose", description = "Show stack traces on errors.")
        boolean verbose;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PartRegistry parts = PartRegistry.installed();
            Embedder embedder = parts.create(Role.EMBEDDER, model, PartContext.of(parts));
            try {
                return train(embedder);
            } finally {
                PipelineFactory.release(embedder);
            }
        }

        private int train(Embedder embedder) {
            ConfigAgentTrainer.Builder b = ConfigAgentTrainer.builder().embedder(embedder);
            if (limit != null) {
                b.limit(limit);
            }
            if (budget != null) {
                b.budget(budget);
            }
            if (candidates != null) {
                b.candidates(candidates);
            }
            ConfigAgentTrainer.Result result;
            try (Progress progress = Progress.always()) {
                result = b.build().train(data, out, progress);
            }
            PrintWriter w = spec.commandLine().getOut();
            w.printf("trained on %d questions (%d skipped); best scorer counts %s; mean best quality %.3f; final loss %.4f%n",
                    result.questions(), result.skipped(), result.bestScorerCounts(), result.meanBestQuality(), result.finalLoss());
            w.printf("model written to %s%n", result.model());
            w.flush();
            return 0;
        }
    }
}
