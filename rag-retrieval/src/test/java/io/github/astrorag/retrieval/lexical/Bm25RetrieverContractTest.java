package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.RetrieverContract;

class Bm25RetrieverContractTest extends RetrieverContract {

    @Override
    protected Retriever retriever() {
        return new Bm25Retriever();
    }
}
