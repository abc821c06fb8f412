package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link Retriever} contract, for every implementation to extend. An index is filled with
 * {@link #CORPUS} (two of its chunks have the same text, so the same vector) embedded by
 * {@link #embedder()}; the checks, through the traced
 * {@link Retriever#retrieve(Query, EphemeralIndex, int, io.github.astrorag.core.spi.TraceSink) retrieve},
 * for several questions and k = 1, 3, 5 and more than the index holds:
 * <ul>
 *   <li>at most k chunks, distinct, each a chunk of that index (not of another index open at the same
 *       time), with the vector the index stores for it;</li>
 *   <li>best first: scores do not increase down the list, equal scores in ascending chunk id;</li>
 *   <li>the same call gives the same result, also from 4 threads at once;</li>
 *   <li>k of 0 or less throws {@link IllegalArgumentException}.</li>
 * </ul>
 *
 * <p>To extend it, implement {@link #retriever()}; override {@link #newIndex(int)} when the retriever needs
 * an index of its own kind (the default is the in-memory index; every index made is closed after each
 * check), and {@link #embedder()} to embed with another model.
 */
public abstract class RetrieverContract {

    /** One sentence per chunk, each of its own document; chunks 3 and 9 have the same text. */
    public static final List<String> CORPUS = List.of(
            "The Andromeda galaxy lies about two and a half million light-years away.",
            "Comets grow bright tails of gas and dust when they pass near the Sun.",
            "A red giant star has swollen after burning the hydrogen in its core.",
            "Saturn's rings are made of countless pieces of ice and rock.",
            "The Andromeda galaxy and the Milky Way will merge in a few billion years.",
            "Light from the Sun takes a little over eight minutes to reach the Earth.",
            "Pulsars are spinning neutron stars that sweep beams of radio waves.",
            "The Moon always shows the same face to the Earth.",
            "Dust lanes cross the disk of many spiral galaxies.",
            "Saturn's rings are made of countless pieces of ice and rock.",
            "The solar wind pushes the tails of comets away from the Sun.",
            "Cepheid variable stars help astronomers measure distances to galaxies.");

    /** The questions each check asks. */
    public static final List<String> QUESTIONS = List.of("How far away is the Andromeda galaxy?",
            "Why do comets have tails near the Sun?", "What are Saturn's rings made of?", "zebra crossing xylophone");

    private final List<EphemeralIndex> made = new ArrayList<>();
    private Embedder embedder;

    /** The retriever under test; called once per check. */
    protected abstract Retriever retriever();

    /** A new empty index for vectors of {@code dimension} components. Default: in memory. */
    protected EphemeralIndex newIndex(int dimension) {
        return new InMemoryEphemeralIndexFactory().create(dimension);
    }

    /** The embedder of the corpus and the questions. Default: a 64-dimensional {@link HashingEmbedder}. */
    protected Embedder embedder() {
        return new HashingEmbedder(64);
    }

    private Embedder model() {
        if (embedder == null) {
            embedder = embedder();
        }
        return embedder;
    }

    @AfterEach
    void closeIndexes() {
        made.forEach(EphemeralIndex::close);
    }

    /** A new index holding {@code texts} as chunks of documents {@code prefix + i}, embedded by {@link #embedder()}. */
    protected EphemeralIndex filled(String prefix, List<String> texts) {
        EphemeralIndex index = newIndex(model().dimension());
        made.add(index);
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            chunks.add(TestChunks.chunk(prefix + i, 0, texts.get(i)));
        }
        index.add(chunks, model().embedDocuments(texts));
        return index;
    }

    /** {@code text} embedded as a question. */
    protected Query question(String text) {
        return Query.of(text).withEmbedding(model().embedQuery(text));
    }

    private static List<ScoredChunk> retrieve(Retriever retriever, String question, EphemeralIndex index, int k,
                                              Function<String, Query> asQuery) {
        return retriever.retrieve(asQuery.apply(question), index, k, (key, value) -> { });
    }

    @Test
    void atMostKDistinctChunksOfTheIndexEachWithItsVector() {
        Retriever retriever = retriever();
        EphemeralIndex index = filled("doc", CORPUS);
        EphemeralIndex other = filled("other", List.of("The Andromeda galaxy is a spiral galaxy.",
                "Comets have tails.", "Saturn's rings are made of ice."));
        for (String q : QUESTIONS) {
            assertThat(retrieve(retriever, q, other, 5, this::question)).as("from the other index, " + q)
                    .extracting(ScoredChunk::id).allMatch(id -> id.startsWith("other"));
        }
        Map<String, Chunk> stored = index.chunks().stream().collect(Collectors.toMap(Chunk::id, Function.identity()));
        for (String q : QUESTIONS) {
            for (int k : new int[] {1, 3, 5, CORPUS.size() + 5}) {
                String where = q + ", k = " + k;
                List<ScoredChunk> hits = retrieve(retriever, q, index, k, this::question);
                assertThat(hits.size()).as(where).isLessThanOrEqualTo(Math.min(k, CORPUS.size()));
                assertThat(hits).as(where).extracting(ScoredChunk::id).doesNotHaveDuplicates();
                for (ScoredChunk h : hits) {
                    assertThat(stored).as(where).containsKey(h.id());
                    assertThat(h.chunk()).as(where).isEqualTo(stored.get(h.id()));
                    assertThat(h.embedding()).as("vector of " + h.id() + ", " + where)
                            .isNotNull().containsExactly(index.vector(h.id()), within(1e-6f));
                }
            }
        }
    }

    @Test
    void someChunkIsFoundForAQuestionItMatches() {
        EphemeralIndex index = filled("doc", CORPUS);
        assertThat(retrieve(retriever(), QUESTIONS.get(0), index, 3, this::question)).isNotEmpty();
    }

    @Test
    void bestFirstTiesByChunkId() {
        Retriever retriever = retriever();
        EphemeralIndex index = filled("doc", CORPUS);
        for (String q : QUESTIONS) {
            Rankings.assertBestFirstTiesByChunkId(q, retrieve(retriever, q, index, CORPUS.size(), this::question));
        }
    }

    @Test
    void deterministicAlsoFromFourThreadsAtOnce() throws Exception {
        Retriever retriever = retriever();
        EphemeralIndex index = filled("doc", CORPUS);
        Query q = question(QUESTIONS.get(2));
        List<ScoredChunk> expected = retriever.retrieve(q, index, 4, (key, value) -> { });
        assertThat(retriever.retrieve(q, index, 4, (key, value) -> { })).isEqualTo(expected);
        assertThat(Concurrently.run(4, 8, () -> retriever.retrieve(q, index, 4, (key, value) -> { })))
                .containsOnly(expected);
    }

    @Test
    void nonPositiveKIsAProgrammingError() {
        Retriever retriever = retriever();
        EphemeralIndex index = filled("doc", CORPUS);
        Query q = question(QUESTIONS.get(0));
        assertThatThrownBy(() -> retriever.retrieve(q, index, 0, (key, value) -> { }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> retriever.retrieve(q, index, -1, (key, value) -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
