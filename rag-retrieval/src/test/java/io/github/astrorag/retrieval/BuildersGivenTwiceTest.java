package io.github.astrorag.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.testing.GivenTwice;
import io.github.astrorag.core.testing.GivenTwice.Values;
import io.github.astrorag.retrieval.coverage.BridgingCoverageSelector;
import io.github.astrorag.retrieval.graph.PageRankReranker;
import io.github.astrorag.retrieval.hybrid.HybridRetriever;
import io.github.astrorag.retrieval.lexical.Bm25Retriever;
import io.github.astrorag.retrieval.mmr.MmrRetriever;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every builder of rag-retrieval keeps the house rule: a setting given twice throws {@link IllegalStateException}
 * (checked by {@link GivenTwice} over every public setter, so a new setter is checked too).
 */
class BuildersGivenTwiceTest {

    @Test
    void retrieversAndRerankers() {
        GivenTwice.assertEverySettingOnce(MmrRetriever::builder, Values.defaults(), Map.of());
        GivenTwice.assertEverySettingOnce(HybridRetriever::builder, Values.defaults()
                .type(Bm25Retriever.class, Bm25Retriever::new), Map.of());
        GivenTwice.assertEverySettingOnce(PageRankReranker::builder, Values.defaults(), Map.of());
    }

    @Test
    void bridgingCoverageSelector() {
        assertThat(GivenTwice.assertEverySettingOnce(BridgingCoverageSelector::builder, Values.defaults()
                .type(TokenBudgetSelector.class, TokenBudgetSelector::new), Map.of()))
                .contains("queryCoverageOnly()", "weight(double)", "assembler(TokenBudgetSelector)");
    }
}
