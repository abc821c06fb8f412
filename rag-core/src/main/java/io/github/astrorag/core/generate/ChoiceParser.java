package io.github.astrorag.core.generate;

import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads the chosen option letter(s) from a model's reply to a multiple-choice question, strictly.
 *
 * <p>A <em>letter list</em> is one option letter, or several joined by {@code ,}, {@code and} or {@code &}
 * ({@code B}, {@code B, D}, {@code B and D}); each letter may stand in parentheses ({@code (B)}). Letters
 * are the query's option keys, case-sensitive. Emphasis markers ({@code *}, {@code _}) are ignored. A
 * letter list counts only where it ends the reply or is followed by {@code . ) : ; ,}, a dash, a line
 * break or a citation {@code [n]} (or its last letter was in parentheses), and not by a separator and a
 * lone capital that is not an option ({@code "B, E"}). Letter lists are read at two places:
 * <ol>
 *   <li>at the start of the reply, after an optional lead-in such as {@code Answer:}, {@code The answer
 *       is} or {@code Option}: so {@code "B. Because [1]"}, {@code "(C) The …"} and {@code "Answer: B, D"}
 *       are read, while {@code "A star forms …"} is not mistaken for option A;</li>
 *   <li>after every phrase {@code answer is} / {@code answer:} anywhere in the reply
 *       ({@code "… so the answer is C [2]."}).</li>
 * </ol>
 * If all the letter lists read name the same letters, those are the choice, written as the distinct
 * letters in option order joined by {@code ", "} ({@code "B, D"}). Otherwise (none read, or a reply that
 * changes its mind) there is no choice ({@code null}) and the trace gets {@value #UNPARSED_CHOICE} =
 * {@code true}. Linear in the reply's length. Stateless; thread-safe.
 */
public final class ChoiceParser {

    /** Trace key set to {@code true} when no choice could be read. */
    public static final String UNPARSED_CHOICE = "unparsedChoice";

    private static final Pattern EMPHASIS = Pattern.compile("[*_]+");
    private static final Pattern LEAD_IN = Pattern.compile(
            "(?i)^\\s*(?:(?:the\\s+)?(?:correct\\s+|final\\s+|best\\s+)?(?:answer|option|choice)s?\\s*(?:is|are|:|=)?\\s*)?"
                    + "(?:options?\\s+)?");
    private static final Pattern ANSWER_PHRASE = Pattern.compile("(?i)\\banswers?\\s*(?:is|are|:)\\s*(?:options?\\s+)?");
    private static final Pattern SEPARATOR = Pattern.compile("\\s*(?:,|&|\\band\\b)\\s*");
    private static final Pattern END = Pattern.compile("\\s*$|[.):;,\\n]|\\s*[-–—\\[\\n]");
    private static final Pattern OTHER_LETTER = Pattern.compile("\\s*(?:,|&|\\band\\b)\\s*\\(?\\p{Lu}\\)?(?=\\s*$|[.),;:\\[])");

    /**
     * The chosen letters, or {@code null} (flagged in {@code trace}) when the reply names none strictly.
     *
     * @param reply   the model's reply
     * @param options the query's options, by letter
     * @param trace where a reply without a strict choice is flagged
     * @return the letters joined by {@code ", "} (e.g. {@code "A, C"}), or {@code null}
     */
    public @Nullable String parse(String reply, Map<String, String> options, TraceSink trace) {
        String text = EMPHASIS.matcher(reply).replaceAll("");
        Matcher lead = LEAD_IN.matcher(text);
        Set<List<String>> found = new LinkedHashSet<>();
        List<String> leading = lead.find() ? letterList(text, lead.end(), options) : null;
        if (leading != null) {
            found.add(leading);
        }
        Matcher phrase = ANSWER_PHRASE.matcher(text);
        while (phrase.find()) {
            List<String> l = letterList(text, phrase.end(), options);
            if (l != null) {
                found.add(l);
            }
        }
        List<String> letters = found.size() == 1 ? found.iterator().next() : null;
        if (letters == null) {
            trace.put(UNPARSED_CHOICE, true);
            return null;
        }
        return String.join(", ", letters);
    }

    /** The letter list starting at {@code from}, distinct and in option order, or null if there is none there. */
    private static @Nullable List<String> letterList(String text, int from, Map<String, String> options) {
        List<String> keys = new ArrayList<>(options.keySet());
        keys.sort(Comparator.comparingInt(String::length).reversed());
        Set<String> letters = new TreeSet<String>();
        int pos = from;
        boolean parenthesised;
        while (true) {
            boolean open = pos < text.length() && text.charAt(pos) == '(';
            int at = open ? pos + 1 : pos;
            String letter = null;
            for (String k : keys) {
                if (text.startsWith(k, at)) {
                    letter = k;
                    break;
                }
            }
            if (letter == null) {
                return null;
            }
            at += letter.length();
            if (open) {
                if (at >= text.length() || text.charAt(at) != ')') {
                    return null;
                }
                at++;
            }
            letters.add(letter);
            pos = at;
            parenthesised = open;
            Matcher sep = SEPARATOR.matcher(text).region(pos, text.length());
            if (!sep.lookingAt() || !startsWithLetter(text, sep.end(), keys)) {
                break;
            }
            pos = sep.end();
        }
        if (OTHER_LETTER.matcher(text).region(pos, text.length()).lookingAt()) {
            return null;
        }
        boolean ends = parenthesised || END.matcher(text).region(pos, text.length()).lookingAt();
        return ends ? List.copyOf(letters) : null;
    }

    private static boolean startsWithLetter(String text, int at, List<String> keys) {
        int i = at < text.length() && text.charAt(at) == '(' ? at + 1 : at;
        for (String k : keys) {
            if (text.startsWith(k, i)) {
                return true;
            }
        }
        return false;
    }
}
