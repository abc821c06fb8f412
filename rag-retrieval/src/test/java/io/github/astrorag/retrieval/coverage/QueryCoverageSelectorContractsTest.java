package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.testing.RerankerContract;
import org.junit.jupiter.api.Nested;

/** The query-coverage configuration, {@link BridgingCoverageSelector#queryCoverage()}, is both a reranker and a context selector: both contracts. */
class QueryCoverageSelectorContractsTest {

    @Nested
    class AsReranker extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return BridgingCoverageSelector.queryCoverage();
        }
    }

    @Nested
    class AsSelector extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return BridgingCoverageSelector.queryCoverage();
        }
    }
}
