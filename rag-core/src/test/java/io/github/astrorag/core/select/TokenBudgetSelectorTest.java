package io.github.astrorag.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
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
                Map.of("chunkId", "spectro#0", "keptTokens", 13, "originalTokens", 26, "atSentence", true,
                        "rule", "head", "kept", List.of(0, 53), "cut", List.of(List.of(53, SPECTRO.length()))));
    }

    @Test
    void withoutASentenceThatFitsTheCutFallsBackToATokenBoundary() {
        // 15 - 6 - 2 = 7 tokens left, fewer than the first sentence's 13
        Context c = new TokenBudgetSelector().select(query(), domeThenSpectro(), 15);
        assertThat(c.chunks().get(1).chunk().text()).isEqualTo("The spectrograph reaches a resolving");
        assertThat(c.tokens()).isEqualTo(15);
        assertThat(c.details()).containsEntry(TokenBudgetSelector.TRUNCATED,
                Map.of("chunkId", "spectro#0", "keptTokens", 7, "originalTokens", 26, "atSentence", false,
                        "rule", "head", "kept", List.of(0, 36), "cut", List.of(List.of(36, SPECTRO.length()))));
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

    /* The handbook's section: a heading, then five sentences; the dome is in the fourth. */
    private static final String HANDBOOK = "# Hilltop Observatory Handbook\n\n";
    private static final String INSTRUMENTS = "## Instruments\n\n"
            + "The main instrument is a 60-centimetre reflector installed in 2011. "
            + "Its focal length is 4.8 metres, which gives a focal ratio of f/8. "
            + "The mount can track objects for up to six hours without a meridian flip. "
            + "The dome is 6.5 metres wide and turns on twelve steel wheels. "
            + "Opening the shutter takes about ninety seconds.";

    /** The handbook's instruments chunk, at its offset in the document {@code HANDBOOK + INSTRUMENTS}. */
    private static ScoredChunk instruments() {
        int start = HANDBOOK.length();
        return new ScoredChunk(new Chunk("handbook#1", "handbook", "Handbook", "handbook.md", null, 1, INSTRUMENTS,
                P50K.count(INSTRUMENTS), start, start + INSTRUMENTS.length()), 0.8, null);
    }

    private static final TokenCounter P50K = TokenCounter.p50k();
    private static final TokenBudgetSelector WINDOW = TokenBudgetSelector.builder().relevantWindow(true).build();

    private static int tokens(String text) {
        return P50K.count(text);
    }

    @Test
    void theCutChunkKeepsTheWindowOfSentencesMostRelevantToTheQuestion() {
        String dome = "The dome is 6.5 metres wide and turns on twelve steel wheels.";
        String shutter = "Opening the shutter takes about ninety seconds.";
        int budget = tokens(dome + " " + shutter) + 1; // room for two sentences, not three
        ScoredChunk chunk = instruments();
        Context c = WINDOW.select(Query.of("How wide is the dome?"), List.of(chunk), budget);

        Chunk kept = c.chunks().get(0).chunk();
        assertThat(kept.text()).contains(dome).doesNotContain("## Instruments");
        assertThat(c.tokens()).isLessThanOrEqualTo(budget).isEqualTo(P50K.count(c.text()));
        // verbatim: the kept text is the document's text at the kept span
        assertThat((HANDBOOK + INSTRUMENTS).substring(kept.start(), kept.end())).isEqualTo(kept.text());
        assertThat(kept.id()).isEqualTo(chunk.id());
        @SuppressWarnings("unchecked")
        Map<String, Object> t = (Map<String, Object>) c.details().get(TokenBudgetSelector.TRUNCATED);
        assertThat(t).containsEntry("rule", "relevant-window").containsEntry("kept", List.of(kept.start(), kept.end()))
                .containsEntry("cut", List.of(List.of(chunk.chunk().start(), kept.start()),
                        List.of(kept.end(), chunk.chunk().end())).subList(0, kept.end() < chunk.chunk().end() ? 2 : 1))
                .containsEntry("relevance", 1.0);
    }

    @Test
    void withoutTheWindowTheHeadIsKept() {
        ScoredChunk chunk = instruments();
        int budget = tokens("The dome is 6.5 metres wide and turns on twelve steel wheels. Opening the shutter takes about ninety seconds.") + 1;
        TokenBudgetSelector head = TokenBudgetSelector.builder().relevantWindow(false).build();
        assertThat(new TokenBudgetSelector().select(Query.of("How wide is the dome?"), List.of(chunk), budget).chunks()
                .get(0).chunk().text()).as("the default keeps the window").contains("The dome is 6.5 metres wide");
        Context c = head.select(Query.of("How wide is the dome?"), List.of(chunk), budget);
        assertThat(c.chunks().get(0).chunk().text()).startsWith("## Instruments").doesNotContain("dome");
        assertThat(c.details().get(TokenBudgetSelector.TRUNCATED)).asString().contains("rule=head");
    }

    @Test
    void aChunkWithoutTheQuestionsTermsIsCutAtItsHeadAsBefore() {
        ScoredChunk chunk = instruments();
        int budget = 40;
        Context window = WINDOW.select(Query.of("When was the comet discovered?"), List.of(chunk), budget);
        Context head = TokenBudgetSelector.builder().relevantWindow(false).build()
                .select(Query.of("When was the comet discovered?"), List.of(chunk), budget);
        assertThat(window).isEqualTo(head);
        assertThat(new TokenBudgetSelector().assemble(List.of(chunk), budget, Map.of())).isEqualTo(head);
    }

    @Test
    void chunksThatFitWholeAreTheSameWithEitherRule() {
        List<ScoredChunk> cands = List.of(scored("dome#0", DOME, 6, 0.9), instruments());
        Query q = Query.of("How wide is the dome?");
        for (int budget = 8; budget < 80; budget += 7) {
            Context window = WINDOW.select(q, cands, budget);
            Context head = TokenBudgetSelector.builder().relevantWindow(false).build().select(q, cands, budget);
            assertThat(window.chunks().get(0)).isEqualTo(head.chunks().get(0));
            assertThat(window.chunks()).extracting(ScoredChunk::id).isEqualTo(head.chunks().stream().map(ScoredChunk::id).toList());
        }
    }

    @Test
    void aFillPieceUnderTheMinimumTokensIsSkipped() {
        // 6 + 2 separator tokens, then 13 of the spectrograph's first sentence: a 13-token fill piece
        TokenBudgetSelector strict = TokenBudgetSelector.builder().minFillTokens(14).build();
        Context c = strict.select(query(), domeThenSpectro(), 30);
        assertThat(c.chunks()).extracting(ScoredChunk::id).containsExactly("dome#0");
        assertThat(c.details()).containsEntry("truncatedChunks", 0).doesNotContainKey(TokenBudgetSelector.TRUNCATED)
                .containsEntry(TokenBudgetSelector.SKIPPED_FILL,
                        Map.of("chunkId", "spectro#0", "keptTokens", 13, "reason", "fewer than 14 tokens"));
        TokenBudgetSelector lenient = TokenBudgetSelector.builder().minFillTokens(13).build();
        assertThat(lenient.select(query(), domeThenSpectro(), 30).chunks()).hasSize(2);
    }

    @Test
    void aFillPieceUnderTheMinimumRelevanceIsSkippedButAFirstChunkIsAlwaysCut() {
        TokenBudgetSelector strict = TokenBudgetSelector.builder().minFillRelevance(0.5).build();
        Query dome = Query.of("When does the dome open?");
        Context c = strict.select(dome, domeThenSpectro(), 30);
        assertThat(c.chunks()).extracting(ScoredChunk::id).containsExactly("dome#0");
        assertThat(c.details().get(TokenBudgetSelector.SKIPPED_FILL)).asString().contains("relevance=0.0");
        Context first = TokenBudgetSelector.builder().minFillTokens(100).minFillRelevance(1).build()
                .select(dome, List.of(domeThenSpectro().get(1)), 15);
        assertThat(first.chunks()).extracting(ScoredChunk::id).containsExactly("spectro#0");
    }

    @Test
    void theBuilderFailsFast() {
        assertThatThrownBy(() -> TokenBudgetSelector.builder().minFillTokens(1).minFillTokens(2))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("minFillTokens");
        assertThatThrownBy(() -> TokenBudgetSelector.builder().relevantWindow(true).relevantWindow(false))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> TokenBudgetSelector.builder().minFillTokens(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> TokenBudgetSelector.builder().minFillRelevance(1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.5");
    }

    /** The contract with the relevant window and both fill minimums on. */
    @Nested
    class KeepingTheRelevantWindow extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return TokenBudgetSelector.builder().relevantWindow(true).minFillTokens(4).minFillRelevance(0.1).build();
        }
    }
}
