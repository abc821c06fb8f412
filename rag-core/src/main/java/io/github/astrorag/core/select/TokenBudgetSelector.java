package io.github.astrorag.core.select;

import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.internal.text.Sentences;
import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * AstroRAG's last step before generation: concatenate the candidates in the order given and cut the
 * result to the budget (T = {@value #DEFAULT_BUDGET} tokens in the paper).
 *
 * <p>Candidates are taken whole while they fit; the first that does not fit is cut to the tokens left
 * (if any text remains) and the selection ends there. Chunks that fit whole are never changed: only the
 * cut chunk is, by one of two rules.
 * <ul>
 *   <li><b>Head</b> (the default; always when the question is unknown): the chunk's head, ending at the
 *   last sentence end ({@link Sentences}) that fits in the tokens left, so that the context does not stop
 *   mid-sentence; only when not even the chunk's first sentence fits is it cut at the last token boundary
 *   that fits.</li>
 *   <li><b>Relevant window</b> ({@link Builder#relevantWindow}, when the question is known): among the windows of the chunk's
 *   consecutive whole sentences that fit the tokens left, the one of highest relevance to the question, the
 *   IDF share of the question's terms it holds,
 *   <pre>relevance(x) = Σ_{t ∈ Q ∩ x} idf(t) / Σ_{t ∈ Q} idf(t)</pre>
 *   (Q the question's terms found in some candidate, terms by Lucene English analysis, idf BM25's
 *   {@code ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))} over the N candidates given); ties go to the earlier
 *   window. It replaces the head only when strictly more relevant, so a chunk that holds no question term,
 *   or holds them all in its head, is cut as before. A chunk is one span, and so is its window: the kept
 *   text is verbatim the document's text at the cut chunk's {@link Chunk#start()}–{@link Chunk#end()}
 *   ({@link Chunk#truncatedTo(int, int, int)}), and citations stay exact.</li>
 * </ul>
 *
 * <p><b>Filling.</b> A cut piece after at least one whole chunk only fills the budget the whole chunks leave;
 * it is dropped (and the selection ends) when it has fewer than {@link Builder#minFillTokens} tokens
 * (default {@value #DEFAULT_MIN_FILL_TOKENS}) or, the question known, a relevance under
 * {@link Builder#minFillRelevance} (default {@value #DEFAULT_MIN_FILL_RELEVANCE}). A cut first chunk is
 * always kept: it is the whole context.
 *
 * <p><b>Trace.</b> Under {@value #TRUNCATED}: {@code {chunkId, keptTokens, originalTokens, atSentence, rule,
 * kept, cut}} ({@code rule} {@code head} or {@code relevant-window}; {@code kept} the kept span's
 * {@code [start, end)} in the document, {@code cut} the chunk's spans left out, and, the question known,
 * {@code relevance}); {@code truncatedChunks} is 1, else 0. A piece dropped by the fill minimum is under
 * {@value #SKIPPED_FILL}: {@code {chunkId, keptTokens, relevance, reason}}.
 *
 * <p>The context text is the chunks joined by {@link Context#SEPARATOR}, and its count, made on the whole
 * joined text, never exceeds the budget. The kept chunks are then arranged by the configured
 * {@link ContextOrder} (default {@link ContextOrder#RELEVANCE}). Cost: one token count per candidate kept,
 * plus, for the chunk that is cut, one sentence split, one term analysis of the candidates and O(s) token
 * counts of windows (s sentences; two pointers over the windows that fit). Immutable, thread-safe.
 *
 * <p>{@link #assemble} is the same procedure for selectors that choose their own ordered list. What the
 * relevant window does to the evidence a context holds is measured in {@code docs/evaluation.md}.
 */
public final class TokenBudgetSelector implements ContextSelector {

    /** The trace key of the facts about the chunk that was cut, if one was. */
    public static final String TRUNCATED = "truncated";
    /** The trace key of the cut piece dropped by the fill minimum, if one was. */
    public static final String SKIPPED_FILL = "skippedFill";

    /** AstroRAG's context budget in tokens. */
    public static final int DEFAULT_BUDGET = 1800;
    /**
     * Whether the cut chunk keeps its most relevant window of sentences rather than its head: on (it never changes
     * which chunks are in the context); what it does to the evidence, by data set and budget, is in
     * {@code docs/evaluation.md}.
     */
    public static final boolean DEFAULT_RELEVANT_WINDOW = true;
    /** The fewest tokens of a cut piece that fills the budget after whole chunks: 0, no minimum ({@code docs/evaluation.md}). */
    public static final int DEFAULT_MIN_FILL_TOKENS = 0;
    /** The least relevance of a cut piece that fills the budget after whole chunks: 0, no minimum ({@code docs/evaluation.md}). */
    public static final double DEFAULT_MIN_FILL_RELEVANCE = 0.0;

    private final TokenCounter counter;
    private final ContextOrder order;
    private final boolean relevantWindow;
    private final int minFillTokens;
    private final double minFillRelevance;
    private final TermAnalyzer analyzer;

    /** p50k_base, relevance order, the default cut rules. */
    public TokenBudgetSelector() {
        this(TokenCounter.p50k(), ContextOrder.RELEVANCE);
    }

    /**
     * A selector counting with {@code counter} and arranging by {@code order}, with the default cut rules.
     *
     * @param counter counts the tokens of chunks
     * @param order how the selected chunks are arranged
     */
    public TokenBudgetSelector(TokenCounter counter, ContextOrder order) {
        this(builder().counter(counter).order(order));
    }

    private TokenBudgetSelector(Builder b) {
        this.counter = b.counter == null ? TokenCounter.p50k() : b.counter;
        this.order = b.order == null ? ContextOrder.RELEVANCE : b.order;
        this.relevantWindow = b.relevantWindow == null ? DEFAULT_RELEVANT_WINDOW : b.relevantWindow;
        this.minFillTokens = b.minFillTokens == null ? DEFAULT_MIN_FILL_TOKENS : b.minFillTokens;
        this.minFillRelevance = b.minFillRelevance == null ? DEFAULT_MIN_FILL_RELEVANCE : b.minFillRelevance;
        this.analyzer = b.analyzer == null ? EnglishTermAnalyzer.defaults() : b.analyzer;
    }

    /**
     * A builder starting from the defaults (p50k_base, relevance order, the head rule, no fill minimum).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        return assemble(query, candidates, budget, Map.of());
    }

    /**
     * The context of {@code ranked} (best first) within {@code budget} with no question known: whole chunks
     * while they fit, the next one cut to its head, then arranged by this selector's order.
     *
     * @param ranked the candidates, best first
     * @param budget the token budget
     * @param details selector-specific facts for the context
     * @return the context, never over {@code budget} tokens
     * @throws IllegalArgumentException if {@code budget} is not positive
     */
    public Context assemble(List<ScoredChunk> ranked, int budget, Map<String, Object> details) {
        return assemble(null, ranked, budget, details);
    }

    /**
     * The context of {@code ranked} (best first) within {@code budget} for {@code query}: whole chunks while
     * they fit, the next one cut by this selector's rule (its head, or with {@link Builder#relevantWindow} its
     * most relevant window to the question), then arranged by this selector's order. The relevance's IDF is taken over {@code ranked}.
     *
     * @param query the question, or {@code null} if unknown (the head rule then applies)
     * @param ranked the candidates, best first
     * @param budget the token budget
     * @param details selector-specific facts for the context
     * @return the context, never over {@code budget} tokens
     * @throws IllegalArgumentException if {@code budget} is not positive
     */
    public Context assemble(@Nullable Query query, List<ScoredChunk> ranked, int budget, Map<String, Object> details) {
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        List<ScoredChunk> kept = new ArrayList<>();
        Map<String, Object> truncated = null;
        Map<String, Object> skipped = null;
        for (ScoredChunk c : ranked) {
            List<ScoredChunk> trial = new ArrayList<>(kept);
            trial.add(c);
            if (counter.count(join(trial)) <= budget) {
                kept.add(c);
                continue;
            }
            String prefix = kept.isEmpty() ? "" : join(kept) + Context.SEPARATOR;
            QuestionCoverage relevance = query == null ? null : QuestionCoverage.of(analyzer, query.text(), ranked);
            Cut cut = cut(c.chunk().text(), prefix, budget, relevance);
            if (cut != null) {
                String reason = kept.isEmpty() ? null : fillFailure(cut, relevance);
                Chunk piece = c.chunk().truncatedTo(cut.from, cut.to, cut.tokens);
                if (reason == null) {
                    kept.add(c.withChunk(piece));
                    truncated = trace(c.chunk(), piece, cut, relevance);
                } else {
                    skipped = new LinkedHashMap<>();
                    skipped.put("chunkId", c.id());
                    skipped.put("keptTokens", cut.tokens);
                    if (relevance != null && relevance.known()) {
                        skipped.put("relevance", cut.relevance);
                    }
                    skipped.put("reason", reason);
                }
            }
            break;
        }
        List<ScoredChunk> arranged = order.arrange(kept);
        String text = join(arranged);
        int tokens = counter.count(text);
        if (tokens > budget) { // a new neighbour changed a token at a seam: keep the order that was counted
            arranged = kept;
            text = join(kept);
            tokens = counter.count(text);
        }
        Map<String, Object> d = new LinkedHashMap<>(details);
        d.put("truncatedChunks", truncated == null ? 0 : 1);
        if (truncated != null) {
            d.put(TRUNCATED, truncated);
        }
        if (skipped != null) {
            d.put(SKIPPED_FILL, skipped);
        }
        d.put("order", order.name().toLowerCase(java.util.Locale.ROOT));
        return new Context(arranged, text, tokens, budget, d);
    }

    /** The kept span {@code [from, to)} of a chunk's text, its tokens and relevance. */
    private record Cut(int from, int to, int tokens, boolean atSentence, boolean window, double relevance) {
    }

    /** Why a fill piece is dropped, or {@code null} to keep it. */
    private @Nullable String fillFailure(Cut cut, @Nullable QuestionCoverage relevance) {
        if (cut.tokens < minFillTokens) {
            return "fewer than " + minFillTokens + " tokens";
        }
        if (relevance != null && relevance.known() && cut.relevance < minFillRelevance) {
            return "relevance under " + minFillRelevance;
        }
        return null;
    }

    private static Map<String, Object> trace(Chunk original, Chunk piece, Cut cut, @Nullable QuestionCoverage relevance) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("chunkId", original.id());
        t.put("keptTokens", piece.tokens());
        t.put("originalTokens", original.tokens());
        t.put("atSentence", cut.atSentence);
        t.put("rule", cut.window ? "relevant-window" : "head");
        t.put("kept", List.of(piece.start(), piece.end()));
        List<List<Integer>> out = new ArrayList<>();
        if (piece.start() > original.start()) {
            out.add(List.of(original.start(), piece.start()));
        }
        if (piece.end() < original.end()) {
            out.add(List.of(piece.end(), original.end()));
        }
        t.put("cut", out);
        if (relevance != null && relevance.known()) {
            t.put("relevance", cut.relevance);
        }
        return t;
    }

    /**
     * The part of {@code text} to keep after {@code prefix} within {@code budget}, or {@code null} if none:
     * the head rule, replaced by the most relevant window of whole sentences when one is strictly more relevant.
     */
    private @Nullable Cut cut(String text, String prefix, int budget, @Nullable QuestionCoverage relevance) {
        List<Sentences.Span> sentences = Sentences.split(text);
        Cut head = head(text, prefix, budget, sentences, relevance);
        if (!relevantWindow || relevance == null || !relevance.known() || sentences.size() < 2) {
            return head;
        }
        Cut best = head;
        List<Set<String>> asked = new ArrayList<>(sentences.size());
        for (Sentences.Span s : sentences) {
            asked.add(relevance.asked(analyzer.terms(s.text())));
        }
        int end = 0; // the window is sentences [i, end)
        for (int i = 0; i < sentences.size(); i++) {
            end = Math.max(end, i);
            while (end > i && !fits(prefix, window(text, sentences, i, end), budget)) {
                end--;
            }
            while (end < sentences.size() && fits(prefix, window(text, sentences, i, end + 1), budget)) {
                end++;
            }
            if (end == i) {
                continue;
            }
            Set<String> terms = new TreeSet<>();
            for (int k = i; k < end; k++) {
                terms.addAll(asked.get(k));
            }
            double r = relevance.of(terms);
            if (best == null || r > best.relevance) {
                int from = i == 0 ? 0 : sentences.get(i).start();
                int to = sentences.get(end - 1).end();
                best = new Cut(from, to, counter.count(text.substring(from, to)), true, i > 0, r);
            }
        }
        return best;
    }

    /** The head rule: whole sentences from the start, else the last token boundary that fits. */
    private @Nullable Cut head(String text, String prefix, int budget, List<Sentences.Span> sentences,
                               @Nullable QuestionCoverage relevance) {
        int left = budget - counter.count(prefix);
        String head = left > 0 ? counter.truncate(text, left) : "";
        while (!head.isEmpty() && counter.count(prefix + head) > budget) {
            head = counter.truncate(head, counter.count(head) - 1);
        }
        head = head.stripTrailing();
        String whole = text.substring(0, sentencePrefix(sentences, head.length()));
        boolean atSentence = !whole.isEmpty() && counter.count(prefix + whole) <= budget;
        if (atSentence) {
            head = whole;
        }
        if (head.isBlank()) {
            return null;
        }
        return new Cut(0, head.length(), counter.count(head), atSentence, false,
                relevance == null ? 0 : relevance.of(head));
    }

    private boolean fits(String prefix, String window, int budget) {
        return counter.count(prefix + window) <= budget;
    }

    /** Sentences {@code [i, end)} of {@code text}, from the text's start when {@code i} is 0. */
    private static String window(String text, List<Sentences.Span> sentences, int i, int end) {
        return text.substring(i == 0 ? 0 : sentences.get(i).start(), sentences.get(end - 1).end());
    }

    /**
     * The end of the longest run of whole sentences at the start of the text that ends within its first
     * {@code limit} characters, or 0 if the first sentence is longer. Sentence ends are found in the
     * whole text, so that the end of the cut-off part is never taken for one.
     */
    private static int sentencePrefix(List<Sentences.Span> sentences, int limit) {
        int end = 0;
        for (Sentences.Span s : sentences) {
            if (s.end() > limit) {
                break;
            }
            end = s.end();
        }
        return end;
    }

    private static String join(List<ScoredChunk> chunks) {
        StringBuilder sb = new StringBuilder();
        for (ScoredChunk c : chunks) {
            if (sb.length() > 0) {
                sb.append(Context.SEPARATOR);
            }
            sb.append(c.chunk().text());
        }
        return sb.toString();
    }

    /**
     * The counter.
     *
     * @return the token counter
     */
    public TokenCounter counter() {
        return counter;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "token-budget");
        m.put("encoding", counter.name());
        m.put("order", order.name().toLowerCase(java.util.Locale.ROOT));
        m.put("relevantWindow", relevantWindow);
        m.put("minFillTokens", minFillTokens);
        m.put("minFillRelevance", minFillRelevance);
        return m;
    }

    /**
     * Fail-fast builder: a value out of range throws {@link IllegalArgumentException} naming it, a setting given
     * twice {@link IllegalStateException}.
     */
    public static final class Builder {
        private TokenCounter counter;
        private ContextOrder order;
        private Boolean relevantWindow;
        private TermAnalyzer analyzer;
        private Integer minFillTokens;
        private Double minFillRelevance;

        private Builder() {
        }

        /**
         * The token counter; default p50k_base.
         *
         * @param value counts the tokens of chunks; not {@code null}
         * @return this builder
         */
        public Builder counter(TokenCounter value) {
            Arguments.checkState(counter == null, "counter was already set");
            counter = Objects.requireNonNull(value, "counter");
            return this;
        }

        /**
         * How the kept chunks are arranged; default {@link ContextOrder#RELEVANCE}.
         *
         * @param value the order; not {@code null}
         * @return this builder
         */
        public Builder order(ContextOrder value) {
            Arguments.checkState(order == null, "order was already set");
            order = Objects.requireNonNull(value, "order");
            return this;
        }

        /**
         * Whether the cut chunk keeps its most relevant window of whole sentences (when the question is known)
         * rather than its head; default {@value TokenBudgetSelector#DEFAULT_RELEVANT_WINDOW}. What it does to the
         * evidence in a context, by data set and budget, is in {@code docs/evaluation.md}.
         *
         * @param value {@code true} for the relevant window
         * @return this builder
         */
        public Builder relevantWindow(boolean value) {
            Arguments.checkState(relevantWindow == null, "relevantWindow was already set");
            relevantWindow = value;
            return this;
        }

        /**
         * The fewest tokens of a cut piece that fills the budget after whole chunks (a shorter one is dropped);
         * 0 to 100000 (0 = no minimum); default {@value TokenBudgetSelector#DEFAULT_MIN_FILL_TOKENS}.
         *
         * @param value the minimum in tokens
         * @return this builder
         */
        public Builder minFillTokens(int value) {
            Arguments.checkState(minFillTokens == null, "minFillTokens was already set");
            Arguments.check(value >= 0 && value <= 100_000, "minFillTokens must be in [0, 100000], was %d", value);
            minFillTokens = value;
            return this;
        }

        /**
         * The least relevance (the IDF share of the question's terms, in [0, 1]) of a cut piece that fills the
         * budget after whole chunks, the question known (a less relevant one is dropped); 0 = no minimum;
         * default {@value TokenBudgetSelector#DEFAULT_MIN_FILL_RELEVANCE}.
         *
         * @param value the minimum relevance, in [0, 1]
         * @return this builder
         */
        public Builder minFillRelevance(double value) {
            Arguments.checkState(minFillRelevance == null, "minFillRelevance was already set");
            Arguments.check(value >= 0 && value <= 1, "minFillRelevance must be in [0, 1], was %s", value);
            minFillRelevance = value;
            return this;
        }

        /**
         * The terms the relevant window compares with the question's. Default: {@link EnglishTermAnalyzer#defaults()}.
         *
         * @param value the analyzer
         * @return this builder
         * @throws IllegalStateException if given already
         */
        public Builder analyzer(TermAnalyzer value) {
            Arguments.checkState(analyzer == null, "analyzer was already set");
            analyzer = Objects.requireNonNull(value, "analyzer");
            return this;
        }

        /**
         * The selector.
         *
         * @return the immutable selector
         */
        public TokenBudgetSelector build() {
            return new TokenBudgetSelector(this);
        }
    }
}
