package io.github.astrorag.mcts.score;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.testing.CombinationScorerContract;
import io.github.astrorag.core.testing.TestChunks;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;

/** The {@link CombinationScorer} contract for the scorers of rag-mcts. */
class CombinationScorerContractsTest {

    @Nested
    class QueryCoverage extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return QueryCoverageScorer.defaults();
        }
    }

    @Nested
    class QueryCoverageWithoutOrder extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return QueryCoverageScorer.builder().positionDecay(1).redundancyWeight(0.5).build();
        }
    }

    @Nested
    class ConcatenationEmbedding extends CombinationScorerContract {
        private final HashingEmbedder embedder = new HashingEmbedder(64);

        @Override
        protected CombinationScorer scorer() {
            return new ConcatenationEmbeddingScorer(embedder);
        }

        @Override
        protected Query query() {
            Query q = TestChunks.query();
            return q.withEmbedding(embedder.embedQuery(q.text()));
        }
    }

    /** The same without a query vector: the scorer embeds the question itself. */
    @Nested
    class ConcatenationEmbeddingOfTheQuestionText extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return new ConcatenationEmbeddingScorer(new HashingEmbedder(64));
        }

        @Override
        protected Query query() {
            return Query.of(TestChunks.query().text());
        }
    }

    /**
     * Over a reranker that scores each candidate on its own and keeps every one (the question's distinct words the
     * text holds), as {@link RerankerCombinationScorer} needs for batch-independent scores.
     */
    @Nested
    class OverAPointwiseReranker extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            Reranker wordsInCommon = (query, candidates, trace) -> {
                Set<String> asked = Arrays.stream(query.text().toLowerCase(Locale.ROOT).split("\\W+")).collect(Collectors.toSet());
                return candidates.stream()
                        .map(c -> c.withScore(Arrays.stream(c.chunk().text().toLowerCase(Locale.ROOT).split("\\W+"))
                                .filter(asked::contains).distinct().count()))
                        .sorted(ScoredChunk.BY_SCORE).toList();
            };
            return new RerankerCombinationScorer(wordsInCommon);
        }
    }
}
