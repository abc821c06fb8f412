package io.github.astrorag.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import java.util.Map;
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

    /*
     * p50k_base token counts, read off the encoding token by token:
     * DOME = "The dome opens at dusk." is 6 tokens; the separator "\n\n" is 1 token at the end of a text
     * but 2 (|\n|\n|) before the next chunk's first word, so two chunks joined cost theirs + 2;
     * SPECTRO = |The| spect|rog|raph| reaches| a| resolving| power| of| 40|,|000|.| (13 tokens, the first sentence)
     *           | In| its| low|-|resolution| mode| it| reaches| 6|,|500| instead|.  (26 tokens in all).
     */
    private static final String DOME = "The dome opens at dusk.";
    private static final String SPECTRO =
            "The spectrograph reaches a resolving power of 40,000. In its low-resolution mode it reaches 6,500 instead.";

    private static List<ScoredChunk> domeThenSpectro() {
        return List.of(scored("dome#0", DOME, 6, 0.9), scored("spectro#0", SPECTRO, 26, 0.8));
    }

    private static ScoredChunk scored(String id, String text, int tokens, double score) {
        String doc = id.substring(0, id.indexOf('#'));
        return new ScoredChunk(new Chunk(id, doc, doc, doc + ".md", null, 0, text, tokens, 0, text.length()), score, null);
    }

    @Test
    void theCutChunkEndsAtTheLastSentenceThatFits() {
        // 30 - 6 - 2 = 22 tokens left: a token cut would end "... it reaches 6"; the first sentence (13) fits
        Context c = new TokenBudgetSelector().select(query(), domeThenSpectro(), 30);
        assertThat(c.chunks().get(1).chunk().text()).isEqualTo("The spectrograph reaches a resolving power of 40,000.");
        assertThat(c.tokens()).isEqualTo(6 + 2 + 13).isEqualTo(TokenCounter.p50k().count(c.text()));
        assertThat(c.details()).containsEntry("truncatedChunks", 1).containsEntry(TokenBudgetSelector.TRUNCATED,
                Map.of("chunkId", "spectro#0", "keptTokens", 13, "originalTokens", 26, "atSentence", true));
    }

    @Test
    void withoutASentenceThatFitsTheCutFallsBackToATokenBoundary() {
        // 15 - 6 - 2 = 7 tokens left, fewer than the first sentence's 13
        Context c = new TokenBudgetSelector().select(query(), domeThenSpectro(), 15);
        assertThat(c.chunks().get(1).chunk().text()).isEqualTo("The spectrograph reaches a resolving");
        assertThat(c.tokens()).isEqualTo(15);
        assertThat(c.details()).containsEntry(TokenBudgetSelector.TRUNCATED,
                Map.of("chunkId", "spectro#0", "keptTokens", 7, "originalTokens", 26, "atSentence", false));
    }

    @Test
    void wholeChunksLeaveNoTruncationInTheTrace() {
        Context c = new TokenBudgetSelector().select(query(), domeThenSpectro(), 34);
        assertThat(c.chunks()).extracting(s -> s.chunk().text()).containsExactly(DOME, SPECTRO);
        assertThat(c.tokens()).isEqualTo(34);
        assertThat(c.details()).containsEntry("truncatedChunks", 0).doesNotContainKey(TokenBudgetSelector.TRUNCATED);
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
