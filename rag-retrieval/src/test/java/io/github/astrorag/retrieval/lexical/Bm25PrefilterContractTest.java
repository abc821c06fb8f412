package io.github.astrorag.retrieval.lexical;

import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.testing.PrefilterContract;

class Bm25PrefilterContractTest extends PrefilterContract {

    @Override
    protected Prefilter prefilter() {
        return new Bm25Prefilter();
    }
}
