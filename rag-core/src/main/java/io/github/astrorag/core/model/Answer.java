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
 * @param abstained whether the generator declined to answer because the context does not answer the question
 *                  (then {@code text} says so, e.g. {@link #NOT_ANSWERED}, and nothing is cited)
 */
public record Answer(String question, String text, List<Citation> citations, @Nullable String choice,
                     Context context, Trace trace, boolean abstained) {

    /** The sentence of an abstention: what the offline generator says, and what a language model is asked to say. */
    public static final String NOT_ANSWERED = "The documents do not answer this question.";

    /**
     * Checks that no component is {@code null} and copies the citations.
     *
     * @param question the question asked
     * @param text the answer text, citing sources as {@code [n]}
     * @param citations the cited chunks, each one of the context's chunks
     * @param choice for multiple-choice questions the chosen option letter(s), else {@code null}
     * @param context the context the answer was generated from
     * @param trace how the answer came about; {@link Trace#EMPTY} from a generator alone
     * @param abstained whether the generator declined to answer (then nothing may be cited)
     * @throws IllegalArgumentException if an abstention cites something
     */
    public Answer {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(text, "text");
        citations = List.copyOf(citations);
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(trace, "trace");
        if (abstained && !citations.isEmpty()) {
            throw new IllegalArgumentException("an abstention cites nothing, but " + citations.size() + " citations were given");
        }
    }

    /**
     * An answer that is not an abstention (the form every generator written before abstentions existed uses).
     *
     * @param question the question asked
     * @param text the answer text, citing sources as {@code [n]}
     * @param citations the cited chunks, each one of the context's chunks
     * @param choice for multiple-choice questions the chosen option letter(s), else {@code null}
     * @param context the context the answer was generated from
     * @param trace how the answer came about; {@link Trace#EMPTY} from a generator alone
     */
    public Answer(String question, String text, List<Citation> citations, @Nullable String choice, Context context,
                  Trace trace) {
        this(question, text, citations, choice, context, trace, false);
    }

    /**
     * An abstention: the context does not answer {@code question}, so the answer says so and cites nothing.
     *
     * @param question the question asked
     * @param text what the answer says, usually {@link #NOT_ANSWERED}
     * @param context the context that did not answer it
     * @return a new abstention with {@link Trace#EMPTY}
     */
    public static Answer abstention(String question, String text, Context context) {
        return new Answer(question, text, List.of(), null, context, Trace.EMPTY, true);
    }

    /**
     * Whether the answer cites nothing although the context was not empty: a reply that may not come from
     * the documents (a model that ignored them, or followed instructions planted in one), to be shown
     * with a warning.
     *
     * @return {@code true} if the answer is no abstention, has no citation and the context has at least one chunk
     */
    public boolean uncited() {
        return citations.isEmpty() && !context.isEmpty() && !abstained;
    }

    /**
     * The same answer with a trace.
     *
     * @param newTrace the trace to attach
     * @return a new answer, equal but for the trace
     */
    public Answer withTrace(Trace newTrace) {
        return new Answer(question, text, citations, choice, context, newTrace, abstained);
    }
}
