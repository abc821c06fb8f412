package io.github.astrorag.core.chunk;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.internal.text.WordBreaks;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Token-aware recursive chunking, as AstroRAG prescribes: at most {@code maxTokens} tokens per chunk
 * (default {@value #DEFAULT_MAX_TOKENS}, tiktoken {@code p50k_base}), consecutive chunks overlapping by
 * up to {@code overlap} tokens (default {@value #DEFAULT_OVERLAP}).
 *
 * <p>Each page (or the whole text of an unpaged document) is cut at the coarsest boundary that makes
 * the pieces fit: paragraphs (blank lines), then lines, then sentences, then words, and at last token
 * boundaries. Sentences end at {@code . ! ? 。 ; :} before white space, and at the end marks of other scripts
 * ({@code 。！？｡．} in CJK, the danda {@code । ॥}, {@code ؟ ۔ ። ፧ ။ ։ ។ ៕}) and the full-width clause breaks
 * {@code ，；：} whatever follows them. Words are separated by white space; a run without white space in a script
 * written without spaces (Thai, Lao, Khmer, Myanmar, Han, Kana) is cut at its word boundaries ({@link WordBreaks}:
 * the JDK's Thai dictionary, every Han character), never inside a word; only a run of other scripts is cut at
 * token boundaries. The overlap is word-aligned by white space, so a chunk cut inside such a run starts without
 * one. Neighbouring pieces are then packed greedily into chunks of at most {@code maxTokens}
 * tokens, each new chunk starting with the longest word-aligned tail of the previous one of at most
 * {@code overlap} tokens (less when the overlap and the next piece would not fit). Chunks never cross a
 * page, so a chunk's page is exact. Every count is made on the exact chunk text with the same
 * {@link TokenCounter} that budgets use, so no chunk is ever over the limit. Leading and trailing white
 * space is not part of a chunk.
 *
 * <p>Cost: for prose, about one counting pass over the text to split it and a little more to pack it:
 * BPE counts add up across white space that must start a pre-token ({@code additiveAt}), so a piece
 * counted while splitting is not counted again when packed, and a longer overlap costs a count of its
 * new word only. Where counts need not add up (pieces joined by a plain space, pieces cut inside a
 * word) the grown chunk is counted again: O(p) counts of a chunk's length for p pieces per chunk.
 * Text without white space (a megabyte-long "word", CJK, emoji) is cut at token boundaries by searches
 * over windows about twice a chunk long, never over the rest of the text: O(n log c) for n characters
 * and chunks of c characters. No text longer than {@code maxTokens} &times;
 * {@link TokenCounter#LONGEST_TOKEN_BYTES} characters is ever handed to the encoder (such a text is over
 * the limit for sure), so memory is bounded whatever the characters per token; a run without white
 * space longer than that (16 MB of {@code '.'}, which p50k_base packs at about 60 characters per token)
 * is cut from one encoding of a window of about a chunk per piece, O(n). See docs/reliability.md. The boundary patterns match runs of white space and closing punctuation
 * only, so they cannot backtrack. Immutable and thread-safe.
 */
public final class RecursiveTokenChunker implements Chunker {

    /** AstroRAG's chunk size in tokens. */
    public static final int DEFAULT_MAX_TOKENS = 300;
    /** AstroRAG's overlap in tokens (the paper's ablation found 30 best). */
    public static final int DEFAULT_OVERLAP = 30;

    /** Sentence end marks of other scripts, which end a sentence with no white space after them (。！？ in CJK). */
    private static final String SCRIPT_ENDS = "\u3002\uFF01\uFF1F\uFF61\uFF0E\u0964\u0965\u061F\u06D4\u1362\u1367"
            + "\u104B\u0589\u17D4\u17D5";

    private static final Pattern[] BOUNDARIES = {
        Pattern.compile("\\n[ \\t]*\\n\\s*"),          // paragraphs
        Pattern.compile("\\n\\s*"),                    // lines
        Pattern.compile("(?<=[.!?。;:])[\"')\\]]*\\s+" // sentences (and clause breaks)
                + "|(?<=[" + SCRIPT_ENDS + "\uFF0C\uFF1B\uFF1A])(?![" + SCRIPT_ENDS + "])[\"')\\]\u300D\u300F\u201D\u2019\uFF09\u3009\u300B\u00BB]*"),
        Pattern.compile("\\s+"),                       // words
    };

    /** Characters per allowed token in the prefix that first judges whether a long text fits. */
    private static final int PREFIX_CHARS_PER_TOKEN = 6;

    private final TokenCounter counter;
    /** What the chunker counts and cuts with: the counter, or a test's observer of it. */
    private final Counting counting;
    /**
     * The longest text that can have at most {@code maxTokens} tokens: {@code maxTokens} &times;
     * {@link TokenCounter#LONGEST_TOKEN_BYTES}. A longer text is over the limit and never counted.
     */
    private final long longestFitting;
    private final int maxTokens;
    private final int overlap;
    /** Whether the encoding's counts add up across word-starting white space (the GPT-2 pre-tokenizer). */
    private final boolean additiveCounts;

    private RecursiveTokenChunker(TokenCounter counter, int maxTokens, int overlap) {
        this(counter, maxTokens, overlap, new Counting() {
            @Override
            public int count(String text) {
                return counter.count(text);
            }

            @Override
            public int[] encode(String text) {
                return counter.encode(text);
            }

            @Override
            public String decode(int[] tokens) {
                return counter.decode(tokens);
            }
        });
    }

    /** The counter's operations the chunker uses: a seam for tests that watch what it hands the encoder. */
    interface Counting {
        int count(String text);

        int[] encode(String text);

        String decode(int[] tokens);
    }

    /** A chunker that counts through {@code counting}: for tests that watch what the chunker counts. */
    RecursiveTokenChunker(TokenCounter counter, int maxTokens, int overlap, Counting counting) {
        this.counter = counter;
        this.counting = counting;
        this.longestFitting = (long) maxTokens * TokenCounter.LONGEST_TOKEN_BYTES;
        this.additiveCounts = counter instanceof io.github.astrorag.core.token.TiktokenCounter t && t.additiveAcrossWords();
        this.maxTokens = maxTokens;
        this.overlap = overlap;
    }

    /**
     * p50k_base, 300 tokens, 30 overlap.
     *
     * @return the default chunker
     */
    public static RecursiveTokenChunker defaults() {
        return builder().build();
    }

    /**
     * A builder starting from the defaults.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int maxTokens() {
        return maxTokens;
    }

    /**
     * The overlap in tokens.
     *
     * @return the overlap, in tokens
     */
    public int overlap() {
        return overlap;
    }

    /**
     * The token counter.
     *
     * @return the token counter
     */
    @Override
    public TokenCounter counter() {
        return counter;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "recursive-token");
        m.put("encoding", counter.name());
        m.put("maxTokens", maxTokens);
        m.put("overlap", overlap);
        return m;
    }

    @Override
    public List<Chunk> chunk(Document document) {
        Objects.requireNonNull(document, "document");
        String text = document.text();
        List<int[]> segments = new ArrayList<>();
        if (document.paged()) {
            List<Integer> starts = document.pageStarts();
            for (int i = 0; i < starts.size(); i++) {
                int end = i + 1 < starts.size() ? starts.get(i + 1) : text.length();
                segments.add(new int[] {starts.get(i), end});
            }
        } else {
            segments.add(new int[] {0, text.length()});
        }
        List<Chunk> chunks = new ArrayList<>();
        for (int[] seg : segments) {
            List<int[]> pieces = new ArrayList<>();
            split(text, seg[0], seg[1], 0, pieces);
            pack(document, text, pieces, chunks);
        }
        return chunks;
    }

    /** Cuts [start, end) into contiguous pieces that each fit, at the coarsest boundary possible. */
    private void split(String text, int start, int end, int level, List<int[]> out) {
        if (start >= end) {
            return;
        }
        int[] piece = fitting(text, start, end);
        if (piece != null) {
            out.add(piece);
            return;
        }
        if (level >= BOUNDARIES.length) {
            if (end - start <= longestFitting && WordBreaks.anyUnspaced(text, start, end)) {
                splitByWords(text, start, end, out);
            } else {
                splitByTokens(text, start, end, out);
            }
            return;
        }
        Matcher m = BOUNDARIES[level].matcher(text).region(start, end);
        int from = start;
        boolean any = false;
        while (m.find()) {
            if (m.end() <= from || m.end() >= end) {
                continue;
            }
            any = true;
            split(text, from, m.end(), level + 1, out);
            from = m.end();
        }
        if (!any) {
            split(text, start, end, level + 1, out);
            return;
        }
        split(text, from, end, level + 1, out);
    }

    /**
     * Cuts a run without white space of a script written without spaces (Thai, Han, Kana, Lao, Khmer, Myanmar) at
     * word boundaries ({@link WordBreaks}: Thai by the JDK's dictionary, Han at every character): each piece is the
     * longest run of whole words that fits, found by binary search over the word boundaries within a window
     * (as {@link #splitByTokenSearch} searches over characters), so O(w log w) per piece of w characters. A single
     * word over the limit is cut at token boundaries.
     */
    private void splitByWords(String text, int start, int end, List<int[]> out) {
        int[] b = WordBreaks.boundaries(text, start, end);
        long window = (long) maxTokens * PREFIX_CHARS_PER_TOKEN;
        int k = 0;
        while (k + 1 < b.length) {
            int from = b[k];
            int limit = windowEnd(text, from, end, from + Character.charCount(text.codePointAt(from)), window);
            int lo = k + 1;
            int hi = k;
            while (hi + 1 < b.length && b[hi + 1] <= limit) {
                hi++;
            }
            int best = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (count(text.substring(from, b[mid])) <= maxTokens) {
                    best = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            if (best < 0) {
                splitByTokens(text, from, b[k + 1], out); // one word over the limit
                k++;
                continue;
            }
            out.add(new int[] {from, b[best], -1});
            window = 2L * (b[best] - from) + 2;
            k = best;
        }
    }

    /**
     * Cuts a piece of at most {@link #longestFitting} characters at token boundaries: the longest prefix
     * that fits, found by binary search on its length within a window. The first window is
     * {@value #PREFIX_CHARS_PER_TOKEN} characters per allowed token, the next twice the piece before it,
     * and a window doubles while it still fits whole; so a search costs O(w log w) for a piece of about w
     * characters, and never counts more than the piece.
     */
    private void splitByTokenSearch(String text, int start, int end, List<int[]> out) {
        int from = start;
        long window = (long) maxTokens * PREFIX_CHARS_PER_TOKEN;
        while (from < end) {
            int least = from + Character.charCount(text.codePointAt(from)); // at least one character
            int lo = least;
            int hi = windowEnd(text, from, end, least, window);
            int best = least;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int cut = mid < end && mid > least && Character.isLowSurrogate(text.charAt(mid)) ? mid - 1 : mid;
                if (count(text.substring(from, cut)) <= maxTokens) {
                    best = Math.max(best, cut);
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            out.add(new int[] {from, best, -1});
            window = 2L * (best - from) + 2;
            from = best;
        }
    }

    /**
     * The end of the window searched for the next token cut from {@code from}: {@code end}, or the first
     * window (doubling from {@code size} characters) that is over the limit, never inside a surrogate pair.
     */
    private int windowEnd(String text, int from, int end, int least, long size) {
        while (true) {
            if (from + size >= end) {
                return end;
            }
            int cut = (int) (from + size);
            if (cut > least && Character.isLowSurrogate(text.charAt(cut))) {
                cut--;
            }
            if (count(text.substring(from, cut)) > maxTokens) {
                return cut;
            }
            size *= 2;
        }
    }

    /**
     * Cuts at token boundaries. A piece of at most {@link #longestFitting} characters (any word of
     * ordinary text) is cut by {@link #splitByTokenSearch}; a longer run without white space (a line of
     * 16 MB of {@code '.'}, which p50k_base packs at about 60 characters per token) is cut into pieces
     * that are each the text of the first {@code k} tokens of a window, for the
     * largest {@code k <= maxTokens} tried whose text is a prefix (a token may end inside a character) that
     * counts at most {@code maxTokens} tokens on its own (when it counts {@code e} too many, {@code k}
     * drops by {@code e}); never less than one character. The first window is
     * {@value #PREFIX_CHARS_PER_TOKEN} characters per allowed token, the next twice the piece before it,
     * doubling while it holds at most {@code maxTokens} tokens, and never longer than
     * {@link #longestFitting}; so a piece of w characters costs an encoding of O(w) characters and a few
     * counts of w, O(n) for a text of n characters, with memory bounded whatever its characters per token.
     */
    private void splitByTokens(String text, int start, int end, List<int[]> out) {
        if (end - start <= longestFitting) {
            splitByTokenSearch(text, start, end, out);
            return;
        }
        int from = start;
        long size = (long) maxTokens * PREFIX_CHARS_PER_TOKEN;
        while (from < end) {
            int least = from + Character.charCount(text.codePointAt(from)); // at least one character
            int best = least;
            int known = -1; // the tokens of [from, best) when counted and free of white space at either end
            while (true) {
                int cut = (int) Math.min(end, from + Math.min(size, longestFitting));
                if (cut < end && cut > least && Character.isLowSurrogate(text.charAt(cut))) {
                    cut--;
                }
                int[] tokens = counting.encode(text.substring(from, cut));
                if (tokens.length <= maxTokens) {
                    if (cut == end || size >= longestFitting) {
                        best = Math.max(least, cut);
                        break;
                    }
                    size *= 2;
                    continue;
                }
                long[] first = firstTokens(text, from, tokens);
                best = Math.max(least, from + (int) first[0]);
                known = best == from + first[0] && !Character.isWhitespace(text.charAt(from))
                        && !Character.isWhitespace(text.charAt(best - 1)) ? (int) first[1] : -1;
                break;
            }
            out.add(new int[] {from, best, known});
            size = (best - from) + (best - from) / 8 + 2;
            from = best;
        }
    }

    /**
     * The length of the text of the first k of {@code tokens} (encoded from {@code from}) for the largest k
     * tried that is a prefix of the text there and counts at most {@code maxTokens} on its own, and that
     * count; {0, 0} if none.
     */
    private long[] firstTokens(String text, int from, int[] tokens) {
        int k = maxTokens;
        while (k > 0) {
            String prefix = counting.decode(java.util.Arrays.copyOf(tokens, k));
            if (!prefix.isEmpty() && text.startsWith(prefix, from)) {
                int c = counting.encode(prefix).length; // JTokkit encodes a long run faster than it counts it
                if (c <= maxTokens) {
                    return new long[] {prefix.length(), c};
                }
                k -= c - maxTokens;
            } else {
                k--;
            }
        }
        return new long[] {0, 0};
    }

    /**
     * The piece [start, end) as {@code {start, end, content tokens}} if it has at most {@code maxTokens}
     * tokens, else {@code null}. The content is the piece without its trailing white space; its count
     * is kept (-1 where it was not taken) so that packing need not count it again. A long text is first
     * judged by a prefix of {@value #PREFIX_CHARS_PER_TOKEN} characters per allowed token: when that prefix
     * is already over the limit, the text is split further without counting all of it (were the whole
     * ever to count fewer tokens than its prefix, the pieces would only be finer: every chunk is still
     * counted exactly when packed).
     */
    private int @Nullable [] fitting(String text, int start, int end) {
        if (end - start > longestFitting) {
            return null; // more than maxTokens tokens for sure: never count it whole
        }
        long window = (long) maxTokens * PREFIX_CHARS_PER_TOKEN;
        int cut = (int) Math.min(end, start + window);
        if (cut < end && Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        if (end - start > window && count(text.substring(start, cut)) > maxTokens) {
            return null;
        }
        int c = end;
        while (c > start && Character.isWhitespace(text.charAt(c - 1))) {
            c--;
        }
        if (c > start && !Character.isWhitespace(text.charAt(start)) && (c == end || additiveAt(text, c))) {
            int content = count(text.substring(start, c));
            int total = c == end ? content : content + count(text.substring(c, end));
            return total <= maxTokens ? new int[] {start, end, content} : null;
        }
        return count(text.substring(start, end)) <= maxTokens ? new int[] {start, end, -1} : null;
    }

    private int count(String piece) {
        return counting.count(piece);
    }

    /**
     * The tokens of {@code piece} if at most {@code maxTokens}, else a number above it; a piece longer than
     * {@link #longestFitting} is not counted (see {@link TokenCounter#countUpTo}).
     */
    private int countUpToMax(String piece) {
        return piece.length() > longestFitting ? maxTokens + 1 : count(piece);
    }

    /**
     * The tokens of the piece's text without white space at either end when it was counted while splitting
     * (the piece's content count, which excludes trailing white space, and a piece that does not start
     * with white space), else -1.
     */
    private static int contentTokens(String text, int[] piece) {
        return piece[2] >= 0 && piece[0] < piece[1] && !Character.isWhitespace(text.charAt(piece[0])) ? piece[2] : -1;
    }

    private void pack(Document doc, String text, List<int[]> pieces, List<Chunk> out) {
        int i = 0;
        int prevStart = -1;
        int prevEnd = -1;
        while (i < pieces.size()) {
            int start = pieces.get(i)[0];
            int end = pieces.get(i)[1];
            int tokens = -1; // tokens of trim(start, end)
            if (prevEnd >= 0 && overlap > 0) {
                int[] tail = overlapStart(text, prevStart, prevEnd, pieces.get(i));
                if (tail != null) {
                    start = tail[0];
                    tokens = tail[1];
                }
            }
            if (tokens < 0) {
                tokens = start == pieces.get(i)[0] ? contentTokens(text, pieces.get(i)) : -1;
            }
            if (tokens < 0) {
                tokens = count(trim(text, start, end));
            }
            int j = i + 1;
            while (j < pieces.size()) {
                int more = countAfter(text, start, tokens, pieces.get(j));
                if (more > maxTokens) {
                    break;
                }
                end = pieces.get(j)[1];
                tokens = more;
                j++;
            }
            if (tokens > maxTokens) {
                start = pieces.get(i)[0]; // the overlap does not fit with this piece: drop it
                tokens = count(trim(text, start, end));
            }
            emit(doc, text, start, end, tokens, out);
            prevStart = pieces.get(i)[0];
            prevEnd = end;
            i = j;
        }
    }

    /**
     * Whether token counts add up across offset {@code c}: a white-space character preceded by a
     * character that is white space by no definition. The GPT-2 pre-tokenizer ({@code p50k_base},
     * {@code r50k_base}) ends a pre-token there and starts the next one afresh (only its patterns for
     * white-space runs look ahead, and none looks behind), and BPE never merges across pre-tokens, so
     * {@code count(a + b) == count(a) + count(b)} when {@code a} ends at {@code c}. Later encodings break
     * this on some texts, so for them {@code emit} counts every chunk again.
     */
    private static boolean additiveAt(String text, int c) {
        if (c <= 0 || c >= text.length()) {
            return false;
        }
        char at = text.charAt(c);
        char before = text.charAt(c - 1);
        return (at == ' ' || (at >= '\t' && at <= '\r')) && !white(before);
    }

    /** White space by any definition a pre-tokenizer may use (Java's, Unicode's, no-break spaces). */
    private static boolean white(char ch) {
        return Character.isWhitespace(ch) || Character.isSpaceChar(ch) || ch == '\u0085';
    }

    /**
     * The tokens of trim(start, piece end), given {@code known}, the tokens of trim(start, piece start):
     * by adding the count of the new text where counts add up, else by counting.
     */
    private int countAfter(String text, int start, int known, int[] piece) {
        int c = piece[0];
        while (c > start && Character.isWhitespace(text.charAt(c - 1))) {
            c--;
        }
        if (c > start && c < piece[1] && additiveAt(text, c)) {
            return known + increment(text, c, piece);
        }
        return countUpToMax(trim(text, start, piece[1]));
    }

    /**
     * The tokens of [c, piece end) without trailing white space, where [c, piece start) is white space
     * that starts a pre-token. When that white space ends in a line break (or another white-space
     * character but a space), the piece's first word starts a pre-token of its own too, so the piece's
     * content count is reused and only the white space is counted: as it counts before a word, which a
     * single letter stands for.
     */
    private int increment(String text, int c, int[] piece) {
        int mid = piece[0];
        if (piece[2] >= 0 && c < mid && text.charAt(mid - 1) >= '\t' && text.charAt(mid - 1) <= '\r'
                && !white(text.charAt(mid))) {
            return count(text.substring(c, mid) + "a") - 1 + piece[2];
        }
        return count(text.substring(c, piece[1]).stripTrailing());
    }

    /**
     * The start of the longest word-aligned tail of [prevStart, prevEnd) with at most {@code overlap}
     * tokens that still fits together with the text up to {@code nextEnd}, and the tokens of that
     * combined text (trimmed); {@code null} if none. Tails grow word by word until one is over either
     * limit. Where counts add up ({@code additiveAt}) a longer tail costs counts of its new word only.
     */
    private int @Nullable [] overlapStart(String text, int prevStart, int prevEnd, int[] next) {
        int nextEnd = next[1];
        int c0 = prevEnd; // the end of the last word of the previous chunk
        while (c0 > prevStart && Character.isWhitespace(text.charAt(c0 - 1))) {
            c0--;
        }
        boolean additive = c0 > prevStart && c0 < nextEnd && additiveAt(text, c0);
        int tailRest = additive ? count(text.substring(c0, prevEnd)) : 0;
        int fitRest = additive ? increment(text, c0, next) : 0;
        int suffix = 0;        // tokens of [the end of the nearer word, c0)
        int nearerStart = -1;  // the start of the nearer word, -1 at the first
        int nearerEnd = c0;    // the end of the nearer word
        int best = -1;
        int bestTokens = -1;
        int pos = prevEnd;
        while (true) {
            int ws = lastWordStart(text, prevStart, pos);
            if (ws <= prevStart) {
                break;
            }
            int we = c0;
            if (nearerStart >= 0) {
                we = nearerStart;
                while (we > ws && Character.isWhitespace(text.charAt(we - 1))) {
                    we--;
                }
                additive = additive && additiveAt(text, we);
                if (additive) {
                    suffix += count(text.substring(we, nearerEnd));
                }
            }
            int tail;
            int fit;
            if (additive) {
                int head = count(text.substring(ws, we)) + suffix;
                tail = head + tailRest;
                fit = head + fitRest;
            } else {
                tail = count(text.substring(ws, prevEnd));
                fit = tail > overlap ? -1 : countUpToMax(trim(text, ws, nextEnd));
            }
            if (tail > overlap || fit > maxTokens) {
                break;
            }
            best = ws;
            bestTokens = fit;
            nearerStart = ws;
            nearerEnd = we;
            pos = ws - 1;
        }
        return best < 0 ? null : new int[] {best, bestTokens};
    }

    private static int lastWordStart(String text, int floor, int before) {
        int p = before - 1;
        while (p > floor && Character.isWhitespace(text.charAt(p))) {
            p--;
        }
        while (p > floor && !Character.isWhitespace(text.charAt(p - 1))) {
            p--;
        }
        return p;
    }

    private static String trim(String text, int start, int end) {
        return text.substring(start, end).strip();
    }

    /**
     * Adds trim(start, end) as a chunk. {@code tokens}, the packing's count, is exact for the GPT-2 family
     * of pre-tokenizers ({@code p50k_base}, {@code r50k_base}), whose counts add up across the white
     * space pieces are joined at ({@code additiveAt}); for other encodings (whose patterns group digits
     * or attach punctuation to words) the chunk is counted again, and cut at token boundaries in the rare
     * case it is over the limit.
     */
    private void emit(Document doc, String text, int start, int end, int tokens, List<Chunk> out) {
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        if (start >= end) {
            return;
        }
        String body = text.substring(start, end);
        int exact = additiveCounts ? tokens : count(body);
        if (exact > maxTokens) {
            List<int[]> parts = new ArrayList<>();
            splitByTokens(text, start, end, parts);
            for (int[] p : parts) {
                emit(doc, text, p[0], p[1], count(text.substring(p[0], p[1])), out);
            }
            return;
        }
        int ordinal = out.size();
        out.add(Chunk.of(doc, ordinal, body, exact, start, end));
    }

    /**
     * Fail-fast builder: each setting may be given once (again: {@link IllegalStateException}), a value out of range
     * throws {@link IllegalArgumentException} naming it. Not thread-safe.
     */
    public static final class Builder {
        private TokenCounter counter;
        private Integer maxTokens;
        private Integer overlap;

        private Builder() {
        }

        /**
         * The token counter; default p50k_base.
         *
         * @param value the token counter
         * @return this builder
         * @throws IllegalStateException if the counter was already set
         */
        public Builder counter(TokenCounter value) {
            Arguments.checkState(counter == null, "counter was already set");
            counter = Objects.requireNonNull(value, "counter");
            return this;
        }

        /**
         * The largest chunk in tokens; default 300; at least 8.
         *
         * @param value the largest chunk, in tokens
         * @return this builder
         * @throws IllegalStateException if the largest chunk was already set
         * @throws IllegalArgumentException if {@code value} is below 8
         */
        public Builder maxTokens(int value) {
            Arguments.checkState(maxTokens == null, "maxTokens was already set");
            Arguments.check(value >= 8, "maxTokens must be at least 8, was %d", value);
            maxTokens = value;
            return this;
        }

        /**
         * The overlap in tokens; default 30, or a quarter of maxTokens when that is less; at least 0 and less than
         * half of maxTokens.
         *
         * @param value the overlap, in tokens
         * @return this builder
         * @throws IllegalStateException if the overlap was already set
         * @throws IllegalArgumentException if {@code value} is negative (half of maxTokens is checked by {@link #build()})
         */
        public Builder overlap(int value) {
            Arguments.checkState(overlap == null, "overlap was already set");
            Arguments.check(value >= 0, "overlap must be >= 0, was %d", value);
            overlap = value;
            return this;
        }

        /**
         * The chunker.
         *
         * @return the immutable chunker
         * @throws IllegalArgumentException if the overlap is not less than half of the largest chunk
         */
        public RecursiveTokenChunker build() {
            int max = maxTokens == null ? DEFAULT_MAX_TOKENS : maxTokens;
            int ov = overlap == null ? Math.min(DEFAULT_OVERLAP, max / 4) : overlap;
            Arguments.check(ov * 2 < max, "overlap (%d) must be less than half of maxTokens (%d)", ov, max);
            return new RecursiveTokenChunker(counter == null ? TokenCounter.p50k() : counter, max, ov);
        }
    }

    @Override
    public String toString() {
        return "RecursiveTokenChunker" + describe();
    }
}
