package io.github.astrorag.presets;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.mcts.agent.AgentMctsSelector;
import io.github.astrorag.mcts.agent.ConfigAgent;
import io.github.astrorag.mcts.score.QueryCoverageScorer;
import java.util.Map;
import java.util.Objects;

/**
 * The CORAG preset (Wang et al., 2024): dense retrieval of {@value RagPipeline#DEFAULT_CANDIDATES}
 * candidates, then {@link MctsContextSelector} with the paper's settings (10 iterations, c = 2.4,
 * λ = 0.1) and the cheap {@link QueryCoverageScorer} choosing the chunks and their order under the
 * pipeline's token budget, then the extractive generator until one is given. Optionally a trained
 * {@link ConfigAgent} sets the scorer and the MCTS settings per query ({@link AgentMctsSelector}). This is
 * the paper's utility, kept by name (command line: {@code --preset corag-paper}); the same search over the
 * default selector's evidence objective is {@link AstroRag#corag()} ({@code --preset corag}); how the two
 * compare is in {@code docs/evaluation.md}.
 *
 * <p>This class loads no embedding model (rag-onnx does, for the calls of {@link AstroRag} and {@link Preset} that
 * take none), so every call takes the embedder, which stays the caller's to close. The builders follow the presets' one rule
 * ({@link RagPipeline#toBuilder()}): each setting may be replaced once.
 * <pre>{@code
 * RagPipeline rag = Corag.paperBuilder(embedder).budget(1024).build();
 * }</pre>
 */
public final class Corag {

    private Corag() {
    }

    /**
     * The CORAG pipeline over {@code embedder} with the paper's settings.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a new pipeline with the extractive generator
     */
    public static RagPipeline paper(Embedder embedder) {
        return paperBuilder(embedder).build();
    }

    /**
     * The CORAG pipeline over {@code embedder} with the paper's settings, as a builder to start from.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder paperBuilder(Embedder embedder) {
        return Preset.builder("corag-paper", embedder);
    }

    /**
     * The CORAG pipeline with {@code selector} as its MCTS selector (other settings or scorer).
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param selector the MCTS selector choosing the context
     * @return a builder, to which a generator or other settings may be added
     */
    public static RagPipeline.Builder paperBuilder(Embedder embedder, MctsContextSelector selector) {
        return preset(embedder, Objects.requireNonNull(selector, "selector"));
    }

    /**
     * The CORAG pipeline whose selector a trained agent configures per query, choosing among
     * {@code scorers} by name; other MCTS settings are the defaults.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param agent the trained agent
     * @param scorers the scorers by the names the agent knows
     * @return a builder, to which a generator or other settings may be added
     * @throws IllegalArgumentException if the agent was trained on embeddings of another dimension
     *                                  than {@code embedder}'s, or a name it knows has no scorer
     */
    public static RagPipeline.Builder agentBuilder(Embedder embedder, ConfigAgent agent, Map<String, CombinationScorer> scorers) {
        Arguments.check(agent.inputDimension() == embedder.dimension(),
                "the configuration agent was trained on embeddings of dimension %d but the embedder gives %d",
                agent.inputDimension(), embedder.dimension());
        return preset(embedder, new AgentMctsSelector(agent, scorers, MctsContextSelector.defaults()));
    }

    private static RagPipeline.Builder preset(Embedder embedder, ContextSelector selector) {
        return RagPipeline.builder().embedder(Objects.requireNonNull(embedder, "embedder")).selector(selector).build().toBuilder();
    }
}
