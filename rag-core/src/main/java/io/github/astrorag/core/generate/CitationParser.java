package io.github.astrorag.core.generate;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.text.Sentences;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the citations {@code [n]} of a model's reply and maps them to the context's chunks.
 *
 * <p>Recognised markers: {@code [1]}, lists {@code [1, 3]} or {@code [1;3]}, and runs {@code [1][2]} (each
 * bracket on its own). Number {@code n} names the {@code n}-th chunk of the context (1-based), as numbered
 * by {@link PromptTemplate#numberedContext}. A number naming no chunk (0, or more than the context has)
 * is dropped, never mapped to a guess, and the dropped numbers are written to the trace under
 * {@value #INVALID_CITATIONS} (a list of integers in order of first appearance). The reply text itself is
 * not changed: its citations keep the numbers it writes, which a streaming reader has already shown.
 *
 * <p>The quote of a citation is the sentence of the cited chunk ({@link Sentences}) that best matches
 * the reply sentence carrying the marker: the highest Dice coefficient {@code 2|A∩B| / (|A| + |B|)}
 * between the two sentences' content-term sets (by the parser's {@link TermAnalyzer}), ties to the earlier sentence; when no
 * sentence shares a term, the chunk's first sentence. A marker that opens a reply sentence ({@code "…
 * galaxy. [2] The …"}) belongs to the sentence before it. The result has one citation per cited number, in
 * order of first appearance: when reply sentences citing one chunk draw on different sentences of it, its
 * quote is the chunk's text from the first of them to the last, so that a quote is always verbatim text of
 * the chunk and no number is listed twice.
 *
 * <p>Cost: linear in the reply's length, plus O(log r) per marker for r reply sentences, plus one quote
 * per distinct (number, reply sentence): O(s · t) for s sentences per cited chunk and t terms per
 * sentence. Stateless; thread-safe.
 */
public final class CitationParser {

    /** Trace key under which dropped citation numbers are listed. */
    public static final String INVALID_CITATIONS = "invalidCitations";

    /** A citation marker: {@code [1]}, {@code [ 2 ]}, {@code [1, 3]}, {@code [1;3]}. */
    static final Pattern MARKER = Pattern.compile("\\[\\s*(\\d{1,9}(?:\\s*[,;]\\s*\\d{1,9})*)\\s*]");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private final TermAnalyzer analyzer;

    /** A parser comparing terms by {@link EnglishTermAnalyzer#defaults()}. */
    public CitationParser() {
        this(EnglishTermAnalyzer.defaults());
    }

    /**
     * A parser comparing terms by {@code analyzer}.
     *
     * @param analyzer gives the terms a quote is matched by
     */
    public CitationParser(TermAnalyzer analyzer) {
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }

    /**
     * The citations of {@code reply} in {@code context}; invalid numbers go to {@code trace}.
     *
     * @param reply the model's reply
     * @param context the context the reply was generated from
     * @param trace where invalid citation numbers are written
     * @return one citation per valid number, in order of first appearance, each quoting the span of its chunk
     *         that the citing sentences draw on
     */
    public List<Citation> parse(String reply, Context context, TraceSink trace) {
        List<Sentences.Span> replySentences = Sentences.split(reply);
        int[] leadingMarkersEnd = new int[replySentences.size()];
        Arrays.fill(leadingMarkersEnd, -1);
        Map<List<Integer>, int[]> quotes = new HashMap<>();
        Map<Integer, int[]> spans = new LinkedHashMap<>(); // per cited number: its chunk's quoted span
        Set<Integer> invalid = new LinkedHashSet<>();
        Matcher m = MARKER.matcher(reply);
        while (m.find()) {
            Matcher numbers = NUMBER.matcher(m.group(1));
            int citing = Integer.MIN_VALUE;
            while (numbers.find()) {
                int n = Integer.parseInt(numbers.group());
                if (n < 1 || n > context.chunks().size()) {
                    invalid.add(n);
                    continue;
                }
                if (citing == Integer.MIN_VALUE) {
                    citing = citingSentence(reply, replySentences, leadingMarkersEnd, m.start());
                }
                Chunk chunk = context.chunks().get(n - 1).chunk();
                String citingText = citing < 0 ? reply : replySentences.get(citing).text();
                int[] quote = quotes.computeIfAbsent(List.of(n, citing), k -> quote(chunk.text(), citingText));
                spans.merge(n, quote, (a, b) -> new int[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
            }
        }
        if (!invalid.isEmpty()) {
            trace.put(INVALID_CITATIONS, List.copyOf(invalid));
        }
        List<Citation> citations = new ArrayList<>();
        spans.forEach((n, span) -> {
            Chunk chunk = context.chunks().get(n - 1).chunk();
            citations.add(Citation.of(n, chunk, chunk.text().substring(span[0], span[1])));
        });
        return List.copyOf(citations);
    }

    /**
     * The index of the reply sentence a marker at {@code offset} belongs to, or -1 for the whole reply
     * (an offset in no sentence). Binary search over the sentences; {@code leadingMarkersEnd} caches, per
     * sentence, where the markers (and white space) that open it end, so that every marker costs O(log s).
     */
    private static int citingSentence(String reply, List<Sentences.Span> sentences, int[] leadingMarkersEnd, int offset) {
        int lo = 0;
        int hi = sentences.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Sentences.Span s = sentences.get(mid);
            if (offset < s.start()) {
                hi = mid - 1;
            } else if (offset >= s.end()) {
                lo = mid + 1;
            } else {
                if (leadingMarkersEnd[mid] < 0) {
                    leadingMarkersEnd[mid] = leadingMarkersEnd(reply, s.start(), s.end());
                }
                boolean opensSentence = offset <= leadingMarkersEnd[mid];
                return opensSentence && mid > 0 ? mid - 1 : mid;
            }
        }
        return -1;
    }

    /** The end of the markers and white space that start [start, end): {@code start} if there are none. */
    private static int leadingMarkersEnd(String reply, int start, int end) {
        Matcher marker = MARKER.matcher(reply);
        int pos = start;
        while (true) {
            while (pos < end && Character.isWhitespace(reply.charAt(pos))) {
                pos++;
            }
            if (pos >= end || !marker.region(pos, end).lookingAt()) {
                return pos;
            }
            pos = marker.end();
        }
    }

    /** The span {start, end} of the sentence of {@code chunkText} that best matches {@code citing}. */
    int[] quote(String chunkText, String citing) {
        List<Sentences.Span> sentences = Sentences.split(chunkText);
        if (sentences.isEmpty()) {
            return new int[] {0, chunkText.length()};
        }
        Set<String> wanted = new HashSet<>(analyzer.terms(MARKER.matcher(citing).replaceAll(" ")));
        Sentences.Span best = sentences.get(0);
        double bestScore = 0;
        for (Sentences.Span s : sentences) {
            Set<String> terms = new HashSet<>(analyzer.terms(s.text()));
            int shared = 0;
            for (String t : terms) {
                if (wanted.contains(t)) {
                    shared++;
                }
            }
            double dice = shared == 0 ? 0 : 2.0 * shared / (terms.size() + wanted.size());
            if (dice > bestScore) {
                bestScore = dice;
                best = s;
            }
        }
        return new int[] {best.start(), best.end()};
    }
}
