package io.github.astrorag.retrieval.rerank;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.testing.RerankerContract;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import org.junit.jupiter.api.Nested;

/** The rerankers of rag-retrieval against the {@link Reranker} contract, keeping all and keeping a few. */
class RerankerContractsTest {

    @Nested
    class Embedding extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return new EmbeddingReranker(new HashingEmbedder(64));
        }
    }

    @Nested
    class EmbeddingTopThree extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return new EmbeddingReranker(new HashingEmbedder(64), 3);
        }
    }

    @Nested
    class Bm25 extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return new Bm25Reranker();
        }
    }

    @Nested
    class Bm25TopThree extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return new Bm25Reranker(3);
        }
    }

    @Nested
    class PageRank extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return PageRankReranker.defaults();
        }
    }
}
