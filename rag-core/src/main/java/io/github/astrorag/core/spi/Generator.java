package io.github.astrorag.core.spi;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import java.util.function.Consumer;

/**
 * Writes the answer from the selected context, in one pass.
 *
 * <p>Contract: every citation names a chunk of {@code context} (its {@code chunkId}) and quotes that chunk's
 * text verbatim; there is one citation per cited chunk, and its {@code number} is the one the answer's text
 * writes for it ({@code [n]}): the offline generator numbers sources 1, 2, ... in answer order, a model's reply
 * the passages as the prompt numbered them (the n-th chunk of the context). A model's number that names no
 * chunk is dropped from the citations, never mapped to a guess. For a
 * multiple-choice query the answer's {@code choice} holds the chosen letter(s). The returned answer's
 * trace is {@link io.github.astrorag.core.model.Trace#EMPTY}: the pipeline fills it in. Failures are
 * {@link io.github.astrorag.core.GenerationException}s. Thread-safe.
 */
@FunctionalInterface
public interface Generator extends Described {

    /**
     * The answer to {@code query} from {@code context}, writing facts of the call (the prompt's size,
     * invalid citations) to {@code trace}. This is the method an implementation writes.
     *
     * @param query the question, with options for multiple choice
     * @param context the selected context; may be empty
     * @param trace where the generator writes its facts
     * @return the answer, its citations among the context's chunks
     */
    Answer generate(Query query, Context context, TraceSink trace);

    /**
     * As {@link #generate(Query, Context, TraceSink)} with nothing traced: a convenience for callers.
     *
     * @param query the question, with options for multiple choice
     * @param context the selected context; may be empty
     * @return the answer, its citations among the context's chunks
     */
    default Answer generate(Query query, Context context) {
        return generate(query, context, TraceSink.NONE);
    }

    /**
     * Generates while handing each piece of text to {@code onToken} as it arrives; returns the same
     * answer as {@link #generate(Query, Context)}. The default delivers the whole text at once.
     *
     * @param query the question, with options for multiple choice
     * @param context the selected context; may be empty
     * @param onToken called with each piece of text, in order, on the calling thread
     * @param trace where the generator writes its facts
     * @return the answer, the same as {@link #generate(Query, Context, TraceSink)} gives
     */
    default Answer stream(Query query, Context context, Consumer<String> onToken, TraceSink trace) {
        Answer answer = generate(query, context, trace);
        onToken.accept(answer.text());
        return answer;
    }
}
