package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@link ContextSelector} contract, for every implementation to extend. It checks, through the traced
 * {@link ContextSelector#select(Query, List, int, io.github.astrorag.core.spi.TraceSink) select}:
 * <ul>
 *   <li>the context never exceeds the budget, not by one token, counted by {@link #counter()}, for budgets
 *       1 to 13, random budgets up to 600, and budgets exactly at and one below the size of the first
 *       candidates joined; {@link Context#tokens()} is that count, {@link Context#budget()} the budget, and
 *       {@link Context#text()} the chunks' texts joined by {@link Context#SEPARATOR};</li>
 *   <li>every chunk is one of the candidates, at most once, its text the candidate's or one contiguous span of
 *       it, verbatim the candidate's text at the chunk's {@code [start, end)};</li>
 *   <li>the same input gives the same context, also from 4 threads at once;</li>
 *   <li>no candidates give an empty context; a budget of 0 or less throws {@link IllegalArgumentException}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #selector()}; override {@link #counter()} if the selector counts with
 * another encoding, and {@link #query()} or {@link #candidates(long, int)} if it needs other input (a query
 * embedding of its own dimension, say). Add the implementation's own tests to the subclass.
 */
public abstract class ContextSelectorContract {

    /** The selector under test; called once per check. */
    protected abstract ContextSelector selector();

    /** The counter the selector counts with. Default: p50k. */
    protected TokenCounter counter() {
        return TokenCounter.p50k();
    }

    /** The query every check selects for. Default: {@link TestChunks#query()}. */
    protected Query query() {
        return TestChunks.query();
    }

    /** Candidates, best first. Default: {@link TestChunks#candidates(long, int)}. */
    protected List<ScoredChunk> candidates(long seed, int n) {
        return TestChunks.candidates(seed, n);
    }

    private Context select(ContextSelector selector, List<ScoredChunk> candidates, int budget) {
        return selector.select(query(), candidates, budget, (key, value) -> { });
    }

    /** Every rule a context of {@code candidates} within {@code budget} must follow. */
    private void assertValid(Context context, List<ScoredChunk> candidates, int budget) {
        String where = "budget " + budget;
        int tokens = counter().count(context.text());
        assertThat(tokens).as("tokens of the context text, " + where).isLessThanOrEqualTo(budget);
        assertThat(context.tokens()).as("Context.tokens(), " + where).isEqualTo(tokens);
        assertThat(context.budget()).as("Context.budget(), " + where).isEqualTo(budget);
        assertThat(context.text()).as("Context.text(), " + where).isEqualTo(
                context.chunks().stream().map(c -> c.chunk().text()).collect(Collectors.joining(Context.SEPARATOR)));
        Map<String, ScoredChunk> given = candidates.stream()
                .collect(Collectors.toMap(ScoredChunk::id, Function.identity(), (a, b) -> a));
        assertThat(context.chunks()).as("chunk ids, " + where).extracting(ScoredChunk::id).doesNotHaveDuplicates();
        for (ScoredChunk c : context.chunks()) {
            assertThat(given).as("a candidate, " + where).containsKey(c.id());
            Chunk original = given.get(c.id()).chunk();
            assertThat(c.chunk().start()).as("start of " + c.id() + ", " + where).isGreaterThanOrEqualTo(original.start());
            assertThat(c.chunk().end()).as("end of " + c.id() + ", " + where).isLessThanOrEqualTo(original.end());
            assertThat(original.text().substring(c.chunk().start() - original.start(), c.chunk().end() - original.start()))
                    .as("text of " + c.id() + " at its span, " + where).isEqualTo(c.chunk().text());
        }
    }

    @Test
    void neverOverBudgetNotByOneToken() {
        ContextSelector selector = selector();
        List<ScoredChunk> cands = candidates(1, 6);
        for (int budget = 1; budget <= 13; budget++) {
            assertValid(select(selector, cands, budget), cands, budget);
        }
        Random r = new Random(11);
        for (int trial = 0; trial < 30; trial++) {
            int budget = 1 + r.nextInt(600);
            List<ScoredChunk> some = candidates(trial, 3 + r.nextInt(8));
            assertValid(select(selector, some, budget), some, budget);
        }
    }

    @Test
    void neverOverBudgetAtTheEdgeOfWholeChunks() {
        ContextSelector selector = selector();
        List<ScoredChunk> cands = candidates(2, 5);
        List<String> texts = new ArrayList<>();
        for (ScoredChunk c : cands) {
            texts.add(c.chunk().text());
            int whole = counter().count(String.join(Context.SEPARATOR, texts));
            for (int budget : new int[] {whole - 1, whole, whole + 1}) {
                assertValid(select(selector, cands, budget), cands, budget);
            }
        }
    }

    @Test
    void onlyGivenChunksAndTheirText() {
        List<ScoredChunk> cands = candidates(3, 8);
        Context context = select(selector(), cands, 400);
        assertThat(context.chunks()).isNotEmpty();
        assertValid(context, cands, 400);
    }

    @Test
    void deterministic() {
        List<ScoredChunk> cands = candidates(5, 9);
        assertThat(select(selector(), cands, 500)).isEqualTo(select(selector(), cands, 500));
    }

    @Test
    void sameContextFromFourThreadsAtOnce() throws Exception {
        ContextSelector selector = selector();
        List<ScoredChunk> cands = candidates(6, 7);
        Context expected = select(selector, cands, 300);
        assertThat(Concurrently.run(4, 8, () -> select(selector, cands, 300))).containsOnly(expected);
    }

    @Test
    void emptyCandidatesGiveEmptyContext() {
        Context context = select(selector(), List.of(), 100);
        assertThat(context.chunks()).isEmpty();
        assertThat(context.text()).isEmpty();
        assertThat(context.tokens()).isZero();
    }

    @Test
    void nonPositiveBudgetIsAProgrammingError() {
        ContextSelector selector = selector();
        List<ScoredChunk> cands = candidates(7, 3);
        assertThatThrownBy(() -> select(selector, cands, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> select(selector, cands, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
