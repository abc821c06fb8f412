package io.github.astrorag.mcts;

import static io.github.astrorag.mcts.Fixtures.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.Fixtures.TableScorer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MctsContextSelectorTest {

    private static final Query Q = Query.of("which chunks answer this?");
    private static final TokenCounter TOKENS = TokenCounter.p50k();

    private static final List<ScoredChunk> ABCD = List.of(
            chunk("A", "alpha facts about the question", 0.6),
            chunk("B", "bravo facts about the question", 0.5),
            chunk("C", "charlie looks relevant but misleads", 0.9),
            chunk("D", "delta is mostly noise", 0.1));

    /** Adding C to anything lowers the value; A and B together are best. */
    private static TableScorer subtractive() {
        return new TableScorer(k -> {
            if (k.contains("C") && k.length() > 1) {
                return 0.2;
            }
            return switch (k) {
                case "C" -> 0.9;
                case "A" -> 0.6;
                case "B" -> 0.5;
                case "D" -> 0.1;
                case "A,B", "B,A" -> 1.0;
                case "A,B,D", "A,D,B", "B,A,D", "B,D,A", "D,A,B", "D,B,A" -> 0.7;
                case "A,D", "D,A", "B,D", "D,B" -> 0.4;
                default -> 0.3;
            };
        });
    }

    /** Only the order B then A scores high. */
    private static TableScorer orderSensitive() {
        return TableScorer.of(Map.of("A", 0.8, "B", 0.7, "C", 0.2, "D", 0.1, "B,A", 1.0, "A,B", 0.5), 0.3);
    }

    private static String selected(Context c) {
        return Fixtures.ids(c.chunks());
    }

    @Test
    void findsTheExhaustiveOptimumWhenAddingAChunkLowersTheValue() {
        TableScorer scorer = subtractive();
        Context mcts = MctsContextSelector.builder().scorer(scorer).costWeight(0).build().select(Q, ABCD, 200);
        Context exhaustive = ExhaustiveContextSelector.builder().scorer(scorer).costWeight(0).build().select(Q, ABCD, 200);
        Context greedy = GreedyContextSelector.builder().scorer(scorer).build().select(Q, ABCD, 200);

        assertThat(selected(exhaustive)).isEqualTo("A,B");
        assertThat(selected(mcts)).isEqualTo("A,B");
        assertThat(mcts.details()).containsEntry("score", 1.0);
        // greedy takes C first (best alone), then everything else that fits: value 0.2
        assertThat(selected(greedy)).isEqualTo("C,A,B,D");
        assertThat(scorer.score(Q, greedy.chunks())).isEqualTo(0.2);
    }

    @Test
    void findsTheExhaustiveOptimumWhenTheOrderChangesTheValue() {
        TableScorer scorer = orderSensitive();
        Context mcts = MctsContextSelector.builder().scorer(scorer).costWeight(0).build().select(Q, ABCD, 200);
        Context exhaustive = ExhaustiveContextSelector.builder().scorer(scorer).costWeight(0).build().select(Q, ABCD, 200);
        Context greedy = GreedyContextSelector.builder().scorer(scorer).build().select(Q, ABCD, 200);

        assertThat(selected(exhaustive)).isEqualTo("B,A");
        assertThat(selected(mcts)).isEqualTo("B,A");
        assertThat(selected(greedy)).startsWith("A,B");
        assertThat(scorer.score(Q, greedy.chunks())).isEqualTo(0.3);
    }

    @Test
    void costWeightTradesValueForTokens() {
        // without a cost A,B (1.0) wins; at lambda = 10 every token costs 0.05 at B = 200, so one chunk wins
        TableScorer scorer = subtractive();
        Context costly = MctsContextSelector.builder().scorer(scorer).costWeight(10).build().select(Q, ABCD, 200);
        Context upper = ExhaustiveContextSelector.builder().scorer(scorer).costWeight(10).build().select(Q, ABCD, 200);
        assertThat(selected(costly)).isEqualTo(selected(upper));
        assertThat(costly.chunks()).hasSize(1);
        double expected = Double.NEGATIVE_INFINITY;
        for (ScoredChunk c : ABCD) {
            expected = Math.max(expected, scorer.score(Q, List.of(c)) - 10.0 * c.chunk().tokens() / 200);
        }
        assertThat((double) costly.details().get("utility")).isCloseTo(expected, within(1e-12));
    }

    @Test
    void neverReturnsTheEmptyContextWhenAChunkFits() {
        TableScorer negative = new TableScorer(k -> -5.0 - k.length());
        Context c = MctsContextSelector.builder().scorer(negative).build().select(Q, ABCD, 200);
        assertThat(c.chunks()).hasSize(1);
        assertThat(c.details()).containsEntry("score", -6.0);
    }

    @Test
    void cutsTheBestCandidateWhenNoneFitsWhole() {
        List<ScoredChunk> big = List.of(chunk("X", "one two three four five six seven eight nine ten", 0.4),
                chunk("Y", "eleven twelve thirteen fourteen fifteen sixteen seventeen", 0.9));
        Context c = MctsContextSelector.defaults().select(Q, big, 3);
        assertThat(c.chunks()).hasSize(1);
        assertThat(c.chunks().get(0).id()).isEqualTo("Y");
        assertThat(c.text()).isEqualTo("eleven twelve"); // "thirteen" is two tokens
        assertThat(c.tokens()).isEqualTo(3); // the whole budget
    }

    @Test
    void returnsAnEmptyContextForNoCandidates() {
        assertThat(MctsContextSelector.defaults().select(Q, List.of(), 50).isEmpty()).isTrue();
    }

    @Test
    void tracesIterationsCallsPathAndUtility() {
        List<ScoredChunk> many = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            many.add(chunk("c" + i, "chunk number " + i + " with some words", 0.1 * i));
        }
        TableScorer scorer = new TableScorer(k -> k.length() % 7 / 7.0);
        Map<String, Object> trace = new HashMap<>();
        Context c = MctsContextSelector.builder().scorer(scorer).build().select(Q, many, 1000, trace::put);
        assertThat(trace).containsEntry("iterations", 10).containsEntry("nodesExpanded", 10)
                .containsEntry("scorerCalls", 10).containsEntry("path", c.chunks().stream().map(ScoredChunk::id).toList());
        assertThat(scorer.calls.get()).isEqualTo(10);
        // root: 8 children; then each of the 8 (unvisited first) with 7 children; then one grandchild with 6
        assertThat(trace).containsEntry("combinationsScored", 8 + 8 * 7 + 6);
        assertThat(scorer.combinations.get()).isEqualTo(8 + 8 * 7 + 6);
        double score = (double) trace.get("score");
        assertThat(score).isEqualTo(scorer.score(Q, c.chunks()));
        assertThat((double) trace.get("utility")).isCloseTo(score - 0.1 * TOKENS.count(c.text()) / 1000, within(1e-12));
    }

    @Test
    void stopsEarlyWhenTheTreeIsExhausted() {
        TableScorer scorer = new TableScorer(k -> 0.5);
        Context c = MctsContextSelector.builder().scorer(scorer).iterations(1000).build().select(Q, ABCD.subList(0, 3), 500);
        // 3 candidates: 1 root + 3 + 6 nodes of depth <= 2 expanded = 1 + 3 + 6 expansions with children (depth-3 leaves have none)
        assertThat(c.details()).containsEntry("iterations", 1 + 3 + 6).containsEntry("combinationsScored", 3 + 6 + 6);
    }

    @Test
    void runsEachScoringBatchOnTheSuppliedExecutor() {
        AtomicInteger tasks = new AtomicInteger();
        Executor counting = r -> {
            tasks.incrementAndGet();
            r.run();
        };
        Context c = MctsContextSelector.builder().scorer(subtractive()).executor(counting).build().select(Q, ABCD, 200);
        assertThat(tasks.get()).isEqualTo((int) c.details().get("scorerCalls")).isPositive();
    }

    @Test
    void isDeterministicForAGivenSeed() {
        HashingEmbedder embedder = new HashingEmbedder();
        List<ScoredChunk> pool = randomPool(new Random(7), 10, embedder);
        Query q = Query.of("alpha gamma omega");
        MctsContextSelector s = MctsContextSelector.builder().seed(3).build();
        Context first = s.select(q, pool, 150);
        Context second = MctsContextSelector.builder().seed(3).executor(Runnable::run).build().select(q, pool, 150);
        assertThat(second.chunks()).isEqualTo(first.chunks());
        assertThat(second.text()).isEqualTo(first.text());
        assertThat(second.details()).isEqualTo(first.details());
    }

    @Test
    void overManySeedsAndBudgetsNeverEmptyUncutWhenAChunkFitsAndExhaustiveIsAnUpperBound() {
        HashingEmbedder embedder = new HashingEmbedder();
        Random random = new Random(20240601);
        for (int i = 0; i < 200; i++) {
            int n = 3 + random.nextInt(6);
            List<ScoredChunk> pool = randomPool(random, n, embedder);
            int budget = 5 + random.nextInt(400);
            Query q = Query.of(String.join(" ", words(random, 4)));
            MctsContextSelector mcts = MctsContextSelector.builder().seed(random.nextLong())
                    .iterations(1 + random.nextInt(20)).executor(Runnable::run).build();
            Context m = mcts.select(q, pool, budget);
            Context g = GreedyContextSelector.builder().executor(Runnable::run).build().select(q, pool, budget);
            Context e = ExhaustiveContextSelector.builder().maxChunks(4).executor(Runnable::run).build().select(q, pool, budget);
            boolean oneFits = pool.stream().anyMatch(c -> c.chunk().tokens() <= budget);
            for (Context c : List.of(m, g, e)) {
                String where = "case " + i + " budget " + budget + " " + c.details().get("selector");
                assertThat(c.chunks()).as(where).isNotEmpty();
                if (oneFits) {
                    assertThat(c.details()).as(where).containsEntry("truncatedChunks", 0);
                }
            }
            if (oneFits && m.chunks().size() <= 4) {
                assertThat((double) e.details().get("utility")).as("case " + i)
                        .isGreaterThanOrEqualTo((double) m.details().get("utility") - 1e-12);
            }
        }
    }

    @Test
    void builderFailsFast() {
        assertThatThrownBy(() -> MctsContextSelector.builder().iterations(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("100000").hasMessageContaining("was 0");
        assertThatThrownBy(() -> MctsContextSelector.builder().exploration(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1.0");
        assertThatThrownBy(() -> MctsContextSelector.builder().costWeight(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
        assertThatThrownBy(() -> MctsContextSelector.builder().iterations(5).iterations(6))
                .isInstanceOf(IllegalStateException.class).hasMessage("iterations was already set");
        assertThatThrownBy(() -> MctsContextSelector.defaults().select(Q, ABCD, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was 0");
        MctsContextSelector derived = MctsContextSelector.defaults().toBuilder().iterations(20).costWeight(0.3).build();
        assertThat(derived.iterations()).isEqualTo(20);
        assertThat(derived.costWeight()).isEqualTo(0.3);
        assertThat(derived.exploration()).isEqualTo(MctsContextSelector.DEFAULT_EXPLORATION);
    }

    static List<ScoredChunk> randomPool(Random random, int n, HashingEmbedder embedder) {
        List<ScoredChunk> pool = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            String text = String.join(" ", words(random, 1 + random.nextInt(120)));
            float[] v = embedder.embedDocuments(List.of(text)).get(0);
            pool.add(chunk("doc" + j, text, Vectors.dot(v, embedder.embedQuery("alpha gamma omega")), v));
        }
        return pool;
    }

    private static final String[] VOCABULARY = {"alpha", "beta", "gamma", "delta", "omega", "star", "planet", "orbit",
        "Andromeda", "galaxy", "light-year", "1.5e6", "Ω", "résumé", "the", "of", "and", "line\nbreak", "nebula,", "(redshift)"};

    static List<String> words(Random random, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(VOCABULARY[random.nextInt(VOCABULARY.length)]);
        }
        return out;
    }
}
