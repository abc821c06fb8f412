package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@link Embedder} contract, for every implementation to extend. It checks, for {@link #TEXTS} (short,
 * long, non-ASCII, punctuation only, repeated):
 * <ul>
 *   <li>one vector per text, in order, each of {@link Embedder#dimension()} finite components with unit L2
 *       norm (within 1e-4); {@link Embedder#embedQuery} too;</li>
 *   <li>a text gets the same vector alone, in a batch, in the reversed batch, on every call, and from 4
 *       threads embedding at once (within {@link #tolerance()} per component);</li>
 *   <li>an empty input gives an empty output; {@code embedQuery} is deterministic.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #embedder()} (it is called once per check: return a shared instance if
 * it is costly to make, and close it in the subclass); override {@link #tolerance()} for a model whose
 * batched arithmetic differs in the last bits.
 */
public abstract class EmbedderContract {

    /** The texts every check embeds. */
    public static final List<String> TEXTS = List.of(
            "A comet's tail points away from the Sun.",
            "Red giant",
            "Das Licht der Sonne braucht acht Minuten bis zur Erde; Ωμέγα Κενταύρου est un amas globulaire.",
            "?!",
            ("The Andromeda galaxy, our nearest large neighbour, lies about 2.5 million light-years away and will "
                    + "merge with the Milky Way in a few billion years. ").repeat(12),
            "A comet's tail points away from the Sun.");

    /** The embedder under test; called once per check. */
    protected abstract Embedder embedder();

    /** The largest difference allowed between two vectors of one text. Default 1e-6. */
    protected double tolerance() {
        return 1e-6;
    }

    private void assertUnit(Embedder embedder, float[] v, String what) {
        assertThat(v).as(what).hasSize(embedder.dimension());
        double norm = 0;
        for (float x : v) {
            assertThat(Float.isFinite(x)).as("finite components of " + what).isTrue();
            norm += (double) x * x;
        }
        assertThat(Math.sqrt(norm)).as("norm of " + what).isCloseTo(1.0, within(1e-4));
    }

    private void assertSame(List<float[]> actual, List<float[]> expected, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as(what + ", text " + i).containsExactly(expected.get(i), within((float) tolerance()));
        }
    }

    @Test
    void oneUnitFiniteVectorOfTheDimensionPerText() {
        Embedder embedder = embedder();
        assertThat(embedder.dimension()).isPositive();
        List<float[]> vectors = embedder.embedDocuments(TEXTS);
        assertThat(vectors).hasSameSizeAs(TEXTS);
        for (int i = 0; i < vectors.size(); i++) {
            assertUnit(embedder, vectors.get(i), "text " + i);
        }
        assertUnit(embedder, embedder.embedQuery(TEXTS.get(0)), "a query");
    }

    @Test
    void sameVectorWhateverTheBatchAndOnEveryCall() {
        Embedder embedder = embedder();
        List<float[]> batch = embedder.embedDocuments(TEXTS);
        List<float[]> alone = new ArrayList<>();
        for (String t : TEXTS) {
            alone.add(embedder.embedDocuments(List.of(t)).get(0));
        }
        assertSame(alone, batch, "alone against in the batch");
        List<String> reversed = new ArrayList<>(TEXTS);
        Collections.reverse(reversed);
        List<float[]> back = new ArrayList<>(embedder.embedDocuments(reversed));
        Collections.reverse(back);
        assertSame(back, batch, "in the reversed batch");
        assertSame(embedder.embedDocuments(TEXTS), batch, "a second call");
        assertSame(List.of(batch.get(5)), List.of(batch.get(0)), "the same text twice in one batch");
    }

    @Test
    void sameVectorsFromFourThreadsAtOnce() throws Exception {
        Embedder embedder = embedder();
        List<float[]> expected = embedder.embedDocuments(TEXTS);
        for (List<float[]> got : Concurrently.run(4, 8, () -> embedder.embedDocuments(TEXTS))) {
            assertSame(got, expected, "from one of 4 threads");
        }
    }

    @Test
    void emptyInputGivesEmptyOutput() {
        assertThat(embedder().embedDocuments(List.of())).isEmpty();
    }

    @Test
    void embedQueryIsDeterministic() {
        Embedder embedder = embedder();
        float[] first = embedder.embedQuery("How far away is the Andromeda galaxy?");
        assertSame(List.of(embedder.embedQuery("How far away is the Andromeda galaxy?")), List.of(first), "embedQuery");
    }
}
