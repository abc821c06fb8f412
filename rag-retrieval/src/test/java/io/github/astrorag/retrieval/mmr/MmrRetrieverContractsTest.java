package io.github.astrorag.retrieval.mmr;

import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.RerankerContract;
import io.github.astrorag.core.testing.RetrieverContract;
import org.junit.jupiter.api.Nested;

/** {@link MmrRetriever} is both a retriever and a reranker: both contracts. */
class MmrRetrieverContractsTest {

    @Nested
    class AsRetriever extends RetrieverContract {
        @Override
        protected Retriever retriever() {
            return MmrRetriever.defaults();
        }
    }

    @Nested
    class AsReranker extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return MmrRetriever.defaults();
        }
    }
}
