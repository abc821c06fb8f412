package io.github.astrorag.core.model;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one question with everything needed to check it.
 *
 * @param question  the question asked
 * @param text      the answer text, citing sources as {@code [n]}
 * @param citations the cited chunks, each one of the context's chunks
 * @param choice    for multiple-choice questions the chosen option letter(s), else {@code null}
 * @param context   the context the answer was generated from
 * @param trace     how the answer came about; {@link Trace#EMPTY} from a generator alone
 */
public record Answer(String question, String text, List<Citation> citations, @Nullable String choice,
                     Context context, Trace trace) {

    /**
     * Checks that no component is {@code null} and copies the citations.
     *
     * @param question the question asked
     * @param text the answer text, citing sources as {@code [n]}
     * @param citations the cited chunks, each one of the context's chunks
     * @param choice for multiple-choice questions the chosen option letter(s), else {@code null}
     * @param context the context the answer was generated from
     * @param trace how the answer came about; {@link Trace#EMPTY} from a generator alone
     */
    public Answer {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(text, "text");
        citations = List.copyOf(citations);
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(trace, "trace");
    }

    /**
     * Whether the answer cites nothing although the context was not empty: a reply that may not come from
     * the documents (a model that ignored them, or followed instructions planted in one), to be shown
     * with a warning.
     *
     * @return {@code true} if the answer has no citation and the context has at least one chunk
     */
    public boolean uncited() {
        return citations.isEmpty() && !context.isEmpty();
    }

    /**
     * The same answer with a trace.
     *
     * @param newTrace the trace to attach
     * @return a new answer, equal but for the trace
     */
    public Answer withTrace(Trace newTrace) {
        return new Answer(question, text, citations, choice, context, newTrace);
    }
}
