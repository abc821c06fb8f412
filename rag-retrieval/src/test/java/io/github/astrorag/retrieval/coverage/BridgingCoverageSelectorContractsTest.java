package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.testing.RerankerContract;
import org.junit.jupiter.api.Nested;

/** {@link BridgingCoverageSelector} is both a reranker and a context selector: both contracts. */
class BridgingCoverageSelectorContractsTest {

    @Nested
    class AsReranker extends RerankerContract {
        @Override
        protected Reranker reranker() {
            return BridgingCoverageSelector.defaults();
        }
    }

    @Nested
    class AsSelector extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return BridgingCoverageSelector.defaults();
        }
    }

    @Nested
    class AsSelectorKeepingTheRelevantWindow extends ContextSelectorContract {
        @Override
        protected ContextSelector selector() {
            return BridgingCoverageSelector.builder()
                    .assembler(TokenBudgetSelector.builder().relevantWindow(true).minFillTokens(4).build()).build();
        }
    }
}
