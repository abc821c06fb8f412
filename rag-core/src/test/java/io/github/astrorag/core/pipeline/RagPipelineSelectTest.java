package io.github.astrorag.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Passage;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.model.Selection;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link RagPipeline#select}: the minimal pipeline's selector over given passages, model-free. */
class RagPipelineSelectTest {

    /** HashingEmbedder counting the texts it embeds as documents. */
    static final class CountingEmbedder implements Embedder {
        final HashingEmbedder delegate = new HashingEmbedder();
        final AtomicInteger documents = new AtomicInteger();

        @Override
        public int dimension() {
            return delegate.dimension();
        }

        @Override
        public List<float[]> embedDocuments(List<String> texts) {
            documents.addAndGet(texts.size());
            return delegate.embedDocuments(texts);
        }

        @Override
        public float[] embedQuery(String text) {
            return delegate.embedQuery(text);
        }

        @Override
        public Optional<String> fingerprint() {
            return delegate.fingerprint();
        }

        @Override
        public Map<String, Object> describe() {
            return delegate.describe();
        }
    }

    private static final String A = "The telescope dome opens at dusk.";
    private static final String B = "Andromeda is 2.5 million light years away.";
    private static final String C = "The nearest large galaxy is Andromeda.";

    private static List<Passage> scored() {
        return List.of(
                new Passage("a", A, Map.of("source", "dome.md"), 0.2, null),
                new Passage("b", B, Map.of("source", "galaxies.md", "year", "2024"), 0.9, null),
                new Passage("c", C, Map.of("source", "galaxies.md", "year", "2023"), 0.5, null));
    }

    @Test
    void givenScoresRankAndTheBudgetCutsTheRest() {
        TokenCounter p50k = TokenCounter.p50k();
        int budget = p50k.count(B + "\n\n" + C); // b and c whole, nothing left for a
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build()) {
            Selection s = rag.select(Query.of("How far is Andromeda?"), scored(), budget);
            assertEquals(List.of(1, 2), s.picked().stream().map(Selection.Picked::index).toList());
            assertEquals(List.of("b", "c"), s.context().chunks().stream().map(c -> c.id()).toList());
            assertEquals(B, s.picked().get(0).text());
            assertFalse(s.picked().get(0).cut());
            assertEquals(0.9, s.picked().get(0).score());
            // metadata kept, mapped back to the caller's passage
            assertEquals(Map.of("source", "galaxies.md", "year", "2024"), s.picked().get(0).passage().metadata());
            assertEquals("galaxies.md", s.context().chunks().get(0).chunk().source());
            assertTrue(s.context().tokens() <= budget);
            Trace.Stage candidates = s.trace().stage("candidates").orElseThrow();
            assertEquals("score", candidates.details().get("rankedBy"));
            assertEquals(List.of("embed-query", "candidates", "select"),
                    s.trace().stages().stream().map(Trace.Stage::name).toList());
        }
    }

    @Test
    void withoutScoresCosineRanksAndAPassageSeenBeforeIsNotEmbeddedAgain() {
        CountingEmbedder embedder = new CountingEmbedder();
        List<Passage> unscored = List.of(Passage.of("x", A, Map.of()), Passage.of("y", B, Map.of()));
        try (RagPipeline rag = RagPipeline.builder().embedder(embedder).budget(20).build()) {
            // the question is y's text: cosine 1 with y
            Selection first = rag.select(Query.of(B), unscored);
            assertEquals("y", first.picked().get(0).passage().id());
            assertEquals("cosine", first.trace().stage("candidates").orElseThrow().details().get("rankedBy"));
            assertEquals(2, embedder.documents.get());
            Selection again = rag.select(Query.of(B), List.of(unscored.get(1), unscored.get(0)));
            assertEquals(2, embedder.documents.get(), "both texts came from the cache");
            assertEquals(2, again.trace().stage("candidates").orElseThrow().details().get("cacheHits"));
            // a given vector is not embedded either
            float[] v = new HashingEmbedder().embedDocuments(List.of("fresh text here")).get(0);
            rag.select(Query.of(B), List.of(Passage.of("z", "fresh text here", Map.of()).withVector(v)));
            assertEquals(2, embedder.documents.get());
        }
    }

    @Test
    void aNonDenseRetrieverRanksTheGivenPassagesOverAnIndexOfExactlyThemAndTitleAndSourceAreKept() {
        // ranks the index's chunks by their text's length, shortest first: an order neither score nor cosine gives
        Retriever shortestFirst = new Retriever() {
            @Override
            public List<ScoredChunk> retrieve(Query query, EphemeralIndex index, int k, TraceSink trace) {
                assertEquals(3, index.size(), "the index holds exactly the given passages");
                return index.chunks().stream().sorted(Comparator.comparingInt(c -> c.text().length()))
                        .map(c -> new ScoredChunk(c, 1.0 / c.text().length(), index.vector(c.id()))).limit(k).toList();
            }

            @Override
            public Map<String, Object> describe() {
                return Map.of("name", "shortest-first");
            }
        };
        List<Passage> given = List.of(
                new Passage("a", A, Map.of("source", "dome.md", "title", "The dome"), 0.2, null),
                new Passage("b", B, Map.of("source", "galaxies.md"), 0.9, null),
                new Passage("c", C, Map.of("source", "galaxies.md"), 0.5, null));
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).retriever(shortestFirst).build()) {
            Selection s = rag.select(Query.of("How far is Andromeda?"), given, 1000);
            // A (33 characters) < C (38) < B (42), whatever the given scores say
            assertEquals(List.of("a", "c", "b"), s.context().chunks().stream().map(c -> c.id()).toList());
            assertEquals("retriever", s.trace().stage("candidates").orElseThrow().details().get("rankedBy"));
            Chunk a = s.context().chunks().get(0).chunk();
            assertEquals("dome.md", a.documentId());
            assertEquals("The dome", a.title());
            Chunk c = s.context().chunks().get(1).chunk();
            assertEquals("galaxies.md", c.documentId(), "passages of one source are chunks of one document");
            assertEquals("galaxies.md", c.title(), "no title: the source");
        }
    }

    @Test
    void aPassageLongerThanTheChunkSizeStaysWholeWithinTheBudget() {
        String longText = String.join(" ", java.util.Collections.nCopies(400, "star")); // 400 tokens > 300 chunk size
        int tokens = TokenCounter.p50k().count(longText);
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).budget(1000).build()) {
            Selection s = rag.select(Query.of("star"), List.of(Passage.of("long", longText, Map.of())));
            assertEquals(longText, s.picked().get(0).text());
            assertEquals(tokens, s.picked().get(0).tokens());
            Selection cut = rag.select(Query.of("star"), List.of(Passage.of("long", longText, Map.of())), 100);
            assertTrue(cut.picked().get(0).cut());
            assertTrue(cut.context().tokens() <= 100);
        }
    }

    @Test
    void theFilterKeepsMatchingPassagesAndAnUnknownKeyIsTraced() {
        try (RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build()) {
            Selection s = rag.select(Query.of("Andromeda").withFilter(MetadataFilter.where("year").is("2023")), scored());
            assertEquals(List.of("c"), s.picked().stream().map(p -> p.passage().id()).toList());
            assertEquals(2, s.trace().stage("candidates").orElseThrow().details().get("filteredOut"));
            Selection none = rag.select(Query.of("Andromeda").withFilter(MetadataFilter.where("lang").is("en")), scored());
            assertTrue(none.picked().isEmpty());
            assertEquals(List.of("lang"), none.trace().stage("candidates").orElseThrow().details().get("unknownFilterKeys"));
        }
    }

    @Test
    void failsFast() {
        RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).build();
        List<Passage> twice = List.of(Passage.of("a", A, Map.of()), Passage.of("a", B, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> rag.select(Query.of("q"), twice));
        assertThrows(IllegalArgumentException.class, () -> rag.select(Query.of("q"), scored(), 0));
        assertThrows(NullPointerException.class, () -> rag.select(null, scored()));
        assertThrows(IllegalArgumentException.class, () -> Passage.of("a", " ", Map.of()));
        rag.close();
        assertThrows(IndexException.class, () -> rag.select(Query.of("q"), scored()));
        List<Passage> empty = new ArrayList<>();
        assertThrows(IndexException.class, () -> rag.select(Query.of("q"), empty));
    }
}
