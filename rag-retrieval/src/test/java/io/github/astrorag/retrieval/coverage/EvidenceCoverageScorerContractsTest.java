package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.testing.CombinationScorerContract;
import org.junit.jupiter.api.Nested;

/** The {@link CombinationScorer} contract for {@link EvidenceCoverageScorer}, over the default objective and query coverage alone. */
class EvidenceCoverageScorerContractsTest {

    @Nested
    class Defaults extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return EvidenceCoverageScorer.defaults();
        }
    }

    @Nested
    class Plain extends CombinationScorerContract {
        @Override
        protected CombinationScorer scorer() {
            return EvidenceCoverageScorer.of(BridgingCoverageSelector.queryCoverage());
        }
    }
}
