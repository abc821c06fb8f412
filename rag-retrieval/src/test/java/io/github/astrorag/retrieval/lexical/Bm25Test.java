package io.github.astrorag.retrieval.lexical;

import static io.github.astrorag.retrieval.TestChunks.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Three tiny documents, N = 3, k1 = 1.2, b = 0.75:
 * <pre>
 *   d0 "sun moon"      [sun, moon]       |d| = 2
 *   d1 "sun sun star"  [sun, sun, star]  |d| = 3
 *   d2 "star"          [star]            |d| = 1      avgdl = 2
 * </pre>
 * idf(sun) = idf(star) = ln(1 + (3 − 2 + 0.5)/(2 + 0.5)) = ln 1.6; idf(moon) = ln(1 + 2.5/1.5) = ln(8/3).
 * Length factors K = 1 − b + b·|d|/avgdl: d0 1, d1 1.375, d2 0.625.
 * "sun":  d0 = ln1.6 · 1·2.2/(1 + 1.2) = ln1.6;  d1 = ln1.6 · 2·2.2/(2 + 1.65) = ln1.6 · 4.4/3.65;  d2 = 0.
 * "star": d1 = ln1.6 · 2.2/2.65;  d2 = ln1.6 · 2.2/1.75.
 */
class Bm25Test {

    private static final double LN16 = Math.log(1.6);
    private static final List<String> DOCS = List.of("sun moon", "sun sun star", "star");

    @Test
    void scoresMatchTheHandComputation() {
        Bm25 bm25 = Bm25.ofTexts(DOCS);
        assertThat(bm25.idf("sun")).isCloseTo(LN16, within(1e-12));
        assertThat(bm25.idf("moon")).isCloseTo(Math.log(8.0 / 3), within(1e-12));
        double[] sun = bm25.scores("sun");
        assertThat(sun[0]).isCloseTo(LN16, within(1e-12));
        assertThat(sun[1]).isCloseTo(LN16 * 4.4 / 3.65, within(1e-12));
        assertThat(sun[2]).isZero();
        // stop words vanish, "stars" stems to "star"; each distinct term counts once
        double[] both = bm25.scores("the sun and the stars, stars");
        assertThat(both[0]).isCloseTo(LN16, within(1e-12));
        assertThat(both[1]).isCloseTo(LN16 * (4.4 / 3.65 + 2.2 / 2.65), within(1e-12));
        assertThat(both[2]).isCloseTo(LN16 * 2.2 / 1.75, within(1e-12));
    }

    @Test
    void rejectsBadParameters() {
        assertThatThrownBy(() -> Bm25.of(List.of(), 1.2, 1.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.5");
        assertThatThrownBy(() -> new Bm25Retriever(-1, 0.75)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k1");
    }

    @Test
    void retrieverRanksTheIndexChunksAndReturnsTheirVectors() {
        HashingEmbedder embedder = new HashingEmbedder(64);
        try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("bm25", 64)) {
            List<Chunk> chunks = List.of(chunk("d0", DOCS.get(0)), chunk("d1", DOCS.get(1)), chunk("d2", DOCS.get(2)));
            index.add(chunks, embedder.embedDocuments(DOCS));
            Map<String, Object> trace = new HashMap<>();
            List<ScoredChunk> out = new Bm25Retriever().retrieve(Query.of("Where is the sun?"), index, 5, trace::put);
            assertThat(out).extracting(ScoredChunk::id).containsExactly("d1", "d0"); // d2 shares no term
            assertThat(out.get(0).score()).isCloseTo(LN16 * 4.4 / 3.65, within(1e-12));
            assertThat(out.get(0).embedding()).isEqualTo(index.vector("d1"));
            assertThat(trace).containsEntry("matching", 2).containsEntry("queryTerms", List.of("where", "sun"));
            assertThat(new Bm25Retriever().retrieve(Query.of("sun"), index, 1)).extracting(ScoredChunk::id)
                    .containsExactly("d1");
            // the cached statistics follow the index when it grows
            index.add(List.of(chunk("d3", "sun")), embedder.embedDocuments(List.of("sun")));
            Bm25Retriever retriever = new Bm25Retriever();
            assertThat(retriever.retrieve(Query.of("sun"), index, 5)).extracting(ScoredChunk::id)
                    .containsExactly("d3", "d1", "d0");
        }
    }
}
