package io.github.astrorag.retrieval.hybrid;

import static io.github.astrorag.retrieval.TestChunks.chunk;
import static io.github.astrorag.retrieval.TestChunks.scored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.index.InMemoryEphemeralIndex;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.TextSearch;
import io.github.astrorag.retrieval.hybrid.HybridRetriever.Fusion;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * dense = [A 0.9, B 0.5, C 0.1], bm25 = [C 3.0, A 1.0].
 * RRF (k = 60): A = 1/61 + 1/62, C = 1/63 + 1/61, B = 1/62 → A, C, B.
 * Weighted, w = 0.3: dense normalised A 1, B 0.5, C 0; bm25 normalised C 1, A 0;
 * A = 0.7, B = 0.35, C = 0.3 → A, B, C. With w = 0.8: A 0.2, B 0.1, C 0.8 → C, A, B.
 */
class HybridRetrieverTest {

    private static final List<ScoredChunk> DENSE = List.of(scored("A", 0.9, 1, 0), scored("B", 0.5, 0, 1),
            scored("C", 0.1, 1, 1));
    private static final List<ScoredChunk> BM25 = List.of(scored("C", 3.0, 1, 1), scored("A", 1.0, 1, 0));

    @Test
    void reciprocalRankFusion() {
        List<ScoredChunk> out = HybridRetriever.rrf().fuse(DENSE, BM25);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "C", "B");
        assertThat(out.get(0).score()).isCloseTo(1.0 / 61 + 1.0 / 62, within(1e-12));
        assertThat(out.get(1).score()).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-12));
        assertThat(out.get(2).score()).isCloseTo(1.0 / 62, within(1e-12));
        assertThat(out.get(0).embedding()).containsExactly(1, 0);
    }

    @Test
    void weightedFusionOfMinMaxNormalisedScores() {
        List<ScoredChunk> out = HybridRetriever.weighted().fuse(DENSE, BM25);
        assertThat(out).extracting(ScoredChunk::id).containsExactly("A", "B", "C");
        assertThat(out).extracting(ScoredChunk::score).satisfiesExactly(
                s -> assertThat(s).isCloseTo(0.7, within(1e-12)),
                s -> assertThat(s).isCloseTo(0.35, within(1e-12)),
                s -> assertThat(s).isCloseTo(0.3, within(1e-12)));
        List<ScoredChunk> lexicalHeavy = HybridRetriever.weighted(0.8).fuse(DENSE, BM25);
        assertThat(lexicalHeavy).extracting(ScoredChunk::id).containsExactly("C", "A", "B");
        assertThat(lexicalHeavy.get(0).score()).isCloseTo(0.8, within(1e-12));
    }

    @Test
    void retrievesFromBothRankingsOfTheIndex() {
        try (InMemoryEphemeralIndex index = new InMemoryEphemeralIndex("h", 2)) {
            index.add(List.of(chunk("A", "nothing lexical here"), chunk("B", "comet tails"), chunk("C", "comet comet")),
                    List.of(new float[] {1, 0}, new float[] {0.6f, 0.8f}, new float[] {0, 1}));
            Query q = Query.of("comet").withEmbedding(new float[] {1, 0});
            // dense: A 1, B 0.6, C 0; bm25: C, B (A has no "comet")
            // RRF: A 1/61, B 1/62 + 1/62, C 1/63 + 1/61 → C (0.03227), B (0.03226), A
            List<ScoredChunk> out = HybridRetriever.rrf().retrieve(q, index, 2);
            assertThat(out).extracting(ScoredChunk::id).containsExactly("C", "B");
            assertThat(out.get(0).embedding()).isEqualTo(index.vector("C"));
        }
    }

    @Test
    void takesTheLexicalRankingFromTheIndexsOwnFullTextSearchWhenItHasOne() {
        try (InMemoryEphemeralIndex memory = new InMemoryEphemeralIndex("h", 2)) {
            memory.add(List.of(chunk("A", "nothing lexical here"), chunk("B", "comet tails"), chunk("C", "comet comet")),
                    List.of(new float[] {1, 0}, new float[] {0.6f, 0.8f}, new float[] {0, 1}));
            // an engine whose lexical ranking is [B] alone: our own BM25 would rank C, B
            TextSearch engine = new TextSearch() {
                @Override
                public List<ScoredChunk> textSearch(String text, int k, MetadataFilter filter) {
                    return List.of(new ScoredChunk(chunk("B", "comet tails"), 7.0, memory.vector("B")));
                }

                @Override
                public List<ScoredChunk> hybridSearch(float[] vector, String text, int k, MetadataFilter filter) {
                    throw new UnsupportedOperationException();
                }
            };
            EphemeralIndex index = (EphemeralIndex) Proxy.newProxyInstance(EphemeralIndex.class.getClassLoader(),
                    new Class<?>[] {EphemeralIndex.class}, (proxy, method, args) -> method.getName().equals("fullTextSearch")
                            ? Optional.of(engine) : method.invoke(memory, args));
            Query q = Query.of("comet").withEmbedding(new float[] {1, 0});
            Map<String, Object> trace = new HashMap<>();
            // RRF: A 1/61 (dense only), B 1/62 + 1/61, C 1/63 (dense only) → B, A, C
            List<ScoredChunk> out = HybridRetriever.rrf().retrieve(q, index, 3, trace::put);
            assertThat(out).extracting(ScoredChunk::id).containsExactly("B", "A", "C");
            assertThat(trace.get("bm25")).isEqualTo(List.of("B"));
        }
    }

    @Test
    void theNamedFactoriesAreTheBuilderSettingTheirFusion() {
        assertThat(HybridRetriever.rrf().describe()).isEqualTo(HybridRetriever.builder().build().describe())
                .containsEntry("fusion", "rrf").containsEntry("rrfK", HybridRetriever.DEFAULT_RRF_K);
        assertThat(HybridRetriever.weighted().describe())
                .isEqualTo(HybridRetriever.builder().fusion(Fusion.WEIGHTED).build().describe())
                .containsEntry("fusion", "weighted").containsEntry("bm25Weight", HybridRetriever.DEFAULT_BM25_WEIGHT);
        assertThat(HybridRetriever.weighted(0.5).describe()).containsEntry("bm25Weight", 0.5);
        assertThatThrownBy(() -> HybridRetriever.weighted(-0.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-0.1");
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> HybridRetriever.builder().bm25Weight(1.1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1.1");
        assertThatThrownBy(() -> HybridRetriever.builder().rrfK(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HybridRetriever.builder().fusion(Fusion.RRF).fusion(Fusion.WEIGHTED))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
    }
}
