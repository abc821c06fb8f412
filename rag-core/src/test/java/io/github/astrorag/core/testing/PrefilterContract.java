package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The {@link Prefilter} contract, for every implementation to extend. {@link Prefilter#prepare} is given the chunks
 * of {@link RetrieverContract#CORPUS}, each tagged with a {@code type} ({@code pdf}, {@code md} or {@code txt}) and
 * most with a {@code year}; the checks, for the questions of {@link RetrieverContract#QUESTIONS} and n = 1, 3, 5 and
 * more than the chunks:
 * <ul>
 *   <li>at most n chunks, distinct, each one of those prepared (equal to it), with a finite score and no vector;</li>
 *   <li>best first: scores do not increase down the list, equal scores in ascending chunk id;</li>
 *   <li>the metadata filter applies before ranking: the result with a filter is the unfiltered ranking of every
 *       chunk restricted to the chunks the filter matches, its first n;</li>
 *   <li>a ranking sees exactly the chunks it was prepared with: not those of another preparation, and not a change
 *       to the list made after {@code prepare};</li>
 *   <li>the same call gives the same result, also from 4 threads at once; nothing prepared gives nothing;</li>
 *   <li>n of 0 or less throws {@link IllegalArgumentException}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #prefilter()} (called once per check).
 */
public abstract class PrefilterContract {

    private static final String[] TYPES = {"pdf", "md", "txt"};

    /** The prefilter under test; called once per check. */
    protected abstract Prefilter prefilter();

    /** The chunks of {@code texts}, of documents {@code prefix + i}, tagged by {@code i}: type cycles, every fourth has no year. */
    protected static List<Chunk> chunks(String prefix, List<String> texts) {
        List<Chunk> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            Chunk plain = TestChunks.chunk(prefix + i, 0, texts.get(i));
            Map<String, String> metadata = i % 4 == 3 ? Map.of("type", TYPES[i % 3])
                    : Map.of("type", TYPES[i % 3], "year", i % 2 == 0 ? "2024" : "2023");
            out.add(new Chunk(plain.id(), plain.documentId(), plain.title(), plain.source(), plain.page(),
                    plain.ordinal(), plain.text(), plain.tokens(), plain.start(), plain.end(), metadata));
        }
        return out;
    }

    private static List<ScoredChunk> top(Prefilter.Ranking ranking, Query query, int n) {
        return ranking.top(query, n, TraceSink.NONE);
    }

    private static List<String> ids(List<ScoredChunk> hits) {
        return hits.stream().map(ScoredChunk::id).toList();
    }

    @Test
    void atMostNDistinctPreparedChunksWithFiniteScoresAndNoVector() {
        List<Chunk> chunks = chunks("doc", RetrieverContract.CORPUS);
        Map<String, Chunk> prepared = chunks.stream().collect(Collectors.toMap(Chunk::id, Function.identity()));
        Prefilter.Ranking ranking = prefilter().prepare(chunks);
        for (String q : RetrieverContract.QUESTIONS) {
            for (int n : new int[] {1, 3, 5, chunks.size() + 5}) {
                String where = q + ", n = " + n;
                List<ScoredChunk> hits = top(ranking, Query.of(q), n);
                assertThat(hits.size()).as(where).isLessThanOrEqualTo(Math.min(n, chunks.size()));
                assertThat(hits).as(where).extracting(ScoredChunk::id).doesNotHaveDuplicates();
                for (ScoredChunk h : hits) {
                    assertThat(h.chunk()).as(where).isEqualTo(prepared.get(h.id()));
                    assertThat(Double.isFinite(h.score())).as("finite score of %s, %s", h.id(), where).isTrue();
                    assertThat(h.embedding()).as("vector of %s, %s", h.id(), where).isNull();
                }
            }
        }
        assertThat(top(ranking, Query.of(RetrieverContract.QUESTIONS.get(0)), 3)).as("a question it matches").isNotEmpty();
    }

    @Test
    void bestFirstTiesByChunkId() {
        List<Chunk> chunks = chunks("doc", RetrieverContract.CORPUS);
        Prefilter.Ranking ranking = prefilter().prepare(chunks);
        for (String q : RetrieverContract.QUESTIONS) {
            Rankings.assertBestFirstTiesByChunkId(q, top(ranking, Query.of(q), chunks.size()));
        }
    }

    @Test
    void theMetadataFilterAppliesBeforeRanking() {
        List<Chunk> chunks = chunks("doc", RetrieverContract.CORPUS);
        Prefilter.Ranking ranking = prefilter().prepare(chunks);
        List<MetadataFilter> filters = List.of(MetadataFilter.where("type").is("pdf"), MetadataFilter.where("type").in("md", "txt"),
                MetadataFilter.where("year").is("2024").and("type").in("pdf", "txt"), MetadataFilter.where("year").in("2023", "2024"),
                MetadataFilter.where("type").is("docx"), MetadataFilter.where("colour").is("red"));
        for (String q : RetrieverContract.QUESTIONS) {
            List<ScoredChunk> all = top(ranking, Query.of(q), chunks.size());
            for (MetadataFilter f : filters) {
                List<String> matching = all.stream().filter(h -> f.matches(h.chunk().metadata())).map(ScoredChunk::id).toList();
                for (int n : new int[] {1, 2, chunks.size()}) {
                    assertThat(ids(top(ranking, Query.of(q).withFilter(f), n))).as("%s, %s, n = %d", q, f, n)
                            .containsExactlyElementsOf(matching.subList(0, Math.min(n, matching.size())));
                }
            }
        }
    }

    @Test
    void aRankingSeesExactlyTheChunksItWasPreparedWith() {
        Prefilter prefilter = prefilter();
        List<Chunk> mutable = new ArrayList<>(chunks("doc", RetrieverContract.CORPUS));
        Prefilter.Ranking ranking = prefilter.prepare(mutable);
        Query q = Query.of(RetrieverContract.QUESTIONS.get(0));
        List<ScoredChunk> before = top(ranking, q, 5);
        Prefilter.Ranking other = prefilter.prepare(chunks("other", List.of("The Andromeda galaxy is a spiral galaxy.",
                "How far away is the Andromeda galaxy? Two and a half million light-years.")));
        assertThat(top(other, q, 5)).extracting(ScoredChunk::id).isNotEmpty().allMatch(id -> id.startsWith("other"));
        mutable.clear();
        mutable.addAll(chunks("late", List.of("How far away is the Andromeda galaxy?")));
        assertThat(top(ranking, q, 5)).as("after the prepared list changed and another was prepared").isEqualTo(before);
        assertThat(prefilter.prepare(List.of()).top(q, 5, TraceSink.NONE)).as("nothing prepared").isEmpty();
    }

    @Test
    void deterministicAlsoFromFourThreadsAtOnce() throws Exception {
        Prefilter.Ranking ranking = prefilter().prepare(chunks("doc", RetrieverContract.CORPUS));
        Query q = Query.of(RetrieverContract.QUESTIONS.get(1));
        List<ScoredChunk> expected = top(ranking, q, 4);
        assertThat(top(ranking, q, 4)).isEqualTo(expected);
        assertThat(Concurrently.run(4, 8, () -> top(ranking, q, 4))).containsOnly(expected);
    }

    @Test
    void nonPositiveNIsAProgrammingError() {
        Prefilter.Ranking ranking = prefilter().prepare(chunks("doc", RetrieverContract.CORPUS));
        Query q = Query.of(RetrieverContract.QUESTIONS.get(0));
        assertThatThrownBy(() -> ranking.top(q, 0, TraceSink.NONE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ranking.top(q, -1, TraceSink.NONE)).isInstanceOf(IllegalArgumentException.class);
        assertThat(prefilter().describe().keySet().iterator().next()).isEqualTo("name");
    }
}
