package io.github.astrorag.eval;

import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Generator;
import java.util.List;
import java.util.Map;

/**
 * A generator that writes nothing: with it the pipeline runs every stage up to the selected context and
 * still returns a full trace, which is what {@code --no-generate} measures. The answer text is empty,
 * cites nothing and chooses no option. Stateless, thread-safe.
 */
final class ContextOnlyGenerator implements Generator {

    @Override
    public Answer generate(Query query, Context context, TraceSink trace) {
        return new Answer(query.text(), "", List.of(), null, context, Trace.EMPTY);
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "none");
    }
}
