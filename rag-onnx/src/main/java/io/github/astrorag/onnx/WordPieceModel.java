package io.github.astrorag.onnx;

import io.github.astrorag.core.internal.IntList;
import java.util.Map;

/**
 * The WordPiece model (Wu et al., 2016; as BERT uses it, Devlin et al., 2019): each word greedily, the
 * longest vocabulary entry first from the left, continuations looked up without their prefix (by default
 * {@code ##}); a word with no complete split, or longer than {@code max_input_chars_per_word} code points,
 * becomes the one unknown token. A word costs at most its length times the longest entry in look-ups.
 * Immutable and thread-safe.
 */
final class WordPieceModel {

    private final Map<String, Integer> vocabulary;
    private final Map<String, Integer> continuations;
    private final int unknownId;
    private final int longestEntry;
    private final int maxInputCharsPerWord;

    /**
     * A model of this vocabulary.
     *
     * @param vocabulary           every entry, by text
     * @param continuations        the entries that start with the continuation prefix, by their text after it
     * @param unknownId            the id of the unknown token
     * @param longestEntry         the length of the longest entry, in chars
     * @param maxInputCharsPerWord the longest word split, in code points
     */
    WordPieceModel(Map<String, Integer> vocabulary, Map<String, Integer> continuations, int unknownId, int longestEntry,
                   int maxInputCharsPerWord) {
        this.vocabulary = vocabulary;
        this.continuations = continuations;
        this.unknownId = unknownId;
        this.longestEntry = longestEntry;
        this.maxInputCharsPerWord = maxInputCharsPerWord;
    }

    /** The number of vocabulary entries. */
    int size() {
        return vocabulary.size();
    }

    /** Greedy longest-match-first WordPiece of one word into {@code ids}; the unknown id if some part matches nothing. */
    void split(String word, IntList ids) {
        if (word.codePointCount(0, word.length()) > maxInputCharsPerWord) {
            ids.add(unknownId);
            return;
        }
        int mark = ids.size();
        int start = 0;
        while (start < word.length()) {
            Map<String, Integer> entries = start == 0 ? vocabulary : continuations;
            int end = Math.min(word.length(), start + longestEntry);
            if (end < word.length() && Character.isLowSurrogate(word.charAt(end)) && Character.isHighSurrogate(word.charAt(end - 1))) {
                end--;
            }
            Integer id = null;
            while (end > start) {
                id = entries.get(word.substring(start, end));
                if (id != null) {
                    break;
                }
                end--;
                if (end > start && Character.isLowSurrogate(word.charAt(end)) && Character.isHighSurrogate(word.charAt(end - 1))) {
                    end--;
                }
            }
            if (id == null) {
                ids.truncate(mark);
                ids.add(unknownId);
                return;
            }
            ids.add(id);
            start = end;
        }
    }
}
