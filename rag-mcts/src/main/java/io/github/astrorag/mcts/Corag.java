package io.github.astrorag.mcts;

import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.mcts.agent.AgentMctsSelector;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.util.Map;
import java.util.Objects;

/**
 * The CORAG preset (Wang et al., 2024): dense retrieval of {@value RagPipeline#DEFAULT_CANDIDATES}
 * candidates (the pipeline's defaults), then {@link MctsContextSelector} with the paper's settings (10
 * iterations, c = 2.4, λ = 0.1) and the cheap {@link QueryCoverageScorer} choosing the chunks and their
 * order under the pipeline's token budget, then the pipeline's default generator. Optionally a trained
 * {@link ConfigAgent} sets the scorer and the MCTS settings per query ({@link AgentMctsSelector}).
 *
 * <p>The builders returned leave the budget, the candidate count, the retriever and the generator unset
 * so that the caller may still set each of them once:
 * <pre>{@code
 * RagPipeline rag = Corag.pipelineBuilder(embedder).budget(1024).build();
 * }</pre>
 */
public final class Corag {

    private Corag() {
    }

    /** A pipeline builder with the CORAG selector and {@code embedder}. */
    public static RagPipeline.Builder pipelineBuilder(Embedder embedder) {
        return RagPipeline.builder().embedder(embedder).selector(MctsContextSelector.defaults());
    }

    /** A pipeline builder with {@code selector} as the CORAG selector (for other MCTS settings or scorer). */
    public static RagPipeline.Builder pipelineBuilder(Embedder embedder, MctsContextSelector selector) {
        return RagPipeline.builder().embedder(embedder).selector(Objects.requireNonNull(selector, "selector"));
    }

    /**
     * A pipeline builder whose selector a trained agent configures per query, choosing among
     * {@code scorers} by name; other MCTS settings are the defaults.
     *
     * @throws IllegalArgumentException if the agent was trained on embeddings of another dimension
     *                                       than {@code embedder}'s, or a name it knows has no scorer
     */
    public static RagPipeline.Builder pipelineBuilder(Embedder embedder, ConfigAgent agent, Map<String, CombinationScorer> scorers) {
        Arguments.check(agent.inputDimension() == embedder.dimension(),
                "the configuration agent was trained on embeddings of dimension %d but the embedder gives %d",
                agent.inputDimension(), embedder.dimension());
        return RagPipeline.builder().embedder(embedder)
                .selector(new AgentMctsSelector(agent, scorers, MctsContextSelector.defaults()));
    }

    /** The CORAG pipeline with {@code embedder} and every other setting at its default. */
    public static RagPipeline defaults(Embedder embedder) {
        return pipelineBuilder(embedder).build();
    }
}
