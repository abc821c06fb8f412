package io.github.astrorag.presets;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.ExhaustiveContextSelector;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.retrieval.coverage.EvidenceCoverageScorer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CORAG's searches over the evidence utility ({@link AstroRag#corag()}'s selector) on the bridge question of
 * rag-retrieval's {@code EvidenceCoverageScorerTest} ("Ada river"; A names Lunaria, B is titled Lunaria and holds
 * the river, C is a distractor with the river): the best combination is [A, B], and filling adds C.
 */
class CoragEvidenceSearchTest {

    private static final Query Q = Query.of("Ada river");
    private static final ScoredChunk A = new ScoredChunk(chunk("A", "Ada", "Ada was born in Lunaria."), 0.9, null);
    private static final ScoredChunk C = new ScoredChunk(chunk("C", "Orbis", "Orbis has a river port."), 0.7, null);
    private static final ScoredChunk B = new ScoredChunk(chunk("B", "Lunaria", "Lunaria lies on the Vel river."), 0.6, null);
    private static final List<ScoredChunk> POOL = List.of(A, C, B);

    private static Chunk chunk(String id, String title, String text) {
        return new Chunk(id, id, title, id + ".txt", null, 0, text, Math.max(1, text.length() / 4), 0, text.length());
    }

    @Test
    void searchKeepsBothHopsAndFillingUsesTheBudgetLeft() {
        TokenCounter p50k = TokenCounter.p50k();
        String ab = A.chunk().text() + Context.SEPARATOR + B.chunk().text();
        int budget = p50k.count(ab) + 3;
        MctsContextSelector mcts = MctsContextSelector.builder().scorer(EvidenceCoverageScorer.defaults()).build();
        Context whole = mcts.select(Q, POOL, budget);
        assertThat(whole.chunks()).extracting(ScoredChunk::id).containsExactly("A", "B");
        assertThat(ExhaustiveContextSelector.builder().scorer(EvidenceCoverageScorer.defaults()).build().select(Q, POOL, budget)
                .chunks()).extracting(ScoredChunk::id).containsExactly("A", "B");
        Context filled = mcts.toBuilder().fill(true).build().select(Q, POOL, budget);
        assertThat(filled.chunks()).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(filled.tokens()).isGreaterThan(whole.tokens()).isLessThanOrEqualTo(budget);
        assertThat(filled.details()).containsEntry("path", List.of("A", "B"));
        assertThat(mcts.toBuilder().fill(true).build().describe()).containsEntry("fill", true);
    }
}
