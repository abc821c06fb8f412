package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link EphemeralIndex} contract, for every implementation to extend. It checks: search by cosine,
 * best first, ties by ascending chunk id, at most k (k above the size gives all), each hit with its vector;
 * k of 0 or less throws {@link IllegalArgumentException}; {@code size}, {@code chunks} (in the order added)
 * and {@code vector}; bad input to {@code add} ({@link IndexException}); two indexes of one factory share
 * nothing; close is idempotent and afterwards every method but {@code name}, {@code kind} and
 * {@code isClosed} throws {@link IndexException}; concurrent searches agree; {@code remove(documentId)} drops
 * every chunk of that document at once (search, {@code chunks}, {@code size}, {@code vector}), returns their
 * number, lets the ids be added again, and changes the {@code revision}; a search after an {@code add} or a
 * {@code remove} sees it; searches running during adds and removes see a document whole or not at all.
 *
 * <p>To extend it, implement {@link #newIndex(int)} (indexes of one factory). A subclass, or a later
 * check here, makes its indexes with {@link #index(int)}, which closes them after each check, and its
 * chunks with {@link #chunk(String, int, String)}.
 */
public abstract class EphemeralIndexContract {

    /** A new empty index for vectors of {@code dimension} components. */
    protected abstract EphemeralIndex newIndex(int dimension);

    private final List<EphemeralIndex> made = new ArrayList<>();

    /** A new index from {@link #newIndex(int)}, closed after the check. */
    protected final EphemeralIndex index(int dimension) {
        EphemeralIndex index = newIndex(dimension);
        made.add(index);
        return index;
    }

    @AfterEach
    void closeAll() {
        made.forEach(EphemeralIndex::close);
    }

    /** A chunk of document {@code doc} with ordinal {@code n}. */
    protected static Chunk chunk(String doc, int n, String text) {
        return new Chunk(Chunk.idOf(doc, n), doc, doc, doc + ".txt", null, n, text, 3, 0, text.length());
    }

    /** The vector of the given components. */
    protected static float[] v(float... xs) {
        return xs;
    }

    @Test
    void searchIsByCosineDescendingWithVectors() {
        EphemeralIndex index = index(3);
        index.add(List.of(chunk("d", 0, "x"), chunk("d", 1, "y"), chunk("d", 2, "z")),
                List.of(v(1, 0, 0), v(0.6f, 0.8f, 0), v(0, 0, 1)));
        List<ScoredChunk> hits = index.search(v(1, 0, 0), 3);
        assertThat(hits).extracting(ScoredChunk::id).containsExactly("d#0", "d#1", "d#2");
        assertThat(hits.get(0).score()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(hits.get(1).score()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(hits.get(2).score()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(hits.get(1).embedding()).containsExactly(new float[] {0.6f, 0.8f, 0}, org.assertj.core.data.Offset.offset(1e-5f));
    }

    @Test
    void kLimitsResultsAndTiesBreakByChunkId() {
        EphemeralIndex index = index(2);
        index.add(List.of(chunk("b", 0, "x"), chunk("a", 0, "y"), chunk("c", 0, "z")),
                List.of(v(1, 0), v(1, 0), v(0, 1)));
        assertThat(index.search(v(1, 0), 2)).extracting(ScoredChunk::id).containsExactly("a#0", "b#0");
        assertThat(index.search(v(1, 0), 10)).hasSize(3);
    }

    @Test
    void chunksAndVectorsComeBackAsAdded() {
        EphemeralIndex index = index(2);
        index.add(List.of(chunk("d", 0, "first")), List.of(v(1, 0)));
        index.add(List.of(chunk("d", 1, "second")), List.of(v(0, 1)));
        assertThat(index.size()).isEqualTo(2);
        assertThat(index.chunks()).extracting(Chunk::text).containsExactly("first", "second");
        assertThat(index.vector("d#1")).containsExactly(0f, 1f);
    }

    @Test
    void rejectsBadInput() {
        EphemeralIndex index = index(2);
        assertThatThrownBy(() -> index.add(List.of(chunk("d", 0, "x")), List.of(v(1, 0, 0))))
                .isInstanceOf(IndexException.class).hasMessageContaining("dimension");
        assertThatThrownBy(() -> index.add(List.of(chunk("d", 0, "x")), List.of()))
                .isInstanceOf(IndexException.class);
        assertThatThrownBy(() -> index.add(List.of(chunk("d", 0, "x")), List.of(v(Float.NaN, 0))))
                .isInstanceOf(IndexException.class);
        index.add(List.of(chunk("d", 0, "x")), List.of(v(1, 0)));
        assertThatThrownBy(() -> index.add(List.of(chunk("d", 0, "x")), List.of(v(1, 0))))
                .isInstanceOf(IndexException.class).hasMessageContaining("duplicate");
        assertThatThrownBy(() -> index.search(v(1, 0), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.search(v(1, 0), -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> index.search(v(1, 0, 0), 1)).isInstanceOf(IndexException.class);
    }

    @Test
    void closeDeletesIsIdempotentAndForbidsUse() {
        EphemeralIndex index = index(2);
        index.add(List.of(chunk("d", 0, "x")), List.of(v(1, 0)));
        assertThat(index.isClosed()).isFalse();
        index.close();
        index.close();
        assertThat(index.isClosed()).isTrue();
        assertThat(index.name()).isNotBlank();
        assertThat(index.kind()).isNotBlank();
        assertThatThrownBy(() -> index.search(v(1, 0), 1)).isInstanceOf(IndexException.class);
        assertThatThrownBy(() -> index.add(List.of(chunk("d", 1, "y")), List.of(v(0, 1)))).isInstanceOf(IndexException.class);
        assertThatThrownBy(() -> index.vector("d#0")).isInstanceOf(IndexException.class);
        assertThatThrownBy(index::chunks).isInstanceOf(IndexException.class);
        assertThatThrownBy(index::size).isInstanceOf(IndexException.class);
    }

    @Test
    void indexesAreIsolated() {
        EphemeralIndex one = index(2);
        EphemeralIndex two = index(2);
        assertThat(one.name()).isNotEqualTo(two.name());
        one.add(List.of(chunk("one", 0, "x")), List.of(v(1, 0)));
        two.add(List.of(chunk("two", 0, "y")), List.of(v(1, 0)));
        assertThat(one.search(v(1, 0), 5)).extracting(ScoredChunk::id).containsExactly("one#0");
        assertThat(two.search(v(1, 0), 5)).extracting(ScoredChunk::id).containsExactly("two#0");
    }

    @Test
    void concurrentSearchesAgree() throws Exception {
        EphemeralIndex index = index(4);
        List<Chunk> chunks = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 60; i++) {
            chunks.add(chunk("d", i, "t" + i));
            vectors.add(v(random.nextFloat(), random.nextFloat(), random.nextFloat(), random.nextFloat()));
        }
        index.add(chunks, vectors);
        List<String> expected = index.search(v(1, 2, 3, 4), 5).stream().map(ScoredChunk::id).toList();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                futures.add(pool.submit(() -> index.search(v(1, 2, 3, 4), 5).stream().map(ScoredChunk::id).toList()));
            }
            for (Future<List<String>> f : futures) {
                assertThat(f.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- metadata filter: the index applies a query's MetadataFilter before ranking ----

    private static Chunk tagged(String doc, Map<String, String> metadata) {
        return new Chunk(Chunk.idOf(doc, 0), doc, doc, doc + ".txt", null, 0, "text of " + doc, 3, 0, 7, metadata);
    }

    /** Four chunks whose cosines to (1, 0) are 1, 0.8, 0.6 and 0; d has no "year". */
    private EphemeralIndex taggedIndex() {
        EphemeralIndex index = index(2);
        index.add(List.of(tagged("a", Map.of("type", "pdf", "year", "2024")), tagged("b", Map.of("type", "md", "year", "2024")),
                        tagged("c", Map.of("type", "txt", "year", "2023")), tagged("d", Map.of("type", "pdf"))),
                List.of(v(1, 0), v(0.8f, 0.6f), v(0.6f, 0.8f), v(0, 1)));
        return index;
    }

    private static List<String> ids(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }

    @Test
    void metadataFilterAppliesBeforeRanking() {
        EphemeralIndex index = taggedIndex();
        assertThat(ids(index.search(v(1, 0), 5, MetadataFilter.NONE))).containsExactly("a#0", "b#0", "c#0", "d#0");
        // equality; the k results come from the matching chunks only
        assertThat(ids(index.search(v(1, 0), 5, MetadataFilter.where("type").is("pdf")))).containsExactly("a#0", "d#0");
        assertThat(ids(index.search(v(1, 0), 1, MetadataFilter.where("type").is("txt")))).containsExactly("c#0");
        // set membership
        assertThat(ids(index.search(v(1, 0), 2, MetadataFilter.where("type").in("md", "txt")))).containsExactly("b#0", "c#0");
        // AND
        assertThat(ids(index.search(v(1, 0), 5, MetadataFilter.where("year").is("2024").and("type").in("pdf", "txt"))))
                .containsExactly("a#0");
        // no match
        assertThat(index.search(v(1, 0), 5, MetadataFilter.where("type").is("docx"))).isEmpty();
        assertThat(index.search(v(1, 0), 5, MetadataFilter.where("type").is("pdf").and("type").is("md"))).isEmpty();
        // a key the chunk lacks matches nothing: d has no year
        assertThat(ids(index.search(v(1, 0), 5, MetadataFilter.where("year").in("2023", "2024")))).containsExactly("a#0", "b#0", "c#0");
        assertThat(index.search(v(1, 0), 5, MetadataFilter.where("colour").is("red"))).isEmpty();
        // scores are the unfiltered ones
        assertThat(index.search(v(1, 0), 1, MetadataFilter.where("type").is("md")).get(0).score())
                .isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-5));
    }

    @Test
    void metadataFilterReturnsKHitsWhenManyNearerChunksDoNotMatch() {
        EphemeralIndex index = index(2);
        List<Chunk> chunks = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            chunks.add(tagged(String.format("near%02d", i), Map.of("type", "md")));
            vectors.add(v(1, 0.001f * i));
        }
        for (int i = 0; i < 3; i++) {
            chunks.add(tagged("far" + i, Map.of("type", "pdf")));
            vectors.add(v(0.1f * i, 1));
        }
        index.add(chunks, vectors);
        assertThat(ids(index.search(v(1, 0), 3, MetadataFilter.where("type").is("pdf")))).containsExactly("far2#0", "far1#0", "far0#0");
    }

    @Test
    void metadataComesBackWithChunksAndHits() {
        EphemeralIndex index = taggedIndex();
        assertThat(index.chunks().get(0).metadata()).containsExactly(Map.entry("type", "pdf"), Map.entry("year", "2024"));
        assertThat(index.search(v(0, 1), 1).get(0).chunk().metadata()).isEqualTo(Map.of("type", "pdf"));
    }

    // ---- changes while open: add and remove(documentId) ----

    @Test
    void removeDropsEveryChunkOfTheDocument() {
        EphemeralIndex index = index(2);
        index.add(List.of(chunk("a", 0, "a0"), chunk("b", 0, "b0"), chunk("a", 1, "a1")),
                List.of(v(1, 0), v(0.6f, 0.8f), v(0.8f, 0.6f)));
        long before = index.revision();
        assertThat(index.remove("a")).isEqualTo(2);
        assertThat(index.revision()).isNotEqualTo(before);
        assertThat(index.size()).isEqualTo(1);
        assertThat(ids(index.search(v(1, 0), 5))).containsExactly("b#0");
        assertThat(index.chunks()).extracting(Chunk::id).containsExactly("b#0");
        assertThatThrownBy(() -> index.vector("a#0")).isInstanceOf(IndexException.class);
        long after = index.revision();
        assertThat(index.remove("a")).isZero();
        assertThat(index.remove("nobody")).isZero();
        assertThat(index.revision()).isEqualTo(after);
    }

    @Test
    void aRemovedDocumentCanBeAddedAgainAndAddsAreSeenAtOnce() {
        EphemeralIndex index = index(2);
        index.add(List.of(chunk("a", 0, "old")), List.of(v(1, 0)));
        index.add(List.of(chunk("b", 0, "b0")), List.of(v(0, 1)));
        assertThat(ids(index.search(v(1, 0), 5))).containsExactly("a#0", "b#0");
        index.remove("a");
        assertThat(ids(index.search(v(1, 0), 5))).containsExactly("b#0");
        index.add(List.of(chunk("a", 0, "new"), chunk("c", 0, "c0")), List.of(v(0, 1), v(1, 0)));
        List<ScoredChunk> hits = index.search(v(1, 0), 5);
        assertThat(ids(hits)).containsExactly("c#0", "a#0", "b#0");
        assertThat(hits.get(1).chunk().text()).isEqualTo("new");
        assertThat(index.chunks()).extracting(Chunk::id).containsExactly("b#0", "a#0", "c#0");
        assertThat(index.vector("a#0")).containsExactly(0f, 1f);
        assertThat(index.size()).isEqualTo(3);
        index.close();
        assertThatThrownBy(() -> index.remove("b")).isInstanceOf(IndexException.class);
        assertThatThrownBy(index::revision).isInstanceOf(IndexException.class);
    }

    /**
     * Writers add and remove a document "n" of 12 chunks, each nearer to the query than the 5 chunks of "base";
     * every search meanwhile returns the 5 base chunks and either all 12 of n or none.
     */
    @Test
    void searchesDuringAddsAndRemovesSeeADocumentWholeOrNotAtAll() throws Exception {
        EphemeralIndex index = index(2);
        List<Chunk> base = new ArrayList<>();
        List<float[]> baseVectors = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            base.add(chunk("base", i, "b" + i));
            baseVectors.add(v(0.1f * i, 1));
        }
        index.add(base, baseVectors);
        List<Chunk> n = new ArrayList<>();
        List<float[]> nVectors = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            n.add(chunk("n", i, "n" + i));
            nVectors.add(v(1, 0.01f * i));
        }
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        List<Integer> seen = Concurrently.run(4, 40, () -> {
            if (calls.getAndIncrement() % 4 == 0) {
                synchronized (n) { // one writer at a time: add when absent, remove when present
                    if (index.remove("n") == 0) {
                        index.add(n, nVectors);
                    }
                }
                return -1;
            }
            List<ScoredChunk> hits = index.search(v(1, 0), 30);
            long ofN = hits.stream().filter(h -> h.chunk().documentId().equals("n")).count();
            assertThat(hits).hasSize((int) (5 + ofN));
            return (int) ofN;
        });
        assertThat(seen).allMatch(x -> x == -1 || x == 0 || x == 12);
    }
}
