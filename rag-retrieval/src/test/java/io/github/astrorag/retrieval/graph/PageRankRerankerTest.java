package io.github.astrorag.retrieval.graph;

import static io.github.astrorag.retrieval.TestChunks.scored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.testing.CpuBudget;
import io.github.astrorag.retrieval.graph.PageRankReranker.GraphKind;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageRankRerankerTest {

    /**
     * q = (1,0); X = (1,0), Y = (0.6,0.8), Z = (0,1). Cosines: X–Y 0.6, Y–Z 0.8, X–Z 0 (≤ τ: no edge).
     * Personalization (1, 0.6, 0)/1.6 = (0.625, 0.375, 0). Walk: X→Y 1; Y→X 0.6/1.4 = 3/7, Y→Z 4/7; Z→Y 1.
     * x_X = 0.15·0.625 + 0.85·3/7·x_Y, x_Z = 0.85·4/7·x_Y, x_Y = 0.15·0.375 + 0.85·(x_X + x_Z)
     * ⇒ x_Y = (0.05625 + 0.85·0.09375) / (1 − 0.85²) = 0.1359375 / 0.2775 ≈ 0.48986,
     *   x_X = 0.09375 + 2.55/7·x_Y ≈ 0.27220, x_Z = 3.4/7·x_Y ≈ 0.23793.
     * The central Y overtakes the most similar X: the drift docs/design.md warns about.
     */
    @Test
    void cosineGraphHandComputed() {
        Query q = Query.of("q").withEmbedding(new float[] {1, 0});
        List<ScoredChunk> candidates = List.of(scored("X", 1, 1, 0), scored("Y", 0.6, 0.6f, 0.8f), scored("Z", 0, 0, 1));
        Map<String, Object> trace = new HashMap<>();
        List<ScoredChunk> out = PageRankReranker.builder().top(2).tolerance(1e-13).maxIterations(10_000).build()
                .rerank(q, candidates, trace::put);
        double y = 0.1359375 / 0.2775;
        assertThat(out).extracting(ScoredChunk::id).containsExactly("Y", "X");
        assertThat(out.get(0).score()).isCloseTo(y, within(1e-6));
        assertThat(out.get(1).score()).isCloseTo(0.09375 + 2.55 / 7 * y, within(1e-6));
        assertThat(out.get(1).embedding()).containsExactly(1, 0);
        assertThat(trace).containsEntry("graph", "cosine").containsEntry("edges", 2);
        @SuppressWarnings("unchecked")
        List<List<Object>> edges = (List<List<Object>>) trace.get("edgeList");
        assertThat(edges).hasSize(2);
        assertThat(edges.get(0).subList(0, 2)).containsExactly("X", "Y");
        assertThat((Double) edges.get(0).get(2)).isCloseTo(0.6, within(1e-6));
        @SuppressWarnings("unchecked")
        Map<String, Double> scores = (Map<String, Double>) trace.get("scores");
        assertThat(scores.keySet()).containsExactly("Y", "X", "Z");
        assertThat(scores.get("Z")).isCloseTo(3.4 / 7 * y, within(1e-6));
    }

    /**
     * a (like the question) names "Scott Derrickson" (b's title, in other case); b names "Denver", a
     * Markdown heading of d; b's "Ed Woodson" does not name c's title
     * "Ed Wood" (whole words only), and nothing else names c.
     * Personalization is a only (the others are orthogonal to q), so the walk goes a → b → d:
     * x_a = J, x_b = 0.85·x_a, x_d = 0.85·x_b, x_c = 0, sum 2.5725·x_a = 1.
     */
    /** A heading line of a megabyte of spaces costs linear time; the other heading still links b to d. */
    @Test
    void aHostileHeadingIsReadInLinearTime() {
        Query q = Query.of("Where was he born?").withEmbedding(new float[] {1, 0, 0});
        String hostile = "# Title" + " ".repeat(1 << 20) + "x\n## Denver ##\nDenver is the capital of Colorado.";
        List<ScoredChunk> candidates = List.of(
                scored("person#0", "person", "Scott Derrickson", "He was born in Denver.", 0.9, 1, 0, 0),
                scored("city#0", "city", "colorado", hostile, 0.1, 0, 1, 0));
        Map<String, Object> trace = new HashMap<>();
        CpuBudget.within(Duration.ofSeconds(60), () -> PageRankReranker.builder().graph(GraphKind.MENTION)
                .build().rerank(q, candidates, trace::put));
        assertThat(trace.get("edgeList")).isEqualTo(List.of(List.of("person#0", "city#0", 1.0)));
    }

    @Test
    void mentionGraphCarriesRelevanceToTheDocumentsANamedChunkPointsTo() {
        Query q = Query.of("Who directed Doctor Strange and where was he born?").withEmbedding(new float[] {1, 0, 0});
        List<ScoredChunk> candidates = List.of(
                scored("film#0", "film", "Doctor Strange", "Doctor Strange was directed by scott derrickson.", 0.9, 1, 0, 0),
                scored("person#0", "person", "Scott Derrickson", "He was born in Denver and admired Ed Woodson.", 0.1, 0, 1, 0),
                scored("other#0", "other", "Ed Wood", "Edward Wood was an American filmmaker.", 0.1, 0, 0, 1),
                scored("city#0", "city", "colorado", "# Denver\nDenver is the capital of Colorado.", 0.0, 0, 1, 0));
        Map<String, Object> trace = new HashMap<>();
        List<ScoredChunk> out = PageRankReranker.builder().graph(GraphKind.MENTION).tolerance(1e-13).maxIterations(10_000)
                .build().rerank(q, candidates, trace::put);
        double a = 1 / 2.5725;
        assertThat(out).extracting(ScoredChunk::id).containsExactly("film#0", "person#0", "city#0");
        assertThat(out).extracting(ScoredChunk::score).satisfiesExactly(
                s -> assertThat(s).isCloseTo(a, within(1e-6)),
                s -> assertThat(s).isCloseTo(0.85 * a, within(1e-6)),
                s -> assertThat(s).isCloseTo(0.7225 * a, within(1e-6)));
        assertThat(trace).containsEntry("graph", "mention").containsEntry("edges", 2);
        assertThat(trace.get("edgeList")).isEqualTo(List.of(List.of("film#0", "person#0", 1.0),
                List.of("person#0", "city#0", 1.0)));
    }

    @Test
    void uniformPersonalizationWhenNothingIsLikeTheQueryAndEmptyInput() {
        Query q = Query.of("q").withEmbedding(new float[] {1, 0, 0});
        List<ScoredChunk> orthogonal = List.of(scored("b", 0, 0, 1, 0), scored("a", 0, 0, 0, 1));
        // no edge (cosine 0), uniform restart: both 0.5, ties by id
        List<ScoredChunk> out = PageRankReranker.defaults().rerank(q, orthogonal);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("a", "b");
        assertThat(out.get(0).score()).isCloseTo(0.5, within(1e-12));
        assertThat(PageRankReranker.defaults().rerank(q, List.of())).isEmpty();
    }

    @Test
    void traceListsAtMostFiftyEdgesAndCandidatesNeedVectors() {
        Query q = Query.of("q").withEmbedding(new float[] {1, 0});
        List<ScoredChunk> twelve = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            twelve.add(scored(String.format("c%02d", i), 1, 1, 0.01f * i));
        }
        Map<String, Object> trace = new HashMap<>();
        assertThat(PageRankReranker.defaults().rerank(q, twelve, trace::put)).hasSize(3);
        assertThat(trace).containsEntry("edges", 66); // all 12·11/2 pairs are near 1
        assertThat((List<?>) trace.get("edgeList")).hasSize(PageRankReranker.TRACED_EDGES);
        ScoredChunk bare = new ScoredChunk(io.github.astrorag.retrieval.TestChunks.chunk("bare", "x"), 1, null);
        assertThatThrownBy(() -> PageRankReranker.defaults().rerank(q, List.of(bare)))
                .isInstanceOf(io.github.astrorag.core.RagException.class).hasMessageContaining("bare");
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> PageRankReranker.builder().top(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PageRankReranker.builder().damping(-0.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-0.1");
        assertThatThrownBy(() -> PageRankReranker.builder().threshold(1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PageRankReranker.builder().top(2).top(3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already");
    }
}
