package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link EmbeddingCache} contract, for every implementation to extend. It checks:
 * <ul>
 *   <li>a lookup returns, per text and in order, {@code null} or the vector stored for that space and that exact
 *       text, bit for bit (negative zero, subnormals, the largest floats), never another text's or another space's
 *       (also where space and text concatenate alike, or a text differs by white space or case);</li>
 *   <li>a cache with room keeps what it was given (see {@link #keepsWhatItStores()}): the same text asked twice in
 *       one lookup comes back twice, a later store replaces the vector, vectors of any length are kept;</li>
 *   <li>arrays are copied both ways: changing a stored or a returned array changes nothing in the cache;</li>
 *   <li>an empty lookup gives an empty list; texts and vectors of different lengths throw
 *       {@link IllegalArgumentException};</li>
 *   <li>{@code clear} forgets every entry; {@code stats} holds {@code entries}, the vectors held;</li>
 *   <li>from 4 threads storing and looking up at once, every lookup gets {@code null} or the right vector;</li>
 *   <li>{@code close} is idempotent, and afterwards lookups miss and stores are dropped, without an exception.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #newCache()} (a new, empty cache per call; the contract closes every cache it
 * made after each check). Override {@link #keepsWhatItStores()} for a cache that may forget an entry at once: the
 * checks then accept a miss wherever a hit was expected, but never a wrong vector.
 */
public abstract class EmbeddingCacheContract {

    /** Two spaces, as a pipeline names them: an embedder's fingerprint and the kind of text. */
    public static final String PASSAGES = "hashing-64/passage";
    /** The queries of the same embedder. */
    public static final String QUERIES = "hashing-64/query";

    private final List<EmbeddingCache> made = new ArrayList<>();

    /** A new, empty cache. */
    protected abstract EmbeddingCache newCache();

    /**
     * Whether a cache with room for a few hundred small vectors returns each right after it was stored. Default
     * true; a cache that may forget at any time (a no-op cache) returns false, and then a miss is accepted where a
     * hit was expected.
     */
    protected boolean keepsWhatItStores() {
        return true;
    }

    private EmbeddingCache cache() {
        EmbeddingCache c = newCache();
        made.add(c);
        return c;
    }

    @AfterEach
    void closeCaches() {
        made.forEach(EmbeddingCache::close);
    }

    private static float[] vector(Random r, int dim) {
        float[] v = new float[dim];
        for (int i = 0; i < dim; i++) {
            v[i] = r.nextFloat() * 2 - 1;
        }
        return v;
    }

    /** Fails unless {@code actual} is {@code null} or {@code expected}, bit for bit. */
    private static void nullOrExactly(float[] actual, float[] expected, String what) {
        if (actual == null) {
            return;
        }
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(Float.floatToRawIntBits(actual[i])).as("%s, component %d", what, i)
                    .isEqualTo(Float.floatToRawIntBits(expected[i]));
        }
    }

    private void exactly(float[] actual, float[] expected, String what) {
        if (keepsWhatItStores()) {
            assertThat(actual).as(what + " was kept").isNotNull();
        }
        nullOrExactly(actual, expected, what);
    }

    @Test
    void returnsOnlyTheVectorOfThatSpaceAndThatExactTextBitForBit() {
        EmbeddingCache cache = cache();
        float[] odd = {-0.0f, Float.MIN_VALUE, 1.0000001f, -Float.MAX_VALUE, Float.MIN_NORMAL, 0.0f};
        float[] other = {1, 2, 3, 4, 5, 6};
        float[] query = {6, 5, 4, 3, 2, 1};
        cache.putAll(PASSAGES, List.of("Saturn's rings", "ab"), List.of(odd, other));
        cache.putAll(QUERIES, List.of("Saturn's rings"), List.of(query));
        List<float[]> got = cache.getAll(PASSAGES, List.of("Saturn's rings", "missing", "ab", "Saturn's rings"));
        assertThat(got).hasSize(4);
        exactly(got.get(0), odd, "the stored text");
        assertThat(got.get(1)).as("a text never stored").isNull();
        exactly(got.get(2), other, "the second text");
        exactly(got.get(3), odd, "the same text asked twice in one lookup");
        exactly(cache.getAll(QUERIES, List.of("Saturn's rings")).get(0), query, "the same text in the other space");
        for (String near : List.of("Saturn's rings ", " Saturn's rings", "saturn's rings", "Saturn's  rings", "Saturn's ring")) {
            assertThat(cache.getAll(PASSAGES, List.of(near))).as("'%s'", near).containsExactly((float[]) null);
        }
        // space + text concatenate alike: "hashing-64/passage" + "ab" against "hashing-64/passagea" + "b"
        assertThat(cache.getAll(PASSAGES + "a", List.of("b"))).containsExactly((float[]) null);
        assertThat(cache.getAll(PASSAGES, List.of("a"))).containsExactly((float[]) null);
        assertThat(cache.getAll("another-model/passage", List.of("Saturn's rings"))).containsExactly((float[]) null);
    }

    @Test
    void keepsUnusualTextsAndVectorsOfAnyLengthAndALaterStoreReplaces() {
        EmbeddingCache cache = cache();
        Random r = new Random(3);
        List<String> texts = List.of("", " ", "Ωμέγα Κενταύρου ☉ 🚀", "a\u0000b", "line\nbreak\ttab",
                "The Andromeda galaxy lies about two and a half million light-years away. ".repeat(200));
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            vectors.add(vector(r, i == 0 ? 1 : 384));
        }
        cache.putAll(PASSAGES, texts, vectors);
        List<float[]> got = cache.getAll(PASSAGES, texts);
        for (int i = 0; i < texts.size(); i++) {
            exactly(got.get(i), vectors.get(i), "text " + i);
        }
        float[] newer = vector(r, 384);
        cache.putAll(PASSAGES, List.of(texts.get(2)), List.of(newer));
        exactly(cache.getAll(PASSAGES, List.of(texts.get(2))).get(0), newer, "the vector stored later");
    }

    @Test
    void copiesArraysBothWays() {
        EmbeddingCache cache = cache();
        float[] stored = {1, 2, 3};
        cache.putAll(PASSAGES, List.of("t"), List.of(stored));
        stored[0] = 99;
        float[] first = cache.getAll(PASSAGES, List.of("t")).get(0);
        exactly(first, new float[] {1, 2, 3}, "after the caller changed the array it stored");
        if (first != null) {
            first[1] = 99;
        }
        exactly(cache.getAll(PASSAGES, List.of("t")).get(0), new float[] {1, 2, 3},
                "after the caller changed a returned array");
    }

    @Test
    void emptyLookupsAndMismatchedStores() {
        EmbeddingCache cache = cache();
        assertThat(cache.getAll(PASSAGES, List.of())).isEmpty();
        assertThatCode(() -> cache.putAll(PASSAGES, List.of(), List.of())).doesNotThrowAnyException();
        assertThatThrownBy(() -> cache.putAll(PASSAGES, List.of("a", "b"), List.of(new float[] {1})))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(cache.getAll(PASSAGES, List.of("a"))).as("nothing of a refused store").containsExactly((float[]) null);
    }

    @Test
    void clearForgetsEverythingAndStatsCountTheEntries() {
        EmbeddingCache cache = cache();
        cache.putAll(PASSAGES, List.of("a", "b"), List.of(new float[] {1, 0}, new float[] {0, 1}));
        cache.putAll(QUERIES, List.of("a"), List.of(new float[] {1, 1}));
        Map<String, Object> stats = cache.stats();
        assertThat(stats).containsKey("entries");
        assertThat(((Number) stats.get("entries")).longValue()).as("entries").isBetween(0L, 3L);
        if (keepsWhatItStores()) {
            assertThat(((Number) stats.get("entries")).longValue()).as("entries").isEqualTo(3L);
        }
        cache.clear();
        assertThat(cache.getAll(PASSAGES, List.of("a", "b"))).containsExactly(null, null);
        assertThat(cache.getAll(QUERIES, List.of("a"))).containsExactly((float[]) null);
        assertThat(((Number) cache.stats().get("entries")).longValue()).as("entries after clear").isZero();
        assertThat(cache.describe().keySet().iterator().next()).isEqualTo("name");
    }

    @Test
    void concurrentStoresAndLookupsGetTheRightVectorOrNone() throws Exception {
        EmbeddingCache cache = cache();
        Random r = new Random(5);
        List<String> texts = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            texts.add("chunk text number " + i);
            vectors.add(vector(r, 16));
        }
        AtomicInteger calls = new AtomicInteger();
        Concurrently.run(4, 40, () -> {
            int call = calls.getAndIncrement();
            int from = (call * 17) % 180;
            List<String> some = texts.subList(from, from + 20);
            if (call % 2 == 0) {
                cache.putAll(PASSAGES, some, vectors.subList(from, from + 20));
            }
            List<float[]> got = cache.getAll(PASSAGES, some);
            for (int i = 0; i < some.size(); i++) {
                nullOrExactly(got.get(i), vectors.get(from + i), some.get(i));
            }
            return got.size();
        });
        List<float[]> all = cache.getAll(PASSAGES, texts);
        for (int i = 0; i < texts.size(); i++) {
            nullOrExactly(all.get(i), vectors.get(i), texts.get(i));
        }
    }

    @Test
    void closeIsIdempotentAndAfterItLookupsMissAndStoresAreDropped() {
        EmbeddingCache cache = cache();
        cache.putAll(PASSAGES, List.of("a"), List.of(new float[] {1, 0}));
        cache.close();
        assertThatCode(cache::close).doesNotThrowAnyException();
        assertThat(cache.getAll(PASSAGES, List.of("a"))).containsExactly((float[]) null);
        assertThatCode(() -> cache.putAll(PASSAGES, List.of("b"), List.of(new float[] {0, 1}))).doesNotThrowAnyException();
        assertThat(cache.getAll(PASSAGES, List.of("b"))).containsExactly((float[]) null);
    }
}
