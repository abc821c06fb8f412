package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.TextSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link TextSearch} contract, for every index that declares one ({@link EphemeralIndex#fullTextSearch()}) to
 * extend. Indexes are filled with {@link RetrieverContract#CORPUS} embedded by a 64-dimensional
 * {@link HashingEmbedder}; the checks, for {@code textSearch} and {@code hybridSearch} alike, with the questions of
 * {@link RetrieverContract#QUESTIONS} and k = 1, 3, 5 and more than the index holds:
 * <ul>
 *   <li>the index declares its full-text search;</li>
 *   <li>at most k chunks, distinct, each a chunk of that index (not of another index open at the same time), with
 *       the vector the index stores for it;</li>
 *   <li>best first: scores do not increase down the list, equal scores in ascending chunk id;</li>
 *   <li>text search finds a chunk by its words; hybrid search ranks first a chunk that is first in both rankings
 *       (its own vector and its own rare words);</li>
 *   <li>the metadata filter applies before ranking: k hits come back when many better chunks do not match, all
 *       of them matching; for text search the filtered result is the unfiltered ranking restricted to the chunks
 *       the filter matches (a lexical score does not depend on the filter, while a fusion of ranks may);</li>
 *   <li>the same call gives the same result, also from 4 threads at once;</li>
 *   <li>k of 0 or less throws {@link IllegalArgumentException}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #newIndex(int)} (a new, empty index; every index made is closed after each
 * check).
 */
public abstract class TextSearchContract {

    private final List<EphemeralIndex> made = new ArrayList<>();
    private final Embedder embedder = new HashingEmbedder(64);

    /** A new, empty index for vectors of {@code dimension} components that declares a full-text search. */
    protected abstract EphemeralIndex newIndex(int dimension);

    @AfterEach
    void closeIndexes() {
        made.forEach(EphemeralIndex::close);
    }

    /** A new index holding {@code chunks}, embedded by their texts. */
    private EphemeralIndex filled(List<Chunk> chunks) {
        EphemeralIndex index = newIndex(embedder.dimension());
        made.add(index);
        index.add(chunks, embedder.embedDocuments(chunks.stream().map(Chunk::text).toList()));
        return index;
    }

    private EphemeralIndex filled(String prefix, List<String> texts) {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            chunks.add(TestChunks.chunk(prefix + String.format("%02d", i), 0, texts.get(i)));
        }
        return filled(chunks);
    }

    private static TextSearch searchOf(EphemeralIndex index) {
        return index.fullTextSearch().orElseThrow(() -> new AssertionError(index.kind() + " declares no full-text search"));
    }

    /** Both searches of {@code index} as one function of (question, k, filter), named for messages. */
    private record Search(String name, Searcher run) {
    }

    @FunctionalInterface
    private interface Searcher {
        List<ScoredChunk> search(String question, int k, MetadataFilter filter);
    }

    private List<Search> searches(EphemeralIndex index) {
        TextSearch text = searchOf(index);
        return List.of(new Search("textSearch", text::textSearch),
                new Search("hybridSearch", (q, k, f) -> text.hybridSearch(embedder.embedQuery(q), q, k, f)));
    }

    private static List<String> ids(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }

    @Test
    void atMostKDistinctChunksOfTheIndexEachWithItsVector() {
        EphemeralIndex index = filled("doc", RetrieverContract.CORPUS);
        EphemeralIndex other = filled("other", List.of("The Andromeda galaxy is a spiral galaxy.", "Comets have tails.",
                "Saturn's rings are made of ice."));
        Map<String, Chunk> stored = index.chunks().stream().collect(Collectors.toMap(Chunk::id, Function.identity()));
        for (Search s : searches(other)) {
            for (String q : RetrieverContract.QUESTIONS) {
                assertThat(s.run().search(q, 5, MetadataFilter.NONE)).as("%s of the other index, %s", s.name(), q)
                        .extracting(ScoredChunk::id).allMatch(id -> id.startsWith("other"));
            }
        }
        for (Search s : searches(index)) {
            for (String q : RetrieverContract.QUESTIONS) {
                for (int k : new int[] {1, 3, 5, stored.size() + 5}) {
                    String where = s.name() + ", " + q + ", k = " + k;
                    List<ScoredChunk> hits = s.run().search(q, k, MetadataFilter.NONE);
                    assertThat(hits.size()).as(where).isLessThanOrEqualTo(Math.min(k, stored.size()));
                    assertThat(hits).as(where).extracting(ScoredChunk::id).doesNotHaveDuplicates();
                    for (ScoredChunk h : hits) {
                        assertThat(stored).as(where).containsKey(h.id());
                        assertThat(h.chunk()).as(where).isEqualTo(stored.get(h.id()));
                        assertThat(Double.isFinite(h.score())).as("finite score of %s, %s", h.id(), where).isTrue();
                        assertThat(h.embedding()).as("vector of %s, %s", h.id(), where)
                                .isNotNull().containsExactly(index.vector(h.id()), within(1e-6f));
                    }
                }
            }
        }
    }

    @Test
    void bestFirstTiesByChunkId() {
        EphemeralIndex index = filled("doc", RetrieverContract.CORPUS);
        for (Search s : searches(index)) {
            for (String q : RetrieverContract.QUESTIONS) {
                Rankings.assertBestFirstTiesByChunkId(s.name() + ", " + q,
                        s.run().search(q, RetrieverContract.CORPUS.size(), MetadataFilter.NONE));
            }
        }
    }

    @Test
    void findsAChunkByItsWordsAndHybridRanksFirstWhatBothRankFirst() {
        EphemeralIndex index = filled("doc", RetrieverContract.CORPUS);
        TextSearch search = searchOf(index);
        // chunk 06: "Pulsars are spinning neutron stars that sweep beams of radio waves."
        assertThat(ids(search.textSearch("pulsars neutron radio beams", 3))).startsWith("doc06#0");
        assertThat(ids(search.hybridSearch(index.vector("doc06#0"), "pulsars neutron radio beams", 3))).startsWith("doc06#0");
    }

    /** Chunks whose text holds "comet" more often the better they rank, each with a type and most with a year. */
    private EphemeralIndex taggedIndex() {
        List<Chunk> chunks = new ArrayList<>();
        String[] types = {"pdf", "md", "txt"};
        for (int i = 0; i < 9; i++) {
            Chunk plain = TestChunks.chunk("tag" + i, 0, ("comet ".repeat(9 - i) + "tail of gas and dust number " + i).strip());
            Map<String, String> metadata = i % 4 == 3 ? Map.of("type", types[i % 3])
                    : Map.of("type", types[i % 3], "year", i % 2 == 0 ? "2024" : "2023");
            chunks.add(new Chunk(plain.id(), plain.documentId(), plain.title(), plain.source(), plain.page(),
                    plain.ordinal(), plain.text(), plain.tokens(), plain.start(), plain.end(), metadata));
        }
        return filled(chunks);
    }

    @Test
    void theMetadataFilterAppliesBeforeRanking() {
        EphemeralIndex index = taggedIndex();
        List<MetadataFilter> filters = List.of(MetadataFilter.where("type").is("pdf"), MetadataFilter.where("type").in("md", "txt"),
                MetadataFilter.where("year").is("2024").and("type").in("pdf", "txt"), MetadataFilter.where("year").in("2023", "2024"),
                MetadataFilter.where("type").is("docx"), MetadataFilter.where("colour").is("red"));
        TextSearch search = searchOf(index);
        float[] vector = embedder.embedQuery("comet tail");
        List<ScoredChunk> lexical = search.textSearch("comet tail", 20);
        List<ScoredChunk> hybrid = search.hybridSearch(vector, "comet tail", 20);
        assertThat(lexical).as("every tagged chunk holds the words").hasSize(9);
        assertThat(hybrid).as("every tagged chunk holds the words").hasSize(9);
        for (MetadataFilter f : filters) {
            // the lexical score of a chunk does not depend on the filter: the filtered ranking is the restriction
            List<String> matching = lexical.stream().filter(h -> f.matches(h.chunk().metadata())).map(ScoredChunk::id).toList();
            for (int k : new int[] {1, 2, 20}) {
                assertThat(ids(search.textSearch("comet tail", k, f))).as("textSearch, %s, k = %d", f, k)
                        .containsExactlyElementsOf(matching.subList(0, Math.min(k, matching.size())));
                // a fusion of ranks may order the matching chunks otherwise, but takes the k best of them
                List<ScoredChunk> fused = search.hybridSearch(vector, "comet tail", k, f);
                assertThat(fused).as("hybridSearch, %s, k = %d", f, k).hasSize(Math.min(k, matching.size()))
                        .allMatch(h -> f.matches(h.chunk().metadata()));
            }
            assertThat(ids(search.hybridSearch(vector, "comet tail", 20, f))).as("hybridSearch, %s", f)
                    .containsExactlyInAnyOrderElementsOf(matching);
        }
    }

    @Test
    void theFilterReturnsKHitsWhenManyBetterChunksDoNotMatch() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Chunk c = TestChunks.chunk(String.format("near%02d", i), 0, "comet comet comet comet tail " + i);
            chunks.add(new Chunk(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(), c.tokens(),
                    c.start(), c.end(), Map.of("type", "md")));
        }
        for (int i = 0; i < 3; i++) {
            Chunk c = TestChunks.chunk("far" + i, 0, "a comet far away, number " + i);
            chunks.add(new Chunk(c.id(), c.documentId(), c.title(), c.source(), c.page(), c.ordinal(), c.text(), c.tokens(),
                    c.start(), c.end(), Map.of("type", "pdf")));
        }
        EphemeralIndex index = filled(chunks);
        for (Search s : searches(index)) {
            assertThat(ids(s.run().search("comet", 3, MetadataFilter.where("type").is("pdf")))).as(s.name())
                    .containsExactlyInAnyOrder("far0#0", "far1#0", "far2#0");
        }
    }

    @Test
    void deterministicAlsoFromFourThreadsAtOnce() throws Exception {
        EphemeralIndex index = filled("doc", RetrieverContract.CORPUS);
        for (Search s : searches(index)) {
            String q = RetrieverContract.QUESTIONS.get(1);
            List<ScoredChunk> expected = s.run().search(q, 4, MetadataFilter.NONE);
            assertThat(s.run().search(q, 4, MetadataFilter.NONE)).as(s.name()).isEqualTo(expected);
            assertThat(Concurrently.run(4, 8, () -> ids(s.run().search(q, 4, MetadataFilter.NONE)))).as(s.name())
                    .containsOnly(ids(expected));
        }
    }

    @Test
    void nonPositiveKIsAProgrammingError() {
        EphemeralIndex index = filled("doc", RetrieverContract.CORPUS);
        for (Search s : searches(index)) {
            for (int k : new int[] {0, -1}) {
                assertThatThrownBy(() -> s.run().search("comet", k, MetadataFilter.NONE)).as("%s, k = %d", s.name(), k)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }
}
