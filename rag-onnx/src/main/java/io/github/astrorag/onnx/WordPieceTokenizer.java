package io.github.astrorag.onnx;

import io.github.astrorag.core.internal.IntList;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.internal.Arguments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
 * <p><b>Structure.</b> Each step is a package-private class of its own: the reader of the file, the
 * normaliser, the pre-tokenizer, the WordPiece model, the added tokens and the template (truncation, special
 * tokens, padding); this class cuts the added tokens out and runs the steps in order.
 *
 * <p><b>Cost.</b> Reading: linear in the file (about 30,000 vocabulary entries). Encoding: linear in the text,
 * times at most the longest vocabulary entry per word piece. Immutable and thread-safe.
 */
public final class WordPieceTokenizer {

    private final WordPieceModel model;
    private final BertNormalizer normalizer;
    private final boolean bertPreTokenizer;
    private final AddedTokens raw;
    private final AddedTokens normalizedMatches;
    private final EncodingTemplate template;

    WordPieceTokenizer(WordPieceModel model, BertNormalizer normalizer, boolean bertPreTokenizer, AddedTokens raw,
                       AddedTokens normalizedMatches, EncodingTemplate template) {
        this.model = model;
        this.normalizer = normalizer;
        this.bertPreTokenizer = bertPreTokenizer;
        this.raw = raw;
        this.normalizedMatches = normalizedMatches;
        this.template = template;
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
        return TokenizerJsonReader.parse(json, source);
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
        int specials = template.specials();
        Arguments.check(tokens >= specials, "maxLength must be at least %d (the special tokens), was %d", specials, tokens);
        return with(template.withMaxLength(tokens));
    }

    /**
     * This tokenizer without padding, whatever the file says.
     *
     * @return a tokenizer with this one's truncation that never pads
     */
    public WordPieceTokenizer unpadded() {
        return with(template.withoutPadding());
    }

    /**
     * The truncation length, special tokens included.
     *
     * @return the length, or empty if texts are not truncated
     */
    public OptionalInt maxLength() {
        int maxLength = template.maxLength();
        return maxLength > 0 ? OptionalInt.of(maxLength) : OptionalInt.empty();
    }

    /**
     * The number of entries in the WordPiece vocabulary.
     *
     * @return the vocabulary's size
     */
    public int vocabularySize() {
        return model.size();
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
        for (int i = 0; i < out.length; i++) {
            out[i] = template.frame(wordPieces(Objects.requireNonNull(texts.get(i), "text")));
        }
        template.pad(out);
        return List.of(out);
    }

    private WordPieceTokenizer with(EncodingTemplate t) {
        return new WordPieceTokenizer(model, normalizer, bertPreTokenizer, raw, normalizedMatches, t);
    }

    /** The text's token ids before truncation and special tokens. */
    private IntList wordPieces(String text) {
        IntList ids = new IntList(text.length() / 3 + 4);
        int start = 0;
        for (int[] match = raw.find(text, 0); ; match = raw.find(text, start)) {
            int end = match == null ? text.length() : match[0];
            if (end > start) {
                normalizedSegment(normalizer.normalize(text.substring(start, end)), ids);
            }
            if (match == null) {
                return ids;
            }
            ids.add(raw.id(match[2]));
            start = match[1];
        }
    }

    private void normalizedSegment(String text, IntList ids) {
        int start = 0;
        for (int[] match = normalizedMatches.find(text, 0); ; match = normalizedMatches.find(text, start)) {
            int end = match == null ? text.length() : match[0];
            if (end > start) {
                words(text, start, end, ids);
            }
            if (match == null) {
                return;
            }
            ids.add(normalizedMatches.id(match[2]));
            start = match[1];
        }
    }

    /** {@code BertNormalizer} on one segment. */
    String normalize(String text) {
        return normalizer.normalize(text);
    }

    /** {@code BertPreTokenizer} (when the file has it) and WordPiece on {@code text[from, to)}. */
    private void words(String text, int from, int to, IntList ids) {
        if (!bertPreTokenizer) {
            model.split(text.substring(from, to), ids);
            return;
        }
        BertPreTokenizer.split(text, from, to, word -> model.split(word, ids));
    }

    /**
     * The tokens of one text: ids, type ids and attention mask, all of the same length (special tokens and
     * padding included). Immutable; the accessors return copies.
     */
    public static final class Encoding {
        private final long[] ids;
        private final long[] typeIds;
        private final long[] attentionMask;

        Encoding(long[] ids, long[] typeIds, long[] attentionMask) {
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

        Encoding padded(int target, EncodingTemplate.Padding p) {
            int extra = target - ids.length;
            if (extra <= 0) {
                return this;
            }
            int at = p.left() ? extra : 0;
            long[] i = new long[target];
            long[] t = new long[target];
            long[] m = new long[target];
            Arrays.fill(i, p.id());
            Arrays.fill(t, p.typeId());
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
}
