package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@link CombinationScorer} contract, for every implementation to extend. Over {@link #candidates()} (default:
 * eight of {@link TestChunks#candidates(long, int)}) and {@link #query()} (default {@link TestChunks#query()}) it
 * checks, for the scorer as given and as {@linkplain CombinationScorer#prepare prepared} for that pool, a batch of
 * ordered combinations of one to four distinct candidates:
 * <ul>
 *   <li>one finite score per combination, in input order, in a new array; an empty batch gives an empty array;</li>
 *   <li>a combination's score does not depend on the batch: alone, in the batch, in the reversed batch and through
 *       {@link CombinationScorer#score} it is the same (within {@link #tolerance()});</li>
 *   <li>the same batch gives the same scores on every call and from 4 threads at once;</li>
 *   <li>an empty combination, alone or in a batch, throws {@link IllegalArgumentException};</li>
 *   <li>{@link CombinationScorer#describe()} starts with {@code "name"}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #scorer()} (called once per check); override {@link #candidates()} and
 * {@link #query()} for a scorer that needs other input (the query's embedding has the candidates' dimension), and
 * {@link #tolerance()} for a model whose batched arithmetic differs in the last bits.
 */
public abstract class CombinationScorerContract {

    /** The scorer under test; called once per check. */
    protected abstract CombinationScorer scorer();

    /** The candidate pool the combinations are drawn from. Default: eight of {@link TestChunks#candidates(long, int)}. */
    protected List<ScoredChunk> candidates() {
        return TestChunks.candidates(11, 8);
    }

    /** The question, with its embedding. Default: {@link TestChunks#query()}. */
    protected Query query() {
        return TestChunks.query();
    }

    /** The largest difference allowed between two scores of one combination. Default 1e-9. */
    protected double tolerance() {
        return 1e-9;
    }

    /** Ordered combinations of distinct candidates: singles, pairs in both orders, a triple, a four. */
    private List<List<ScoredChunk>> combinations() {
        List<ScoredChunk> c = candidates();
        assertThat(c).as("the contract needs at least four candidates").hasSizeGreaterThanOrEqualTo(4);
        List<List<ScoredChunk>> out = new ArrayList<>();
        out.add(List.of(c.get(0)));
        out.add(List.of(c.get(c.size() - 1)));
        out.add(List.of(c.get(0), c.get(1)));
        out.add(List.of(c.get(1), c.get(0)));
        out.add(List.of(c.get(2), c.get(0), c.get(3)));
        out.add(List.of(c.get(3), c.get(2), c.get(1), c.get(0)));
        return out;
    }

    /** A scorer and how it was made, for messages. */
    private record Named(String name, CombinationScorer scorer) {
    }

    /** The scorer as given and as prepared for the pool. */
    private List<Named> scorers() {
        CombinationScorer prepared = scorer().prepare(query(), candidates());
        assertThat(prepared).as("prepare's scorer").isNotNull();
        return List.of(new Named("as given", scorer()), new Named("prepared", prepared));
    }

    private void assertScores(double[] actual, double[] expected, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Math.abs(actual[i] - expected[i])).as("%s, combination %d: %s against %s", what, i, actual[i],
                    expected[i]).isLessThanOrEqualTo(tolerance());
        }
    }

    @Test
    void oneFiniteScorePerCombinationInANewArray() {
        List<List<ScoredChunk>> batch = combinations();
        for (Named named : scorers()) {
            CombinationScorer scorer = named.scorer();
            double[] scores = scorer.scoreAll(query(), batch);
            assertThat(scores).as("%s: one score per combination", named.name()).hasSize(batch.size());
            for (int i = 0; i < scores.length; i++) {
                assertThat(Double.isFinite(scores[i])).as("%s: score %d (%s) is finite", named.name(), i, scores[i]).isTrue();
            }
            assertThat(scorer.scoreAll(query(), batch)).as("%s: a new array per call", named.name()).isNotSameAs(scores);
            assertThat(scorer.scoreAll(query(), List.of())).as("%s: an empty batch", named.name()).isEmpty();
        }
    }

    @Test
    void aCombinationsScoreDoesNotDependOnItsBatch() {
        List<List<ScoredChunk>> batch = combinations();
        for (Named named : scorers()) {
            CombinationScorer scorer = named.scorer();
            double[] together = scorer.scoreAll(query(), batch);
            double[] alone = new double[batch.size()];
            double[] single = new double[batch.size()];
            for (int i = 0; i < batch.size(); i++) {
                alone[i] = scorer.scoreAll(query(), List.of(batch.get(i)))[0];
                single[i] = scorer.score(query(), batch.get(i));
            }
            assertScores(alone, together, named.name() + ": alone against in the batch");
            assertScores(single, together, named.name() + ": score() against in the batch");
            List<List<ScoredChunk>> reversed = new ArrayList<>(batch);
            Collections.reverse(reversed);
            double[] back = scorer.scoreAll(query(), reversed);
            double[] unreversed = new double[back.length];
            for (int i = 0; i < back.length; i++) {
                unreversed[i] = back[back.length - 1 - i];
            }
            assertScores(unreversed, together, named.name() + ": in the reversed batch");
        }
    }

    @Test
    void deterministicAlsoFromFourThreadsAtOnce() throws Exception {
        List<List<ScoredChunk>> batch = combinations();
        for (Named named : scorers()) {
            CombinationScorer scorer = named.scorer();
            double[] expected = scorer.scoreAll(query(), batch);
            assertScores(scorer.scoreAll(query(), batch), expected, named.name() + ": a second call");
            for (double[] got : Concurrently.run(4, 8, () -> scorer.scoreAll(query(), batch))) {
                assertScores(got, expected, named.name() + ": from one of 4 threads");
            }
        }
    }

    @Test
    void anEmptyCombinationIsAProgrammingError() {
        List<ScoredChunk> c = candidates();
        for (Named named : scorers()) {
            CombinationScorer scorer = named.scorer();
            assertThatThrownBy(() -> scorer.scoreAll(query(), List.of(List.of()))).as("%s: alone", named.name())
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> scorer.scoreAll(query(), List.of(List.of(c.get(0)), List.of())))
                    .as("%s: in a batch", named.name()).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> scorer.score(query(), List.of())).as("%s: score()", named.name())
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void describesItselfByName() {
        assertThat(scorer().describe()).isNotEmpty();
        assertThat(scorer().describe().keySet().iterator().next()).isEqualTo("name");
    }
}
