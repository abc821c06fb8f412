package io.github.astrorag.retrieval.hyde;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.testing.QueryTransformerContract;
import java.util.List;

/** HyDE in both modes with an in-process generator that writes a passage from the prompt's words. */
class HydeQueryTransformerContractTest extends QueryTransformerContract {

    @Override
    protected QueryTransformer transformer() {
        return new HydeQueryTransformer((query, context, trace) -> new Answer(query.text(),
                "A passage about " + query.text().toLowerCase(java.util.Locale.ROOT) + " It is far away.",
                List.of(), null, context, Trace.EMPTY));
    }
}
