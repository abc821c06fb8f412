package io.github.astrorag.mcts.score;

import static io.github.astrorag.mcts.Fixtures.chunk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CombinationScorersTest {

    private static final Query Q = Query.of("red star mass");
    private static final ScoredChunk A = chunk("A", "a red star", 1.0, new float[] {1, 0});
    private static final ScoredChunk B = chunk("B", "its mass", 0.5, new float[] {0.6f, 0.8f});
    private static final ScoredChunk C = chunk("C", "blue sky", 0.0, new float[] {0, 1});

    @Test
    void coverageScorerMatchesHandComputedValuesAndOrderMatters() {
        QueryCoverageScorer s = QueryCoverageScorer.builder().relevanceWeight(0.3).coverageWeight(0.7).redundancyWeight(0).build();
        // unprepared: raw scores, idf = 1; terms of Q: red, star, mass
        assertThat(s.score(Q, List.of(A))).isCloseTo(0.3 * 1.0 + 0.7 * 2 / 3.0, within(1e-12));
        double ab = 0.3 * (1.0 + 0.9 * 0.5) / 1.9 + 0.7;
        double ba = 0.3 * (0.5 + 0.9 * 1.0) / 1.9 + 0.7;
        assertThat(s.scoreAll(Q, List.of(List.of(A, B), List.of(B, A)))).containsExactly(new double[] {ab, ba}, within(1e-12));
        assertThat(ab).isGreaterThan(ba);
        // non-monotone: C adds no term and dilutes relevance
        assertThat(s.score(Q, List.of(A, B, C))).isLessThan(ab);
    }

    @Test
    void coverageScorerPenalisesRedundancyByMaxPairwiseCosine() {
        QueryCoverageScorer s = QueryCoverageScorer.builder().relevanceWeight(0.3).coverageWeight(0.7).redundancyWeight(0.3).build();
        double ab = 0.3 * (1.0 + 0.9 * 0.5) / 1.9 + 0.7 - 0.3 * 0.6;
        assertThat(s.score(Q, List.of(A, B))).isCloseTo(ab, within(1e-6));
        double abc = 0.3 * (1.0 + 0.9 * 0.5 + 0.81 * 0.0) / 2.71 + 0.7 - 0.3 * 0.8;
        assertThat(s.score(Q, List.of(A, B, C))).isCloseTo(abc, within(1e-6));
    }

    @Test
    void preparedCoverageScorerWeighsTermsByIdfAndNormalisesRelevance() {
        ScoredChunk d = chunk("D", "red giant", 3.0);
        CombinationScorer s = QueryCoverageScorer.builder().relevanceWeight(0.3).coverageWeight(0.7).redundancyWeight(0).build()
                .prepare(Q, List.of(A, B, C, d));
        // n = 4; df(red) = 2, df(star) = 1, df(mass) = 1; relevance min-max over scores 0..3
        double red = Math.log(1 + 4 / 3.0);
        double one = Math.log(1 + 4 / 2.0);
        double coverage = (red + one) / (red + 2 * one);
        assertThat(s.score(Q, List.of(A))).isCloseTo(0.3 * (1.0 / 3) + 0.7 * coverage, within(1e-12));
        assertThatThrownBy(() -> s.score(Q, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void embeddingScorerEmbedsEachConcatenationOnceInOneCall() {
        HashingEmbedder hashing = new HashingEmbedder();
        AtomicInteger calls = new AtomicInteger();
        Embedder counting = new Embedder() {
            @Override
            public int dimension() {
                return hashing.dimension();
            }

            @Override
            public List<float[]> embedDocuments(List<String> texts) {
                calls.incrementAndGet();
                return hashing.embedDocuments(texts);
            }
        };
        Query q = Q.withEmbedding(hashing.embedQuery(Q.text()));
        double[] scores = new ConcatenationEmbeddingScorer(counting).scoreAll(q, List.of(List.of(A, B), List.of(C)));
        assertThat(calls.get()).isEqualTo(1);
        float[] qv = hashing.embedQuery(Q.text());
        assertThat(scores[0]).isCloseTo(Vectors.dot(qv, hashing.embedQuery("a red star\n\nits mass")), within(1e-6));
        assertThat(scores[1]).isCloseTo(Vectors.dot(qv, hashing.embedQuery("blue sky")), within(1e-6));
    }

    @Test
    void rerankerScorerSendsOnePseudoChunkPerCombinationInOneCall() {
        AtomicInteger calls = new AtomicInteger();
        Reranker byLength = (query, candidates, trace) -> {
            calls.incrementAndGet();
            // scores by text length and drops the shortest
            return candidates.stream().map(c -> c.withScore(c.chunk().text().length()))
                    .sorted(ScoredChunk.BY_SCORE).limit(candidates.size() - 1).toList();
        };
        double[] scores = new RerankerCombinationScorer(byLength).scoreAll(Q, List.of(List.of(A, B), List.of(C), List.of(B, C)));
        assertThat(calls.get()).isEqualTo(1);
        // "a red star\n\nits mass" = 20 chars, "its mass\n\nblue sky" = 18; "blue sky" (8) dropped -> lowest returned
        assertThat(scores).containsExactly(20.0, 18.0, 18.0);
        ScoredChunk pseudo = RerankerCombinationScorer.pseudoChunk(List.of(A, B));
        assertThat(pseudo.id()).isEqualTo("A + B");
        assertThat(pseudo.embedding()).isNull();
    }

    @Test
    void defaultsFavourCoverage() {
        // defaults 0.1 / 1.0 / 0.1: [A, B] covers all three terms
        double ab = 0.1 * (1.0 + 0.9 * 0.5) / 1.9 + 1.0 - 0.1 * 0.6;
        assertThat(QueryCoverageScorer.defaults().score(Q, List.of(A, B))).isCloseTo(ab, within(1e-6));
    }

    @Test
    void coverageBuilderFailsFast() {
        assertThatThrownBy(() -> QueryCoverageScorer.builder().positionDecay(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("positionDecay must be in (0, 1], was 0.0");
        assertThatThrownBy(() -> QueryCoverageScorer.builder().coverageWeight(11))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 10, was 11.0");
    }
}
