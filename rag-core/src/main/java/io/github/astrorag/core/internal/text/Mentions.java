package io.github.astrorag.core.internal.text;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Whether a text names something: a document's title or a heading, found case-insensitively as whole words.
 * One rule for every selector and graph that follows names: a name is the stripped, lower-cased title of at
 * least 3 characters with at least one letter (a number is no name), and it occurs in a text when no letter
 * or digit stands right before or after it. Both methods are linear in the text's length per occurrence
 * tried; lower-case the text once ({@link #lower}) and test many names against it.
 */
public final class Mentions {

    private static final int MIN_LENGTH = 3;

    private Mentions() {
    }

    /**
     * The name a title gives, or null when it is no name.
     *
     * @param title a document title or heading
     * @return the stripped, lower-cased title, or {@code null} if shorter than 3 characters or without a letter
     */
    public static @Nullable String name(String title) {
        String name = lower(title.strip());
        return name.length() < MIN_LENGTH || name.chars().noneMatch(Character::isLetter) ? null : name;
    }

    /**
     * {@code text} in lower case, as {@link #name} and {@link #containsWords} compare.
     *
     * @param text any text
     * @return the text lower-cased in the root locale
     */
    public static String lower(String text) {
        return text.toLowerCase(Locale.ROOT);
    }

    /**
     * Whether {@code phrase} occurs in {@code text} with no letter or digit right before or after it.
     *
     * @param lowerText a text in lower case ({@link #lower})
     * @param name a name ({@link #name})
     * @return {@code true} if the name occurs as whole words
     */
    public static boolean containsWords(String lowerText, String name) {
        for (int at = lowerText.indexOf(name); at >= 0; at = lowerText.indexOf(name, at + 1)) {
            int end = at + name.length();
            if ((at == 0 || !Character.isLetterOrDigit(lowerText.charAt(at - 1)))
                    && (end == lowerText.length() || !Character.isLetterOrDigit(lowerText.charAt(end)))) {
                return true;
            }
        }
        return false;
    }
}
