package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.mcts.MctsContextSelector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * MCTS whose settings a trained {@link ConfigAgent} chooses per query, as CORAG does: the query's
 * embedding ({@link Query#requireEmbedding()}, set by the pipeline) goes to {@link ConfigAgent#predict},
 * and the decision picks the scorer by name and sets iterations, λ and c on a copy of the base
 * selector (its seed, token counter and executor are kept). The decision is written to the trace
 * ({@code agent.scorer}, {@code agent.iterations}, {@code agent.costWeight}, {@code agent.exploration}).
 * Cost: one forward pass of a small network, then the MCTS. Immutable and thread-safe.
 */
public final class AgentMctsSelector implements ContextSelector {

    private final ConfigAgent agent;
    private final Map<String, CombinationScorer> scorers;
    private final MctsContextSelector base;

    /**
     * @param agent   the trained agent
     * @param scorers a scorer for every name the agent may choose
     * @param base    the selector whose other settings are kept
     * @throws IllegalArgumentException if a name the agent knows has no scorer
     */
    public AgentMctsSelector(ConfigAgent agent, Map<String, CombinationScorer> scorers, MctsContextSelector base) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.scorers = Map.copyOf(scorers);
        this.base = Objects.requireNonNull(base, "base");
        for (String name : agent.scorers()) {
            Arguments.check(this.scorers.containsKey(name),
                    "the configuration agent may choose scorer '%s' but no scorer of that name was given (given: %s)",
                    name, new TreeMap<>(this.scorers).keySet());
        }
    }

    /**
     * The decision for {@code query}, which must carry its embedding.
     *
     * @param query the query, with its embedding
     * @return the scorer name and MCTS settings the agent predicts
     */
    public AgentDecision decide(Query query) {
        return agent.predict(query.requireEmbedding());
    }

    /**
     * The MCTS selector the agent configures for {@code query}.
     *
     * @param query the query, with its embedding
     * @return a new selector with the predicted scorer and settings
     */
    public MctsContextSelector selectorFor(Query query) {
        AgentDecision decision = decide(query);
        return decision.settings().applyTo(base.toBuilder().scorer(scorers.get(decision.scorer())).build());
    }


    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        AgentDecision decision = decide(query);
        MctsContextSelector selector = decision.settings().applyTo(base.toBuilder().scorer(scorers.get(decision.scorer())).build());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("agent.scorer", decision.scorer());
        facts.put("agent.iterations", decision.iterations());
        facts.put("agent.costWeight", decision.costWeight());
        facts.put("agent.exploration", decision.exploration());
        facts.forEach(trace::put);
        return selector.select(query, candidates, budget, trace).withDetails(facts);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "mcts-agent");
        m.put("agent", agent.describe());
        m.put("base", base.describe());
        Map<String, Object> s = new TreeMap<>();
        scorers.forEach((k, v) -> s.put(k, v.describe()));
        m.put("scorers", s);
        return m;
    }
}
