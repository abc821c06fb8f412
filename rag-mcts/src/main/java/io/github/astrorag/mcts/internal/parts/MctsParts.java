package io.github.astrorag.mcts.internal.parts;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.PartSettings;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.GreedyContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.mcts.score.ConcatenationEmbeddingScorer;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import io.github.astrorag.mcts.score.RerankerCombinationScorer;
import java.util.List;

/**
 * rag-mcts's parts by name: CORAG's tree search, its exhaustive and greedy baselines, and the combination scorers.
 * Registered in {@code META-INF/services}.
 */
public final class MctsParts implements PartProvider {

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public MctsParts() {
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(
                Part.builder(Role.SELECTOR, "mcts", "CORAG: Monte Carlo Tree Search over chunk combinations and their order",
                        MctsParts::mcts)
                        .setting(scorer("query-coverage"))
                        .setting(Setting.integer("iterations", "search iterations", MctsContextSelector.DEFAULT_ITERATIONS,
                                1, MctsContextSelector.MAX_ITERATIONS))
                        .setting(Setting.number("exploration", "exploration constant c of the UCB term",
                                MctsContextSelector.DEFAULT_EXPLORATION, 0, MctsContextSelector.MAX_WEIGHT))
                        .setting(costWeight(MctsContextSelector.DEFAULT_COST_WEIGHT))
                        .setting(Setting.integer("seed", "seed of the search's tie-breaks", (int) MctsContextSelector.DEFAULT_SEED,
                                Integer.MIN_VALUE, Integer.MAX_VALUE))
                        .setting(Setting.flag("fill", "fill the budget the best combination leaves, in the scorer's order", false))
                        .setting(Setting.flag("parallel", "score each expansion's children on the shared pool (false: in "
                                + "the asking thread)", true)).build(),
                Part.builder(Role.SELECTOR, "exhaustive", "CORAG Upper: every ordered combination of a few candidates",
                        (s, c) -> ExhaustiveContextSelector.builder().scorer(scorer(s, c)).counter(c.tokenCounter())
                                .costWeight(s.number("cost-weight")).maxChunks(s.integer("max-chunks")).build())
                        .setting(scorer("query-coverage"))
                        .setting(costWeight(MctsContextSelector.DEFAULT_COST_WEIGHT))
                        .setting(Setting.integer("max-chunks", "most chunks in a combination",
                                ExhaustiveContextSelector.DEFAULT_MAX_CHUNKS, 1, 8)).build(),
                Part.builder(Role.SELECTOR, "greedy", "adds the candidate that raises the score most until the budget is spent",
                        (s, c) -> s.has("scorer") ? GreedyContextSelector.builder().scorer(scorer(s, c)).counter(c.tokenCounter()).build()
                                : GreedyContextSelector.builder().counter(c.tokenCounter()).build())
                        .setting(scorer(null)).build(),
                Part.builder(Role.SCORER, "query-coverage", "CORAG's utility: coverage of the question's terms, relevance, "
                                + "redundancy and position (no model call)",
                        (s, c) -> QueryCoverageScorer.builder().analyzer(c.analyzer()).build()).build(),
                Part.builder(Role.SCORER, "concatenation-embedding", "cosine of the question with the joined combination, "
                                + "by the pipeline's embedder",
                        (s, c) -> new ConcatenationEmbeddingScorer(c.embedder())).build(),
                Part.builder(Role.SCORER, "reranker-score", "a reranker's score of the joined combination",
                        (s, c) -> new RerankerCombinationScorer(c.registry().create(Role.RERANKER, s.text("reranker"), c)))
                        .setting(Setting.text("reranker", "the reranker part, by name", null).asRequired()).build());
    }

    private static MctsContextSelector mcts(PartSettings s, PartContext c) {
        MctsContextSelector.Builder b = MctsContextSelector.builder().scorer(scorer(s, c)).counter(c.tokenCounter());
        if (s.isGiven("iterations")) {
            b.iterations(s.integer("iterations"));
        }
        if (s.isGiven("exploration")) {
            b.exploration(s.number("exploration"));
        }
        if (s.isGiven("cost-weight")) {
            b.costWeight(s.number("cost-weight"));
        }
        if (s.isGiven("seed")) {
            b.seed(s.integer("seed"));
        }
        if (s.flag("fill")) {
            b.fill(true);
        }
        if (!s.flag("parallel")) {
            b.executor(Runnable::run);
        }
        return b.build();
    }

    private static CombinationScorer scorer(PartSettings s, PartContext c) {
        return c.registry().create(Role.SCORER, s.text("scorer"), c);
    }

    private static Setting scorer(String dflt) {
        return Setting.text("scorer", "the combination scorer part, by name", dflt);
    }

    private static Setting costWeight(double dflt) {
        return Setting.number("cost-weight", "weight lambda of the token cost in the utility", dflt, 0, MctsContextSelector.MAX_WEIGHT);
    }
}
