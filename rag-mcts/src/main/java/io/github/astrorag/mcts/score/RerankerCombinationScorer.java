package io.github.astrorag.mcts.score;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Adapts any {@link Reranker} to score combinations: each combination becomes one pseudo-chunk whose
 * text is the members' texts joined in order by {@link Context#SEPARATOR} and whose id is the members'
 * ids joined by {@code " + "}, and the whole batch goes to the reranker in one
 * {@link Reranker#rerank} call (as the authors' code scores {@code [query, " ".join(chunks)]} pairs in
 * one call per expansion). The pseudo-chunks carry no embedding, so the reranker must score texts
 * (a cross-encoder or a lexical reranker), not stored vectors.
 *
 * <p>A reranker may drop candidates: a dropped combination gets the lowest score the reranker returned
 * in that batch (0 when it returned none). The scores keep {@link CombinationScorer}'s contract (a
 * combination's score does not depend on its batch) only when the reranker scores each candidate on its own
 * and keeps every one, as a cross-encoder does; a reranker that drops candidates, or whose scores depend on
 * the other candidates (BM25's term statistics over the batch), gives batch-dependent scores. Cost: one
 * reranker call per batch. Deterministic and thread-safe if the reranker is.
 */
public final class RerankerCombinationScorer implements CombinationScorer {

    /** What joins member ids in a pseudo-chunk's id. */
    public static final String ID_SEPARATOR = " + ";

    private final Reranker reranker;

    /**
     * Scoring with {@code reranker}.
     *
     * @param reranker the reranker scoring each combination as one joined candidate
     */
    public RerankerCombinationScorer(Reranker reranker) {
        this.reranker = Objects.requireNonNull(reranker, "reranker");
    }

    @Override
    public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
        List<ScoredChunk> pseudo = new ArrayList<>(combinations.size());
        for (List<ScoredChunk> c : combinations) {
            pseudo.add(pseudoChunk(c));
        }
        double[] out = new double[pseudo.size()];
        if (pseudo.isEmpty()) {
            return out;
        }
        Map<String, Double> byId = new HashMap<>();
        double lowest = Double.POSITIVE_INFINITY;
        for (ScoredChunk s : reranker.rerank(query, pseudo)) {
            byId.put(s.id(), s.score());
            lowest = Math.min(lowest, s.score());
        }
        double missing = byId.isEmpty() ? 0 : lowest;
        for (int i = 0; i < out.length; i++) {
            out[i] = byId.getOrDefault(pseudo.get(i).id(), missing);
        }
        return out;
    }

    /** The pseudo-chunk standing for a combination. */
    static ScoredChunk pseudoChunk(List<ScoredChunk> combination) {
        CombinationScorer.requireNonEmpty(combination);
        StringBuilder id = new StringBuilder();
        StringBuilder text = new StringBuilder();
        int tokens = 0;
        double score = 0;
        for (ScoredChunk s : combination) {
            if (id.length() > 0) {
                id.append(ID_SEPARATOR);
                text.append(Context.SEPARATOR);
            }
            id.append(s.id());
            text.append(s.chunk().text());
            tokens += s.chunk().tokens();
            score += s.score() / combination.size();
        }
        Chunk first = combination.get(0).chunk();
        Chunk chunk = new Chunk(id.toString(), first.documentId(), first.title(), first.source(), first.page(),
                first.ordinal(), text.toString(), tokens, 0, text.length());
        return new ScoredChunk(chunk, score, null);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "reranker");
        m.put("reranker", reranker.describe());
        return m;
    }
}
