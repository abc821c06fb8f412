package io.github.astrorag.project.downstream;

import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.testing.ContextSelectorContract;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A downstream test as docs/design.md describes it: a selector written outside the library (whole candidates,
 * in order, while they fit) checked by the contract from rag-core's test-jar, which this module uses as a
 * downstream project would (type test-jar, scope test).
 */
class FirstFitSelectorTest extends ContextSelectorContract {

    @Override
    protected ContextSelector selector() {
        TokenCounter counter = TokenCounter.p50k();
        return (query, candidates, budget, trace) -> {
            if (budget <= 0) {
                throw new IllegalArgumentException("budget must be positive, was " + budget);
            }
            List<ScoredChunk> kept = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (ScoredChunk c : candidates) {
                texts.add(c.chunk().text());
                if (counter.count(String.join(Context.SEPARATOR, texts)) <= budget) {
                    kept.add(c);
                } else {
                    texts.remove(texts.size() - 1);
                }
            }
            String text = String.join(Context.SEPARATOR, texts);
            return new Context(kept, text, counter.count(text), budget, Map.of());
        };
    }
}
