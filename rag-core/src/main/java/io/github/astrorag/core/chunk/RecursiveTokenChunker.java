package io.github.astrorag.core.chunk;

import io.github.astrorag.core.InvalidConfigurationException;
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

/**
 * Token-aware recursive chunking, as AstroRAG prescribes: at most {@code maxTokens} tokens per chunk
 * (default {@value #DEFAULT_MAX_TOKENS}, tiktoken {@code p50k_base}), consecutive chunks overlapping by
 * up to {@code overlap} tokens (default {@value #DEFAULT_OVERLAP}).
 *
 * <p>Each page (or the whole text of an unpaged document) is cut at the coarsest boundary that makes
 * the pieces fit: paragraphs (blank lines), then lines, then sentences, then words, and at last token
 * boundaries. Neighbouring pieces are then packed greedily into chunks of at most {@code maxTokens}
 * tokens, each new chunk starting with the longest word-aligned tail of the previous one of at most
 * {@code overlap} tokens (less when the overlap and the next piece would not fit). Chunks never cross a
 * page, so a chunk's page is exact. Every count is made on the exact chunk text with the same
 * {@link TokenCounter} that budgets use, so no chunk is ever over the limit. Leading and trailing white
 * space is not part of a chunk.
 *
 * <p>Cost: O(n · log m) token counts over texts of at most a chunk's length, for n pieces and m
 * characters per chunk. Immutable and thread-safe.
 */
public final class RecursiveTokenChunker implements Chunker {

    /** AstroRAG's chunk size in tokens. */
    public static final int DEFAULT_MAX_TOKENS = 300;
    /** AstroRAG's overlap in tokens (the paper's ablation found 30 best). */
    public static final int DEFAULT_OVERLAP = 30;

    private static final Pattern[] BOUNDARIES = {
        Pattern.compile("\\n[ \\t]*\\n\\s*"),          // paragraphs
        Pattern.compile("\\n\\s*"),                    // lines
        Pattern.compile("(?<=[.!?。;:])[\"')\\]]*\\s+"), // sentences (and clause breaks)
        Pattern.compile("\\s+"),                       // words
    };

    private final TokenCounter counter;
    private final int maxTokens;
    private final int overlap;

    private RecursiveTokenChunker(TokenCounter counter, int maxTokens, int overlap) {
        this.counter = counter;
        this.maxTokens = maxTokens;
        this.overlap = overlap;
    }

    /** p50k_base, 300 tokens, 30 overlap. */
    public static RecursiveTokenChunker defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public int maxTokens() {
        return maxTokens;
    }

    /** The overlap in tokens. */
    public int overlap() {
        return overlap;
    }

    /** The token counter. */
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
        if (counter.count(text.substring(start, end)) <= maxTokens) {
            out.add(new int[] {start, end});
            return;
        }
        if (level >= BOUNDARIES.length) {
            splitByTokens(text, start, end, out);
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

    /** Cuts at token boundaries: the longest prefix that fits, found by binary search on its length. */
    private void splitByTokens(String text, int start, int end, List<int[]> out) {
        int from = start;
        while (from < end) {
            int lo = from + 1;
            int hi = end;
            int best = from + 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (counter.count(text.substring(from, mid)) <= maxTokens) {
                    best = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            if (best < end && Character.isHighSurrogate(text.charAt(best - 1)) && best - 1 > from) {
                best--;
            }
            out.add(new int[] {from, best});
            from = best;
        }
    }

    private void pack(Document doc, String text, List<int[]> pieces, List<Chunk> out) {
        int i = 0;
        int prevStart = -1;
        int prevEnd = -1;
        while (i < pieces.size()) {
            int start = pieces.get(i)[0];
            if (prevEnd >= 0 && overlap > 0) {
                int tail = overlapStart(text, prevStart, prevEnd, pieces.get(i)[1]);
                if (tail >= 0) {
                    start = tail;
                }
            }
            int end = pieces.get(i)[1];
            int j = i + 1;
            while (j < pieces.size() && counter.count(trim(text, start, pieces.get(j)[1])) <= maxTokens) {
                end = pieces.get(j)[1];
                j++;
            }
            if (counter.count(trim(text, start, end)) > maxTokens) {
                start = pieces.get(i)[0]; // the overlap does not fit with this piece: drop it
            }
            emit(doc, text, start, end, out);
            prevStart = pieces.get(i)[0];
            prevEnd = end;
            i = j;
        }
    }

    /**
     * The start of the longest word-aligned tail of [prevStart, prevEnd) with at most {@code overlap}
     * tokens that still fits together with the text up to {@code nextEnd}; -1 if none.
     */
    private int overlapStart(String text, int prevStart, int prevEnd, int nextEnd) {
        int best = -1;
        int pos = prevEnd;
        while (true) {
            int ws = lastWordStart(text, prevStart, pos);
            if (ws <= prevStart) {
                break;
            }
            String tail = text.substring(ws, prevEnd);
            if (counter.count(tail) > overlap) {
                break;
            }
            if (counter.count(trim(text, ws, nextEnd)) > maxTokens) {
                break;
            }
            best = ws;
            pos = ws - 1;
        }
        return best;
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

    private void emit(Document doc, String text, int start, int end, List<Chunk> out) {
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
        int tokens = counter.count(body);
        if (tokens > maxTokens) {
            throw new IllegalStateException("chunk of " + tokens + " tokens over the limit " + maxTokens);
        }
        int ordinal = out.size();
        out.add(new Chunk(Chunk.idOf(doc.id(), ordinal), doc.id(), doc.title(), doc.source(), doc.pageAt(start),
                ordinal, body, tokens, start, end));
    }

    /** Fail-fast builder; each setting may be given once. */
    public static final class Builder {
        private TokenCounter counter;
        private Integer maxTokens;
        private Integer overlap;

        private Builder() {
        }

        /** The token counter; default p50k_base. */
        public Builder counter(TokenCounter value) {
            InvalidConfigurationException.check(counter == null, "counter was already set");
            counter = Objects.requireNonNull(value, "counter");
            return this;
        }

        /** The largest chunk in tokens; default 300; at least 8. */
        public Builder maxTokens(int value) {
            InvalidConfigurationException.check(maxTokens == null, "maxTokens was already set");
            InvalidConfigurationException.check(value >= 8, "maxTokens must be at least 8, was %d", value);
            maxTokens = value;
            return this;
        }

        /** The overlap in tokens; default 30; at least 0 and less than half of maxTokens. */
        public Builder overlap(int value) {
            InvalidConfigurationException.check(overlap == null, "overlap was already set");
            InvalidConfigurationException.check(value >= 0, "overlap must be >= 0, was %d", value);
            overlap = value;
            return this;
        }

        /** The chunker. */
        public RecursiveTokenChunker build() {
            int max = maxTokens == null ? DEFAULT_MAX_TOKENS : maxTokens;
            int ov = overlap == null ? Math.min(DEFAULT_OVERLAP, max / 4) : overlap;
            InvalidConfigurationException.check(ov * 2 < max, "overlap (%d) must be less than half of maxTokens (%d)", ov, max);
            return new RecursiveTokenChunker(counter == null ? TokenCounter.p50k() : counter, max, ov);
        }
    }

    @Override
    public String toString() {
        return "RecursiveTokenChunker" + describe();
    }
}
