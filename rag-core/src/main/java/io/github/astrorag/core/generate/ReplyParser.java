package io.github.astrorag.core.generate;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.TraceSink;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns a language model's reply to a prompt of {@link PromptTemplate} into an {@link Answer}: what every
 * generator that asks a model does after the call ({@link HttpLlmGenerator} and the adapters over other
 * frameworks' chat models).
 *
 * <p>The answer's text is the reply stripped of surrounding white space; its citations are read by
 * {@link CitationParser} (numbers naming no chunk are dropped and listed in the trace under
 * {@value CitationParser#INVALID_CITATIONS}); for a multiple-choice query its choice is read by
 * {@link ChoiceParser} ({@code null}, and {@value ChoiceParser#UNPARSED_CHOICE} in the trace, when the reply
 * names no option strictly); its trace is {@link Trace#EMPTY}.
 *
 * <p><b>Declines.</b> A reply that declines becomes {@link Answer#abstention(String, String, Context) an abstention}
 * saying {@link Answer#NOT_ANSWERED}, not an uncited answer ({@value #ABSTAINED} {@code true} and the reply under
 * {@value #DECLINED_REPLY} in the trace; {@value #ABSTAINED} {@code false} otherwise). The reply is compared
 * lower-cased, with citation marks {@code [n]}, quotes, {@code *} and end punctuation removed, curly apostrophes
 * straightened and white space collapsed. It declines when it is {@link Answer#NOT_ANSWERED}; or when it has at most
 * {@value #MAX_DECLINE_WORDS} words, cites no passage, names no option, and starts with one of
 * {@link #DECLINE_OPENINGS} ("the documents do not answer", "the passages do not contain", "i don't know", ...).
 * A reply that answers and mentions a gap later ("X [1]; the passages do not say when") is an answer. Linear in the
 * reply's length plus the quotes' cost (see {@link CitationParser}). Stateless; thread-safe.
 */
public final class ReplyParser {

    /** Trace key: whether the reply declined (a boolean). */
    public static final String ABSTAINED = "abstained";
    /** Trace key: the reply that declined, as the model wrote it. */
    public static final String DECLINED_REPLY = "declinedReply";
    /** The most words of a reply that declines in other words than {@link Answer#NOT_ANSWERED}. */
    public static final int MAX_DECLINE_WORDS = 30;
    /** How a reply that declines starts, normalised as the class comment says. */
    public static final List<String> DECLINE_OPENINGS = List.of(
            "the documents do not", "the documents don't", "the document does not", "the document doesn't",
            "the passages do not", "the passages don't", "the passage does not", "the passage doesn't",
            "the provided passages do not", "the provided passages don't", "the given passages do not",
            "the context does not", "the context doesn't", "the provided context does not",
            "the provided context doesn't", "none of the passages", "no passage", "there is no information",
            "there is not enough information", "there isn't enough information", "i don't know", "i do not know",
            "i cannot answer", "i can't answer", "i am unable to answer", "i'm unable to answer", "unable to answer",
            "not answered", "cannot be answered", "it cannot be determined", "the answer is not in");

    private static final Pattern MARKS = Pattern.compile("\\[\\s*\\d+(?:\\s*[,;]\\s*\\d+)*\\s*\\]|[\"*`\u201c\u201d]");
    private static final Pattern SPACES = Pattern.compile("\\s+");

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
     * @return the answer, with {@link Trace#EMPTY}; an abstention if the reply declines
     */
    public Answer answer(Query query, Context context, String reply, TraceSink trace) {
        String text = reply.strip();
        List<Citation> cited = citations.parse(text, context, trace);
        String choice = query.multipleChoice() ? choices.parse(text, query.options(), trace) : null;
        if (declines(text, cited.isEmpty() && choice == null)) {
            trace.put(ABSTAINED, true);
            trace.put(DECLINED_REPLY, text);
            return Answer.abstention(query.text(), Answer.NOT_ANSWERED, context);
        }
        trace.put(ABSTAINED, false);
        return new Answer(query.text(), text, cited, choice, context, Trace.EMPTY);
    }

    /**
     * Whether {@code reply} declines to answer (see the class comment).
     *
     * @param reply a model's reply
     * @param nothingElse whether the reply cites no passage and names no option
     * @return {@code true} for {@link Answer#NOT_ANSWERED} and, if {@code nothingElse}, a short reply that starts
     *         as a decline does
     */
    static boolean declines(String reply, boolean nothingElse) {
        String s = normalised(reply);
        if (s.equals(normalised(Answer.NOT_ANSWERED))) {
            return true;
        }
        if (!nothingElse || s.isEmpty() || SPACES.split(s).length > MAX_DECLINE_WORDS) {
            return false;
        }
        return DECLINE_OPENINGS.stream().anyMatch(s::startsWith);
    }

    private static String normalised(String text) {
        String s = MARKS.matcher(text.replace('\u2019', '\'').replace('\u2018', '\'')).replaceAll(" ");
        s = SPACES.matcher(s.toLowerCase(Locale.ROOT)).replaceAll(" ").strip();
        while (!s.isEmpty() && ".!:;, ".indexOf(s.charAt(s.length() - 1)) >= 0) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
