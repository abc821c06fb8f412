package io.github.astrorag.core.generate;

import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The acronyms a text defines, "the cosmic microwave background (CMB)": an upper-case abbreviation in brackets
 * right after the words whose initials it spells, so that a sentence that says "the CMB" is matched with a question
 * that says "the cosmic microwave background", and the other way round (Schwartz and Hearst's rule, "A simple
 * algorithm for identifying abbreviation definitions in biomedical text", PSB 2003, restricted to initials).
 *
 * <p>An abbreviation of 2 to 6 capitals (a plural "s" allowed: "NEOs") spells the initials of the words before the
 * bracket in order: every word gives the initial of its first part, a hyphenated word may give the initials of its
 * later parts ("near-Earth objects (NEOs)"), and the short words of, and, the, for, in, on, to may give none
 * ("Laser Interferometer Gravitational-Wave Observatory (LIGO)"). Contract: a pure function of the text and the
 * analyzer. Complexity: linear in the text's length. Thread-safety: stateless, safe for concurrent use.
 */
final class Acronyms {

    /**
     * The words before an abbreviation in brackets: up to ten, each from a word start and taken whole (possessive),
     * then the abbreviation; so a long run of letters is read once, not once from each of its letters.
     */
    private static final Pattern DEFINED = Pattern.compile(
            "(?<![\\p{L}'\u2019-])((?:\\p{L}[\\p{L}'\u2019-]*+\\s+){1,10})\\((\\p{Lu}{2,6})s?\\)");
    private static final Set<String> SHORT = Set.of("of", "and", "the", "for", "in", "on", "to");

    private Acronyms() {
    }

    /**
     * The acronyms {@code texts} define, each as the terms of the abbreviation (by {@code analyzer}) mapped to the
     * terms of the words it stands for; the first definition of an abbreviation wins.
     */
    static Map<List<String>, List<String>> defined(List<String> texts, TermAnalyzer analyzer) {
        Map<List<String>, List<String>> out = new LinkedHashMap<>();
        for (String text : texts) {
            Matcher m = DEFINED.matcher(text);
            while (m.find()) {
                String[] words = m.group(1).strip().split("\\s+");
                String letters = m.group(2).toLowerCase(Locale.ROOT);
                for (int from = words.length - 1; from >= 0; from--) {
                    if (spells(letters, 0, words, from)) {
                        List<String> abbreviation = analyzer.terms(m.group(2));
                        List<String> phrase = analyzer.terms(String.join(" ", List.of(words).subList(from, words.length)));
                        if (!abbreviation.isEmpty() && !phrase.isEmpty()) {
                            out.putIfAbsent(abbreviation, phrase);
                        }
                        break;
                    }
                }
            }
        }
        return out;
    }

    /** Whether {@code letters} from {@code i} are spelled by the initials of {@code words} from {@code w}. */
    private static boolean spells(String letters, int i, String[] words, int w) {
        if (w == words.length) {
            return i == letters.length();
        }
        String word = words[w].toLowerCase(Locale.ROOT);
        if (SHORT.contains(word) && w > 0 && spells(letters, i, words, w + 1)) {
            return true;
        }
        String[] parts = word.split("-");
        if (i >= letters.length() || parts[0].isEmpty() || parts[0].charAt(0) != letters.charAt(i)) {
            return false;
        }
        return later(letters, i + 1, parts, 1, words, w);
    }

    /** The later parts of a hyphenated word: each may give its initial or none. */
    private static boolean later(String letters, int i, String[] parts, int p, String[] words, int w) {
        if (p == parts.length) {
            return spells(letters, i, words, w + 1);
        }
        if (!parts[p].isEmpty() && i < letters.length() && parts[p].charAt(0) == letters.charAt(i)
                && later(letters, i + 1, parts, p + 1, words, w)) {
            return true;
        }
        return later(letters, i, parts, p + 1, words, w);
    }
}
