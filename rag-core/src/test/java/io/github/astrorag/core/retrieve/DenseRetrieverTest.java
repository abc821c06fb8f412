package io.github.astrorag.core.retrieve;

import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.testing.RetrieverContract;

class DenseRetrieverTest extends RetrieverContract {

    @Override
    protected Retriever retriever() {
        return new DenseRetriever();
    }
}
