package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.text.Terms;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the extractive reader reads from a question and a sentence besides their terms: the question's content
 * terms, the kind of answer a question word asks for, and whether a sentence has the shape of a statement.
 * Stateless; thread-safe.
 */
final class AnswerCues {

    /** The fewest words a quotable sentence has. */
    static final int MIN_WORDS = 4;

    /** Question and auxiliary words, stemmed as {@link Terms} stems them: no content of a question. */
    private static final Set<String> QUESTION_WORDS = stems("what which who whom whose when where why how does do did "
            + "is are was were can could would should may might has have had many much kind type please tell "
            + "describe explain give name list");

    /** Auxiliaries and common verbs that make a word group a statement. */
    private static final Set<String> VERBS = Set.of("is", "are", "was", "were", "be", "been", "being", "has", "have",
            "had", "can", "could", "will", "would", "may", "might", "must", "shall", "should", "does", "do", "did",
            "lies", "lie", "make", "use", "take", "show", "give", "get", "keep", "need", "reach", "hold", "form");

    private static final Set<String> MONTHS = Set.of("january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december", "century", "centuries", "decade", "year", "years");
    private static final Set<String> NUMBER_WORDS = Set.of("one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "hundreds",
            "thousand", "thousands", "million", "millions", "billion", "billions", "dozen", "dozens", "half", "twice");

    /** The kind of answer a question's words ask for. */
    enum AnswerType {
        /** No cue: any sentence may answer. */
        NONE,
        /** "when", "what year": a date or a number. */
        DATE,
        /** "how many", "how much", "how far", ...: a number. */
        NUMBER,
        /** "who", "whom", "whose": a name. */
        NAME
    }

    private static final Pattern EDGE = Pattern.compile("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$");
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Set<String> HOW_MUCH = Set.of("many", "much", "far", "long", "large", "big", "old", "high",
            "fast", "hot", "cold", "massive", "heavy", "wide", "deep", "bright", "often", "distant");
    private static final Set<String> WHAT_DATE = Set.of("year", "date", "century", "decade");

    private AnswerCues() {
    }

    private static Set<String> stems(String words) {
        Set<String> out = new HashSet<>();
        for (String w : words.split(" ")) {
            out.addAll(Terms.of(w));
        }
        return Set.copyOf(out);
    }

    /** The question's distinct terms less question words; all its terms if that leaves none. */
    static Set<String> contentTerms(String question) {
        List<String> all = Terms.of(question);
        Set<String> content = new HashSet<>(all);
        content.removeAll(QUESTION_WORDS);
        return content.isEmpty() ? new HashSet<>(all) : content;
    }

    /**
     * The answer type: {@link AnswerType#DATE} for "when" and "what/which year/date/century";
     * {@link AnswerType#NUMBER} for "how" followed by many, much, far, long, large, big, old, high, fast, hot,
     * cold, massive, heavy, wide, deep, bright, often, distant; {@link AnswerType#NAME} for "who", "whom", "whose";
     * else {@link AnswerType#NONE}.
     */
    static AnswerType answerType(String question) {
        String[] w = question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}' ]", " ").strip().split("\\s+");
        for (int i = 0; i < w.length; i++) {
            switch (w[i]) {
                case "when" -> {
                    return AnswerType.DATE;
                }
                case "who", "whom", "whose" -> {
                    return AnswerType.NAME;
                }
                case "how" -> {
                    if (i + 1 < w.length && HOW_MUCH.contains(w[i + 1])) {
                        return AnswerType.NUMBER;
                    }
                }
                case "what", "which" -> {
                    if (i + 1 < w.length && WHAT_DATE.contains(w[i + 1])) {
                        return AnswerType.DATE;
                    }
                }
                default -> {
                }
            }
        }
        return AnswerType.NONE;
    }

    /**
     * Whether {@code sentence} holds what {@code type} asks for: a digit or number word for a number; that or a
     * month, year, decade or century for a date; a capitalised word after the first word for a name.
     */
    static boolean matches(AnswerType type, String sentence) {
        if (type == AnswerType.NONE) {
            return true;
        }
        String[] words = SPACE.split(sentence);
        for (int i = 0; i < words.length; i++) {
            String word = EDGE.matcher(words[i]).replaceAll("");
            if (word.isEmpty()) {
                continue;
            }
            String lower = word.toLowerCase(Locale.ROOT);
            boolean number = word.chars().anyMatch(Character::isDigit) || NUMBER_WORDS.contains(lower);
            switch (type) {
                case NUMBER -> {
                    if (number) {
                        return true;
                    }
                }
                case DATE -> {
                    if (number || MONTHS.contains(lower)) {
                        return true;
                    }
                }
                default -> {
                    if (i > 0 && Character.isUpperCase(word.codePointAt(0))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code sentence} has the shape of a statement: at least {@value #MIN_WORDS} words (white-space
     * separated, holding a letter or digit), and either an end mark ({@code . ! ?}, before closing quotes or
     * brackets) or a verb-like word (an auxiliary such as is, has, can, or a lower-case word after the first
     * ending in -s or -ed). A heading or a document title ("History of the Kestrel Observatory") has neither.
     */
    static boolean statement(String sentence) {
        String[] words = SPACE.split(sentence.strip());
        int count = 0;
        boolean verb = false;
        for (int i = 0; i < words.length; i++) {
            String word = EDGE.matcher(words[i]).replaceAll("");
            if (word.isEmpty()) {
                continue;
            }
            count++;
            String lower = word.toLowerCase(Locale.ROOT);
            verb |= VERBS.contains(lower) || i > 0 && word.equals(lower) && lower.length() > 3
                    && (lower.endsWith("ed") || lower.endsWith("s") && !lower.endsWith("ss") && !lower.endsWith("us"));
        }
        return count >= MIN_WORDS && (verb || endsWithMark(sentence));
    }

    private static boolean endsWithMark(String sentence) {
        int i = sentence.length() - 1;
        while (i >= 0 && "\"')]\u201d\u2019".indexOf(sentence.charAt(i)) >= 0) {
            i--;
        }
        return i >= 0 && ".!?".indexOf(sentence.charAt(i)) >= 0;
    }

    /** The sentence as compared for sameness: lower case, runs of anything but letters and digits as one space. */
    static String normalised(String sentence) {
        return sentence.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
