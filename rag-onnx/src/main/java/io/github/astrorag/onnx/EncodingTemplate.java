package io.github.astrorag.onnx;

import io.github.astrorag.core.internal.IntList;
import io.github.astrorag.onnx.WordPieceTokenizer.Encoding;
import java.util.Arrays;

/**
 * What follows WordPiece: truncation to the maximum length less the special tokens (from the end, or from
 * the start if the file truncates on the left), the post-processor's template (the special tokens before
 * and after the text, such as {@code [CLS] text [SEP]}, with their type ids) and padding. Linear in the
 * tokens; immutable and thread-safe.
 */
final class EncodingTemplate {

    /** A special token of the template. */
    record Piece(int id, int typeId) {
    }

    /** The file's padding: to a fixed length, or to the longest of a batch ({@code fixed} 0), or none. */
    record Padding(int fixed, int multiple, boolean left, int id, int typeId) {
        static final Padding NONE = new Padding(-1, 0, false, 0, 0);

        /** The padded length of a batch whose longest text has {@code longest} tokens. */
        int target(int longest) {
            int t = fixed > 0 ? fixed : longest;
            return multiple > 0 && t % multiple != 0 ? t + multiple - t % multiple : t;
        }
    }

    private final Piece[] before;
    private final Piece[] after;
    private final int sequenceTypeId;
    private final int maxLength;
    private final boolean truncateLeft;
    private final Padding padding;

    /**
     * A template.
     *
     * @param before         the special tokens before the text
     * @param after          the special tokens after the text
     * @param sequenceTypeId the type id of the text's tokens
     * @param maxLength      the truncation length, special tokens included; 0 for none
     * @param truncateLeft   whether truncation drops the text's first tokens rather than its last
     * @param padding        the padding, or {@link Padding#NONE}
     */
    EncodingTemplate(Piece[] before, Piece[] after, int sequenceTypeId, int maxLength, boolean truncateLeft,
                     Padding padding) {
        this.before = before;
        this.after = after;
        this.sequenceTypeId = sequenceTypeId;
        this.maxLength = maxLength;
        this.truncateLeft = truncateLeft;
        this.padding = padding;
    }

    /** The number of special tokens. */
    int specials() {
        return before.length + after.length;
    }

    /** The truncation length, special tokens included; 0 for none. */
    int maxLength() {
        return maxLength;
    }

    /** This template truncating to {@code tokens}. */
    EncodingTemplate withMaxLength(int tokens) {
        return new EncodingTemplate(before, after, sequenceTypeId, tokens, truncateLeft, padding);
    }

    /** This template without padding. */
    EncodingTemplate withoutPadding() {
        return new EncodingTemplate(before, after, sequenceTypeId, maxLength, truncateLeft, Padding.NONE);
    }

    /** Truncation, then the special tokens and type ids of the post-processor's template. */
    Encoding frame(IntList pieces) {
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

    /** Pads the framed encodings of one batch, in place, to the padding's target for their longest. */
    void pad(Encoding[] batch) {
        if (padding == Padding.NONE) {
            return;
        }
        int longest = 0;
        for (Encoding e : batch) {
            longest = Math.max(longest, e.length());
        }
        int target = padding.target(longest);
        for (int i = 0; i < batch.length; i++) {
            batch[i] = batch[i].padded(target, padding);
        }
    }
}
