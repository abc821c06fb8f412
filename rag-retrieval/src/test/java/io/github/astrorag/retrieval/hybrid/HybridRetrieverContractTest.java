package io.github.astrorag.retrieval.hybrid;

import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.RetrieverContract;

class HybridRetrieverContractTest extends RetrieverContract {

    @Override
    protected Retriever retriever() {
        return HybridRetriever.rrf();
    }
}
