package io.github.astrorag.examples;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the example programs' stand-in chat models reply, since no language model runs in the build: to a
 * prompt made by this library's {@code PromptTemplate} (the question after {@code Question: }, the passages
 * fenced as {@code <passage n="1" ...>}), the passage sentence sharing the most words with the question
 * (a sentence ends at {@code .}, {@code !} or {@code ?}, or at a line break before a capital letter),
 * followed by its passage's number as {@code [n]}; the earliest such sentence on a tie, and
 * {@value #NO_ANSWER} when there are no passages. It understands nothing: a real application passes its
 * OpenAI, Ollama or other chat model instead. Stateless; thread-safe.
 */
public final class QuotingReplier {

    /** The reply when the prompt holds no passage. */
    public static final String NO_ANSWER = "The passages do not contain the answer.";

    private static final Pattern QUESTION = Pattern.compile("(?m)^Question: (.*)$");
    private static final Pattern PASSAGE = Pattern.compile("<passage n=\"(\\d+)\"[^>]*>\\n(.*?)\\n</passage>", Pattern.DOTALL);
    /** After a full stop, or at a line break before a capital (a heading's end). */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\n(?=\\p{Lu})");
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private QuotingReplier() {
    }

    /**
     * The reply to {@code prompt}. O(length of the prompt).
     *
     * @param prompt the text the model was given
     * @return one sentence of a passage and its {@code [n]}, or {@value #NO_ANSWER}
     */
    public static String reply(String prompt) {
        Matcher question = QUESTION.matcher(prompt);
        Set<String> asked = question.find() ? words(question.group(1)) : Set.of();
        String best = null;
        long bestShared = -1;
        Matcher passage = PASSAGE.matcher(prompt);
        while (passage.find()) {
            for (String sentence : SENTENCE_END.split(passage.group(2).strip())) {
                long shared = words(sentence).stream().filter(asked::contains).count();
                if (shared > bestShared) {
                    bestShared = shared;
                    best = sentence.replaceAll("\\s+", " ") + " [" + passage.group(1) + "]";
                }
            }
        }
        return best == null ? NO_ANSWER : best;
    }

    private static Set<String> words(String text) {
        return Arrays.stream(NON_WORD.split(text.toLowerCase(Locale.ROOT))).filter(w -> !w.isEmpty()).collect(Collectors.toSet());
    }
}
