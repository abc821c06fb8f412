package io.github.astrorag.core.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Light English term extraction for the model-free parts of the core (the extractive reader's word
 * overlap): NFKC, lower case, runs of letters and digits, English stop words removed, and a crude
 * plural folding ({@code stars} → {@code star}). The retrieval module uses Lucene's analyzers instead.
 */
public final class Terms {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    /** Lucene's English stop words plus a few question words. */
    public static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "but", "by",
            "for", "if", "in", "into", "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their",
            "then", "there", "these", "they", "this", "to", "was", "will", "with", "what", "which", "who", "whom",
            "whose", "when", "where", "why", "how", "does", "did", "do", "has", "have", "had", "were", "been",
            "its", "from", "than", "can", "could", "would", "should", "may", "also", "following", "one");

    private Terms() {
    }

    /** The content terms of {@code text}, in order, with repeats. */
    public static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT));
        while (m.find()) {
            String w = m.group();
            if (!STOP_WORDS.contains(w)) {
                out.add(fold(w));
            }
        }
        return out;
    }

    private static String fold(String w) {
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
