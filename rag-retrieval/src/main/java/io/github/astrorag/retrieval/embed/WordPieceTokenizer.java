package io.github.astrorag.retrieval.embed;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A BERT WordPiece tokenizer in plain Java (Devlin et al., 2019, "BERT: Pre-training of Deep Bidirectional
 * Transformers for Language Understanding"; WordPiece after Wu et al., 2016, "Google's Neural Machine
 * Translation System"), read from a Hugging Face {@code tokenizer.json} and giving the same ids, type ids and
 * attention mask as the Hugging Face {@code tokenizers} library does for such a file.
 *
 * <p><b>What it reads.</b> A {@code tokenizer.json} whose model is {@code WordPiece} (vocabulary,
 * {@code unk_token}, {@code continuing_subword_prefix}, {@code max_input_chars_per_word}), whose normalizer is
 * {@code BertNormalizer} or absent, whose pre-tokenizer is {@code BertPreTokenizer} or absent, and whose
 * post-processor is {@code TemplateProcessing}, {@code BertProcessing} or absent; its {@code added_tokens} (such
 * as {@code [CLS]} or {@code [MASK]} written in a text) and its {@code truncation} and {@code padding} settings.
 * Any other component fails with an {@link EmbeddingException} that names it: this class does not pretend to
 * tokenise a BPE or Unigram model.
 *
 * <p><b>Steps</b>, as in Hugging Face's {@code tokenizers}:
 * <ol>
 *   <li>added tokens are cut out of the text first (leftmost, then longest match; those marked
 *       {@code normalized} are matched in the normalised text) and become their own ids;</li>
 *   <li>{@code BertNormalizer}: clean text (drop U+0000, U+FFFD and the characters of the general categories Cc,
 *       Cf and Co except tab, line feed and carriage return; turn white space into a space), put spaces
 *       around CJK ideographs, strip accents (canonical decomposition, then drop non-spacing marks; by default
 *       exactly when lower-casing) and lower-case character by character;</li>
 *   <li>{@code BertPreTokenizer}: split at white space (dropped) and around every punctuation character (ASCII
 *       punctuation and the Unicode categories P*), each kept as a word of its own;</li>
 *   <li>WordPiece: each word greedily, longest vocabulary entry first from the left, continuations looked up
 *       with the {@code ##} prefix; a word with no complete split, or longer than
 *       {@code max_input_chars_per_word} characters, becomes the one unknown token;</li>
 *   <li>truncation to the maximum length less the special tokens, the post-processor's template
 *       ({@code [CLS] text [SEP]}, with its type ids), then padding.</li>
 * </ol>
 * Character classes are the running JDK's (Unicode 13 on Java 17), set back to the older tables of the Rust
 * library where they differ (some 360 rare characters that Unicode 9 to 13 made marks or punctuation); every
 * assigned code point was checked against it on Java 17. On a later JDK, a character that Unicode 14 or later
 * added or reclassified may tokenise differently.
 *
 * <p><b>Cost.</b> Reading: linear in the file (about 30,000 vocabulary entries). Encoding: linear in the text,
 * times at most the longest vocabulary entry per word piece. Immutable and thread-safe.
 */
public final class WordPieceTokenizer {

    /** Unicode ranges of the CJK ideographs that {@code BertNormalizer} surrounds with spaces, as Hugging Face's. */
    private static final int[][] CJK = {
        {0x4E00, 0x9FFF}, {0x3400, 0x4DBF}, {0x20000, 0x2A6DF}, {0x2A700, 0x2B73F}, {0x2B740, 0x2B81F},
        {0x2B920, 0x2CEAF}, {0xF900, 0xFAFF}, {0x2F800, 0x2FA1F},
    };

    private static final Comparator<AddedToken> LONGEST_FIRST =
            Comparator.comparingInt((AddedToken a) -> -a.content.length());

    /**
     * Characters that Unicode 9 to 13 made non-spacing marks, punctuation or format characters (or that did not
     * exist before), as closed ranges. The Rust library's category tables predate them and treat them as letters
     * (found by comparing every code point with it), so this class does too; U+166D and U+111C9, punctuation
     * then, stay punctuation.
     */
    private static final int[] NEWER_CATEGORIES = {
        0x7FD, 0x7FD, 0x8D3, 0x8E2, 0x9FD, 0x9FE, 0xA76, 0xA76, 0xAFA, 0xAFF, 0xB55, 0xB55, 0xC04, 0xC04,
        0xC77, 0xC77, 0xC84, 0xC84, 0xD00, 0xD00, 0xD3B, 0xD3C, 0xD81, 0xD81, 0xEBA, 0xEBA,
        0x1885, 0x1886, 0x1ABF, 0x1AC0, 0x1DF6, 0x1DF9, 0x1DFB, 0x1DFB, 0x2E43, 0x2E4F, 0x2E52, 0x2E52,
        0xA82C, 0xA82C, 0xA8C5, 0xA8C5, 0xA8FF, 0xA8FF, 0xA9BD, 0xA9BD, 0x10D24, 0x10D27, 0x10EAB, 0x10EAD,
        0x10F46, 0x10F50, 0x10F55, 0x10F59, 0x110CD, 0x110CD,  0x111CF, 0x111CF, 0x1123E, 0x1123E,
        0x1133B, 0x1133B, 0x11438, 0x1143F, 0x11442, 0x11444, 0x11446, 0x11446, 0x1144B, 0x1144F, 0x1145A, 0x1145B,
        0x1145D, 0x1145E, 0x11660, 0x1166C, 0x1182F, 0x11837, 0x11839, 0x1183B, 0x1193B, 0x1193C, 0x1193E, 0x1193E,
        0x11943, 0x11946, 0x119D4, 0x119D7, 0x119DA, 0x119DB, 0x119E0, 0x119E0, 0x119E2, 0x119E2, 0x11A01, 0x11A0A,
        0x11A33, 0x11A38, 0x11A3B, 0x11A47, 0x11A51, 0x11A56, 0x11A59, 0x11A5B, 0x11A8A, 0x11A96, 0x11A98, 0x11A9C,
        0x11A9E, 0x11AA2, 0x11C30, 0x11C36, 0x11C38, 0x11C3D, 0x11C3F, 0x11C3F, 0x11C41, 0x11C45, 0x11C70, 0x11C71,
        0x11C92, 0x11CA7, 0x11CAA, 0x11CB0, 0x11CB2, 0x11CB3, 0x11CB5, 0x11CB6, 0x11D31, 0x11D36, 0x11D3A, 0x11D3A,
        0x11D3C, 0x11D3D, 0x11D3F, 0x11D45, 0x11D47, 0x11D47, 0x11D90, 0x11D91, 0x11D95, 0x11D95, 0x11D97, 0x11D97,
        0x11EF3, 0x11EF4, 0x11EF7, 0x11EF8, 0x11FFF, 0x11FFF, 0x13430, 0x13438, 0x16E97, 0x16E9A, 0x16F4F, 0x16F4F,
        0x16FE2, 0x16FE2, 0x16FE4, 0x16FE4, 0x1E000, 0x1E006, 0x1E008, 0x1E018, 0x1E01B, 0x1E021, 0x1E023, 0x1E024,
        0x1E026, 0x1E02A, 0x1E130, 0x1E136, 0x1E2EC, 0x1E2EF, 0x1E944, 0x1E94A, 0x1E95E, 0x1E95F,
    };

    private final Map<String, Integer> vocabulary;
    private final Map<String, Integer> continuations;
    private final int unknownId;
    private final int longestEntry;
    private final int maxInputCharsPerWord;
    private final boolean cleanText;
    private final boolean cjkSpaces;
    private final boolean stripAccents;
    private final boolean lowercase;
    private final boolean bertPreTokenizer;
    private final List<AddedToken> raw;
    private final List<AddedToken> normalized;
    private final List<AddedToken> normalizedMatches;
    private final Piece[] before;
    private final Piece[] after;
    private final int sequenceTypeId;
    private final int maxLength;
    private final boolean truncateLeft;
    private final Padding padding;

    private WordPieceTokenizer(Parts p, int maxLength, Padding padding) {
        this.vocabulary = p.vocabulary;
        this.continuations = p.continuations;
        this.unknownId = p.unknownId;
        this.longestEntry = p.longestEntry;
        this.maxInputCharsPerWord = p.maxInputCharsPerWord;
        this.cleanText = p.cleanText;
        this.cjkSpaces = p.cjkSpaces;
        this.stripAccents = p.stripAccents;
        this.lowercase = p.lowercase;
        this.bertPreTokenizer = p.bertPreTokenizer;
        this.raw = p.raw;
        this.normalized = p.normalized;
        this.before = p.before;
        this.after = p.after;
        this.sequenceTypeId = p.sequenceTypeId;
        this.truncateLeft = p.truncateLeft;
        this.maxLength = maxLength;
        this.padding = padding;
        List<AddedToken> matches = new ArrayList<>();
        for (AddedToken a : normalized) {
            String content = normalize(a.content);
            if (!content.isEmpty()) {
                matches.add(new AddedToken(content, a.id));
            }
        }
        matches.sort(LONGEST_FIRST);
        this.normalizedMatches = List.copyOf(matches);
    }

    /**
     * Reads a {@code tokenizer.json} file.
     *
     * @param file the file
     * @return its tokenizer, with the file's truncation and padding
     * @throws EmbeddingException if the file cannot be read, is no JSON, or is not a BERT WordPiece tokenizer
     */
    public static WordPieceTokenizer read(Path file) {
        Objects.requireNonNull(file, "file");
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read tokenizer " + file + ": " + e, e);
        }
        return parse(json, file.toString());
    }

    /**
     * Reads a {@code tokenizer.json} from a stream, which it does not close.
     *
     * @param in     the stream, UTF-8
     * @param source what the stream is, for messages (a file or resource name)
     * @return its tokenizer, with the file's truncation and padding
     * @throws EmbeddingException if the stream fails, is no JSON, or is not a BERT WordPiece tokenizer
     */
    public static WordPieceTokenizer read(InputStream in, String source) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(source, "source");
        try {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), source);
        } catch (IOException e) {
            throw new EmbeddingException("cannot read tokenizer " + source + ": " + e, e);
        }
    }

    /**
     * Reads the text of a {@code tokenizer.json}.
     *
     * @param json   the file's text
     * @param source what the text is, for messages (a file or resource name)
     * @return its tokenizer, with the file's truncation and padding
     * @throws EmbeddingException if the text is no JSON or not a BERT WordPiece tokenizer
     */
    public static WordPieceTokenizer parse(String json, String source) {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(source, "source");
        JsonValue root;
        try {
            root = Json.parse(json);
        } catch (IllegalArgumentException e) {
            throw new EmbeddingException("tokenizer " + source + " is not valid JSON: " + e.getMessage(), e);
        }
        Parts parts = new Parts(root, source);
        return new WordPieceTokenizer(parts, parts.fileMaxLength, parts.filePadding);
    }

    /**
     * This tokenizer cutting every text to {@code tokens} tokens, special tokens included, from the end (or from
     * the start if the file truncates on the left), whatever the file says.
     *
     * @param tokens the maximum length
     * @return a tokenizer with that truncation and this one's padding
     * @throws IllegalArgumentException if {@code tokens} is below the number of special tokens
     */
    public WordPieceTokenizer truncatedTo(int tokens) {
        int specials = before.length + after.length;
        Arguments.check(tokens >= specials, "maxLength must be at least %d (the special tokens), was %d", specials, tokens);
        return new WordPieceTokenizer(parts(), tokens, padding);
    }

    /**
     * This tokenizer without padding, whatever the file says.
     *
     * @return a tokenizer with this one's truncation that never pads
     */
    public WordPieceTokenizer unpadded() {
        return new WordPieceTokenizer(parts(), maxLength, Padding.NONE);
    }

    /**
     * The truncation length, special tokens included.
     *
     * @return the length, or empty if texts are not truncated
     */
    public OptionalInt maxLength() {
        return maxLength > 0 ? OptionalInt.of(maxLength) : OptionalInt.empty();
    }

    /**
     * The number of entries in the WordPiece vocabulary.
     *
     * @return the vocabulary's size
     */
    public int vocabularySize() {
        return vocabulary.size();
    }

    /**
     * Encodes one text: truncated, framed by the special tokens and padded as this tokenizer says (padding to the
     * longest of a batch leaves a single text as it is).
     *
     * @param text the text
     * @return its encoding
     */
    public Encoding encode(String text) {
        return encodeAll(List.of(Objects.requireNonNull(text, "text"))).get(0);
    }

    /**
     * Encodes texts as {@link #encode} does; when the file pads to the longest of a batch, they are padded
     * together.
     *
     * @param texts the texts
     * @return their encodings, in order
     */
    public List<Encoding> encodeAll(List<String> texts) {
        Encoding[] out = new Encoding[texts.size()];
        int longest = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = frame(wordPieces(Objects.requireNonNull(texts.get(i), "text")));
            longest = Math.max(longest, out[i].length());
        }
        if (padding != Padding.NONE) {
            int target = padding.target(longest);
            for (int i = 0; i < out.length; i++) {
                out[i] = out[i].padded(target, padding);
            }
        }
        return List.of(out);
    }

    private Parts parts() {
        return new Parts(this);
    }

    /** The text's token ids before truncation and special tokens. */
    private IntList wordPieces(String text) {
        IntList ids = new IntList(text.length() / 3 + 4);
        int start = 0;
        for (int[] match = find(raw, text, 0); ; match = find(raw, text, start)) {
            int end = match == null ? text.length() : match[0];
            if (end > start) {
                normalizedSegment(normalize(text.substring(start, end)), ids);
            }
            if (match == null) {
                return ids;
            }
            ids.add(raw.get(match[2]).id);
            start = match[1];
        }
    }

    private void normalizedSegment(String text, IntList ids) {
        int start = 0;
        for (int[] match = find(normalizedMatches, text, 0); ; match = find(normalizedMatches, text, start)) {
            int end = match == null ? text.length() : match[0];
            if (end > start) {
                words(text, start, end, ids);
            }
            if (match == null) {
                return;
            }
            ids.add(normalizedMatches.get(match[2]).id);
            start = match[1];
        }
    }

    /** The leftmost, then longest, match of an added token from {@code from}: {start, end, index}; null if none. */
    private static int[] find(List<AddedToken> tokens, String text, int from) {
        if (tokens.isEmpty()) {
            return null;
        }
        for (int i = from; i < text.length(); i++) {
            for (int t = 0; t < tokens.size(); t++) {
                String content = tokens.get(t).content;
                if (text.startsWith(content, i)) {
                    return new int[] {i, i + content.length(), t};
                }
            }
        }
        return null;
    }

    /** {@code BertNormalizer} on one segment. */
    String normalize(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        boolean ascii = true;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            i += Character.charCount(c);
            if (cleanText) {
                if (c == 0 || c == 0xFFFD || isControl(c)) {
                    continue;
                }
                if (isWhitespace(c)) {
                    c = ' ';
                }
            }
            ascii &= c < 0x80;
            if (cjkSpaces && isCjk(c)) {
                b.append(' ').appendCodePoint(c).append(' ');
            } else {
                b.appendCodePoint(c);
            }
        }
        if (ascii) {
            return lowercase ? asciiLower(b) : b.toString();
        }
        String s = stripAccents ? Normalizer.normalize(b, Normalizer.Form.NFD) : b.toString();
        if (!stripAccents && !lowercase) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            if (stripAccents && category(c) == Character.NON_SPACING_MARK) {
                continue;
            }
            if (!lowercase) {
                out.appendCodePoint(c);
            } else if (c == 0x130) {
                out.append("i\u0307"); // the one unconditional multi-character lower case mapping
            } else {
                out.appendCodePoint(Character.toLowerCase(c));
            }
        }
        return out.toString();
    }

    private static String asciiLower(StringBuilder b) {
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                b.setCharAt(i, (char) (c + 32));
            }
        }
        return b.toString();
    }

    /** {@code BertPreTokenizer} and WordPiece on {@code text[from, to)}. */
    private void words(String text, int from, int to, IntList ids) {
        if (!bertPreTokenizer) {
            wordPiece(text.substring(from, to), ids);
            return;
        }
        int start = -1;
        for (int i = from; i < to; ) {
            int c = text.codePointAt(i);
            int next = i + Character.charCount(c);
            if (isWhitespace(c) || isPunctuation(c)) {
                if (start >= 0) {
                    wordPiece(text.substring(start, i), ids);
                    start = -1;
                }
                if (!isWhitespace(c)) {
                    wordPiece(text.substring(i, next), ids);
                }
            } else if (start < 0) {
                start = i;
            }
            i = next;
        }
        if (start >= 0) {
            wordPiece(text.substring(start, to), ids);
        }
    }

    /** Greedy longest-match-first WordPiece of one word; the unknown id if some part matches nothing. */
    private void wordPiece(String word, IntList ids) {
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

    /** Truncation, then the special tokens and type ids of the post-processor's template. */
    private Encoding frame(IntList pieces) {
        int keep = pieces.size();
        int from = 0;
        if (maxLength > 0) {
            keep = Math.min(keep, maxLength - before.length - after.length);
            from = truncateLeft ? pieces.size() - keep : 0;
        }
        int n = before.length + keep + after.length;
        long[] ids = new long[n];
        long[] types = new long[n];
        int at = 0;
        for (Piece p : before) {
            ids[at] = p.id;
            types[at++] = p.typeId;
        }
        for (int i = 0; i < keep; i++) {
            ids[at] = pieces.get(from + i);
            types[at++] = sequenceTypeId;
        }
        for (Piece p : after) {
            ids[at] = p.id;
            types[at++] = p.typeId;
        }
        long[] mask = new long[n];
        Arrays.fill(mask, 1L);
        return new Encoding(ids, types, mask);
    }

    /** Rust's {@code char::is_whitespace} (the Unicode White_Space property). */
    static boolean isWhitespace(int c) {
        return c == ' ' || c >= 0x09 && c <= 0x0D || c == 0x85 || c == 0xA0 || c == 0x1680 || c >= 0x2000 && c <= 0x200A
                || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
    }

    /**
     * The characters {@code BertNormalizer} drops: categories Cc, Cf, Co and Cs, except tab, LF and CR. Its
     * definition names Cn too, but the Rust library keeps every unassigned code point (checked for all of them).
     */
    static boolean isControl(int c) {
        if (c == '\t' || c == '\n' || c == '\r') {
            return false;
        }
        int type = category(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.PRIVATE_USE
                || type == Character.SURROGATE;
    }

    /** ASCII punctuation or a Unicode punctuation category (Pc, Pd, Ps, Pe, Pi, Pf, Po). */
    static boolean isPunctuation(int c) {
        if (c < 0x80) {
            return c >= 33 && c <= 47 || c >= 58 && c <= 64 || c >= 91 && c <= 96 || c >= 123 && c <= 126;
        }
        return switch (category(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    /** The general category as the reference library sees it: the JDK's, except for {@link #NEWER_CATEGORIES}. */
    static int category(int c) {
        int type = Character.getType(c);
        if (c == 0x166D || c == 0x111C9) {
            return Character.OTHER_PUNCTUATION;
        }
        if (c < NEWER_CATEGORIES[0] || type == Character.UNASSIGNED || type == Character.OTHER_LETTER) {
            return type;
        }
        int i = Arrays.binarySearch(NEWER_CATEGORIES, c);
        boolean inside = i >= 0 || (-i - 1) % 2 == 1;
        return inside ? Character.OTHER_LETTER : type;
    }

    /** Whether {@code BertNormalizer} surrounds {@code c} with spaces. */
    static boolean isCjk(int c) {
        if (c < 0x3400) {
            return false;
        }
        for (int[] r : CJK) {
            if (c >= r[0] && c <= r[1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The tokens of one text: ids, type ids and attention mask, all of the same length (special tokens and
     * padding included). Immutable; the accessors return copies.
     */
    public static final class Encoding {
        private final long[] ids;
        private final long[] typeIds;
        private final long[] attentionMask;

        private Encoding(long[] ids, long[] typeIds, long[] attentionMask) {
            this.ids = ids;
            this.typeIds = typeIds;
            this.attentionMask = attentionMask;
        }

        /**
         * The number of tokens, special tokens and padding included.
         *
         * @return the length
         */
        public int length() {
            return ids.length;
        }

        /**
         * The token ids, as ONNX models take them.
         *
         * @return a copy of the ids
         */
        public long[] ids() {
            return ids.clone();
        }

        /**
         * The token type (segment) ids.
         *
         * @return a copy of the type ids
         */
        public long[] typeIds() {
            return typeIds.clone();
        }

        /**
         * The attention mask: 1 for a token, 0 for padding.
         *
         * @return a copy of the mask
         */
        public long[] attentionMask() {
            return attentionMask.clone();
        }

        private Encoding padded(int target, Padding p) {
            int extra = target - ids.length;
            if (extra <= 0) {
                return this;
            }
            int at = p.left ? extra : 0;
            long[] i = new long[target];
            long[] t = new long[target];
            long[] m = new long[target];
            Arrays.fill(i, p.id);
            Arrays.fill(t, p.typeId);
            System.arraycopy(ids, 0, i, at, ids.length);
            System.arraycopy(typeIds, 0, t, at, ids.length);
            System.arraycopy(attentionMask, 0, m, at, ids.length);
            return new Encoding(i, t, m);
        }

        @Override
        public String toString() {
            return "Encoding" + Arrays.toString(ids);
        }
    }

    /** A special token of the template. */
    private record Piece(int id, int typeId) {
    }

    /** A token of {@code added_tokens}: its text and id. */
    private record AddedToken(String content, int id) {
    }

    /** The file's padding: to a fixed length, or to the longest of a batch ({@code fixed} 0), or none. */
    private record Padding(int fixed, int multiple, boolean left, int id, int typeId) {
        static final Padding NONE = new Padding(-1, 0, false, 0, 0);

        /** The padded length of a batch whose longest text has {@code longest} tokens. */
        int target(int longest) {
            int t = fixed > 0 ? fixed : longest;
            return multiple > 0 && t % multiple != 0 ? t + multiple - t % multiple : t;
        }
    }

    /** A growable int array. */
    private static final class IntList {
        private int[] a;
        private int size;

        IntList(int capacity) {
            a = new int[Math.max(capacity, 8)];
        }

        void add(int v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int get(int i) {
            return a[i];
        }

        int size() {
            return size;
        }

        void truncate(int n) {
            size = n;
        }
    }

    /** The settings read from a file, checked. */
    private static final class Parts {
        Map<String, Integer> vocabulary;
        Map<String, Integer> continuations;
        int unknownId;
        int longestEntry;
        int maxInputCharsPerWord;
        boolean cleanText;
        boolean cjkSpaces;
        boolean stripAccents;
        boolean lowercase;
        boolean bertPreTokenizer;
        List<AddedToken> raw;
        List<AddedToken> normalized;
        Piece[] before;
        Piece[] after;
        int sequenceTypeId;
        boolean truncateLeft;
        int fileMaxLength;
        Padding filePadding;

        Parts(WordPieceTokenizer t) {
            vocabulary = t.vocabulary;
            continuations = t.continuations;
            unknownId = t.unknownId;
            longestEntry = t.longestEntry;
            maxInputCharsPerWord = t.maxInputCharsPerWord;
            cleanText = t.cleanText;
            cjkSpaces = t.cjkSpaces;
            stripAccents = t.stripAccents;
            lowercase = t.lowercase;
            bertPreTokenizer = t.bertPreTokenizer;
            raw = t.raw;
            normalized = t.normalized;
            before = t.before;
            after = t.after;
            sequenceTypeId = t.sequenceTypeId;
            truncateLeft = t.truncateLeft;
        }

        Parts(JsonValue root, String source) {
            if (!root.isObject()) {
                throw unsupported(source, "is no JSON object");
            }
            model(root.path("model"), source);
            normalizer(root.path("normalizer"), source);
            JsonValue pre = root.path("pre_tokenizer");
            bertPreTokenizer = !pre.isNull() && !pre.isMissing();
            if (bertPreTokenizer && !"BertPreTokenizer".equals(pre.path("type").asText(""))) {
                throw unsupported(source, "has pre_tokenizer " + describe(pre));
            }
            addedTokens(root.path("added_tokens"), source);
            postProcessor(root.path("post_processor"), source);
            truncation(root.path("truncation"), source);
            padding(root.path("padding"), source);
        }

        private void model(JsonValue model, String source) {
            if (!"WordPiece".equals(model.path("type").asText(""))) {
                throw unsupported(source, "has model " + describe(model));
            }
            JsonValue vocab = model.path("vocab");
            if (!vocab.isObject() || vocab.isEmpty()) {
                throw unsupported(source, "has no WordPiece vocabulary");
            }
            String prefix = model.path("continuing_subword_prefix").asText("##");
            vocabulary = new HashMap<>(vocab.size() * 2);
            continuations = new HashMap<>(vocab.size());
            for (Map.Entry<String, JsonValue> e : vocab.members().entrySet()) {
                int id = id(e.getValue(), source, "vocab entry '" + e.getKey() + "'");
                vocabulary.put(e.getKey(), id);
                String key = e.getKey();
                longestEntry = Math.max(longestEntry, key.length());
                if (key.startsWith(prefix) && key.length() > prefix.length()) {
                    continuations.put(key.substring(prefix.length()), id);
                }
            }
            String unk = model.path("unk_token").asText("[UNK]");
            Integer u = vocabulary.get(unk);
            if (u == null) {
                throw unsupported(source, "has unk_token '" + unk + "', which is not in its vocabulary");
            }
            unknownId = u;
            maxInputCharsPerWord = model.path("max_input_chars_per_word").asInt(100);
        }

        private void normalizer(JsonValue n, String source) {
            if (n.isNull() || n.isMissing()) {
                return;
            }
            if (!"BertNormalizer".equals(n.path("type").asText(""))) {
                throw unsupported(source, "has normalizer " + describe(n));
            }
            cleanText = n.path("clean_text").asBoolean(true);
            cjkSpaces = n.path("handle_chinese_chars").asBoolean(true);
            lowercase = n.path("lowercase").asBoolean(true);
            stripAccents = n.path("strip_accents").asBoolean(lowercase);
        }

        private void addedTokens(JsonValue tokens, String source) {
            List<AddedToken> r = new ArrayList<>();
            List<AddedToken> norm = new ArrayList<>();
            for (JsonValue t : tokens) {
                String content = t.path("content").asText("");
                for (String flag : List.of("single_word", "lstrip", "rstrip")) {
                    if (t.path(flag).asBoolean(false)) {
                        throw unsupported(source, "has added token '" + content + "' with " + flag
                                + " (not supported here)");
                    }
                }
                if (content.isEmpty()) {
                    continue;
                }
                AddedToken a = new AddedToken(content, id(t.path("id"), source, "added token '" + content + "'"));
                if (t.path("normalized").asBoolean(!t.path("special").asBoolean(false))) {
                    norm.add(a);
                } else {
                    r.add(a);
                }
            }
            r.sort(LONGEST_FIRST);
            raw = List.copyOf(r);
            normalized = List.copyOf(norm);
        }

        private void postProcessor(JsonValue p, String source) {
            before = new Piece[0];
            after = new Piece[0];
            if (p.isNull() || p.isMissing()) {
                return;
            }
            String type = p.path("type").asText("");
            if (type.equals("BertProcessing")) {
                before = new Piece[] {new Piece(id(p.path("cls").path(1), source, "cls"), 0)};
                after = new Piece[] {new Piece(id(p.path("sep").path(1), source, "sep"), 0)};
                return;
            }
            if (!type.equals("TemplateProcessing")) {
                throw unsupported(source, "has post_processor " + describe(p));
            }
            List<Piece> b = new ArrayList<>();
            List<Piece> a = new ArrayList<>();
            boolean sequence = false;
            for (JsonValue item : p.path("single")) {
                if (item.has("Sequence")) {
                    sequence = true;
                    sequenceTypeId = item.path("Sequence").path("type_id").asInt(0);
                    continue;
                }
                JsonValue special = item.path("SpecialToken");
                String name = special.path("id").asText("");
                int typeId = special.path("type_id").asInt(0);
                JsonValue ids = p.path("special_tokens").path(name).path("ids");
                if (!special.isObject() || !ids.isArray() || ids.isEmpty()) {
                    throw unsupported(source, "has a post_processor template item " + item + " it does not define");
                }
                for (JsonValue id : ids) {
                    (sequence ? a : b).add(new Piece(id(id, source, "special token " + name), typeId));
                }
            }
            before = b.toArray(new Piece[0]);
            after = a.toArray(new Piece[0]);
        }

        private void truncation(JsonValue t, String source) {
            if (t.isNull() || t.isMissing()) {
                return;
            }
            String strategy = t.path("strategy").asText("LongestFirst");
            if (!strategy.equals("LongestFirst") && !strategy.equals("OnlyFirst")) {
                throw unsupported(source, "truncates with strategy " + strategy + " (a single text needs LongestFirst"
                        + " or OnlyFirst)");
            }
            fileMaxLength = t.path("max_length").asInt(0);
            if (fileMaxLength < before.length + after.length) {
                throw unsupported(source, "truncates to " + fileMaxLength + " tokens, fewer than its special tokens");
            }
            truncateLeft = "Left".equals(t.path("direction").asText("Right"));
        }

        private void padding(JsonValue p, String source) {
            filePadding = Padding.NONE;
            if (p.isNull() || p.isMissing()) {
                return;
            }
            JsonValue strategy = p.path("strategy");
            int fixed;
            if (strategy.isTextual() && strategy.asText().equals("BatchLongest")) {
                fixed = 0;
            } else if (strategy.path("Fixed").isIntegral()) {
                fixed = strategy.path("Fixed").asInt(0);
            } else {
                throw unsupported(source, "pads with strategy " + strategy);
            }
            filePadding = new Padding(fixed, p.path("pad_to_multiple_of").asInt(0),
                    "Left".equals(p.path("direction").asText("Right")), p.path("pad_id").asInt(0),
                    p.path("pad_type_id").asInt(0));
        }

        private static int id(JsonValue v, String source, String what) {
            int id = v.asInt(-1);
            if (id < 0) {
                throw unsupported(source, "has " + what + " without a valid id (" + v + ")");
            }
            return id;
        }

        private static String describe(JsonValue component) {
            String type = component.path("type").asText("");
            return type.isEmpty() ? component.toString() : type;
        }

        private static EmbeddingException unsupported(String source, String what) {
            return new EmbeddingException("tokenizer " + source + " " + what + "; WordPieceTokenizer reads only BERT"
                    + " WordPiece tokenizers (model WordPiece, normalizer BertNormalizer, pre_tokenizer"
                    + " BertPreTokenizer, post_processor TemplateProcessing or BertProcessing)");
        }
    }
}
