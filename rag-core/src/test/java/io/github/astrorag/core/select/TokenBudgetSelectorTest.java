package io.github.astrorag.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenBudgetSelectorTest extends ContextSelectorContract {

    @Override
    protected ContextSelector selector() {
        return new TokenBudgetSelector();
    }

    @Test
    void keepsOrderAndCutsTheLastChunkAtATokenBoundary() {
        List<ScoredChunk> cands = candidates(1, 5);
        int first = cands.get(0).chunk().tokens();
        int budget = first + 6;
        Context c = new TokenBudgetSelector().select(query(), cands, budget);
        assertThat(c.chunks()).extracting(ScoredChunk::id).containsExactly(cands.get(0).id(), cands.get(1).id());
        assertThat(c.chunks().get(0).chunk().text()).isEqualTo(cands.get(0).chunk().text());
        assertThat(cands.get(1).chunk().text()).startsWith(c.chunks().get(1).chunk().text());
        assertThat(c.details()).containsEntry("truncatedChunks", 1);
    }

    @Test
    void budgetFiftyIsFilledToWithinTenTokens() {
        Context c = new TokenBudgetSelector().select(query(), candidates(2, 10), 50);
        assertThat(c.tokens()).isGreaterThan(40);
    }

    @Test
    void edgesOrderPutsTheSecondBestLast() {
        assertThat(ContextOrder.EDGES.arrange(List.of(1, 2, 3, 4, 5))).containsExactly(1, 3, 5, 4, 2);
        assertThat(ContextOrder.RELEVANCE.arrange(List.of(1, 2, 3))).containsExactly(1, 2, 3);
        List<ScoredChunk> cands = candidates(4, 4);
        Context c = new TokenBudgetSelector(TokenCounter.p50k(), ContextOrder.EDGES).select(query(), cands, 5000);
        assertThat(c.chunks()).extracting(ScoredChunk::id)
                .containsExactly(cands.get(0).id(), cands.get(2).id(), cands.get(3).id(), cands.get(1).id());
    }

    @Test
    void aNonPositiveBudgetIsNamedInTheMessage() {
        assertThatThrownBy(() -> new TokenBudgetSelector().select(query(), candidates(1, 2), 0))
                .hasMessageContaining("budget").hasMessageContaining("0");
        assertThatThrownBy(() -> new TokenBudgetSelector().select(query(), candidates(1, 2), -5))
                .hasMessageContaining("-5");
    }
}
