package io.github.astrorag.core.generate;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.TraceSink;
import java.util.List;

/**
 * Turns a language model's reply to a prompt of {@link PromptTemplate} into an {@link Answer}: what every
 * generator that asks a model does after the call ({@link HttpLlmGenerator} and the adapters over other
 * frameworks' chat models).
 *
 * <p>The answer's text is the reply stripped of surrounding white space; its citations are read by
 * {@link CitationParser} (numbers naming no chunk are dropped and listed in the trace under
 * {@value CitationParser#INVALID_CITATIONS}); for a multiple-choice query its choice is read by
 * {@link ChoiceParser} ({@code null}, and {@value ChoiceParser#UNPARSED_CHOICE} in the trace, when the reply
 * names no option strictly); its trace is {@link Trace#EMPTY}. Linear in the reply's length plus the
 * quotes' cost (see {@link CitationParser}). Stateless; thread-safe.
 */
public final class ReplyParser {

    private final CitationParser citations = new CitationParser();
    private final ChoiceParser choices = new ChoiceParser();

    /** A parser; it holds no state, so one may be shared. */
    public ReplyParser() {
    }

    /**
     * The answer to {@code query} that {@code reply} gives from {@code context}.
     *
     * @param query   the question the prompt asked
     * @param context the context the prompt numbered
     * @param reply   the model's reply
     * @param trace   where dropped citation numbers and an unread choice are written
     * @return the answer, with {@link Trace#EMPTY}
     */
    public Answer answer(Query query, Context context, String reply, TraceSink trace) {
        String text = reply.strip();
        List<Citation> cited = citations.parse(text, context, trace);
        String choice = query.multipleChoice() ? choices.parse(text, query.options(), trace) : null;
        return new Answer(query.text(), text, cited, choice, context, Trace.EMPTY);
    }
}
