package io.github.astrorag.core.select;

import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.internal.text.Sentences;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * AstroRAG's last step before generation: concatenate the candidates in the order given and cut the
 * result to the budget (T = {@value #DEFAULT_BUDGET} tokens in the paper) at a token boundary.
 *
 * <p>Candidates are taken whole while they fit; the first that does not fit is cut to the tokens left
 * (if any text remains) and the selection ends there. The cut ends at the last sentence end
 * ({@link Sentences}) that fits in the tokens left, so that the context does not stop mid-sentence; only
 * when not even the chunk's first sentence fits is it cut at the last token boundary that fits. The
 * trace says so under {@value #TRUNCATED}: {@code {chunkId, keptTokens, originalTokens, atSentence}}
 * (and {@code truncatedChunks} is 1, else 0). The context text is the chunks joined by
 * {@link Context#SEPARATOR}, and its count, made on the whole joined text, never exceeds the budget.
 * The kept chunks are then arranged by the configured {@link ContextOrder} (default
 * {@link ContextOrder#RELEVANCE}). Cost: one token count per candidate kept, plus one sentence split of
 * the chunk that is cut. Immutable, thread-safe.
 *
 * <p>{@link #assemble} is the same procedure for selectors that choose their own ordered list.
 */
public final class TokenBudgetSelector implements ContextSelector {

    /** The trace key of the facts about the chunk that was cut, if one was. */
    public static final String TRUNCATED = "truncated";

    /** AstroRAG's context budget in tokens. */
    public static final int DEFAULT_BUDGET = 1800;

    private final TokenCounter counter;
    private final ContextOrder order;

    /** p50k_base, relevance order. */
    public TokenBudgetSelector() {
        this(TokenCounter.p50k(), ContextOrder.RELEVANCE);
    }

    /**
     * A selector counting with {@code counter} and arranging by {@code order}.
     *
     * @param counter counts the tokens of chunks
     * @param order how the selected chunks are arranged
     */
    public TokenBudgetSelector(TokenCounter counter, ContextOrder order) {
        this.counter = Objects.requireNonNull(counter, "counter");
        this.order = Objects.requireNonNull(order, "order");
    }

    @Override
    public Context select(Query query, List<ScoredChunk> candidates, int budget, TraceSink trace) {
        return assemble(candidates, budget, Map.of());
    }

    /**
     * The context of {@code ranked} (best first) within {@code budget}: whole chunks while they fit, the
     * next one cut to what is left, then arranged by this selector's order.
     *
     * @param ranked the candidates, best first
     * @param budget the token budget
     * @param details selector-specific facts for the context
     * @return the context, never over {@code budget} tokens
     * @throws IllegalArgumentException if {@code budget} is not positive
     */
    public Context assemble(List<ScoredChunk> ranked, int budget, Map<String, Object> details) {
        Arguments.check(budget > 0, "the token budget must be positive, was %d", budget);
        List<ScoredChunk> kept = new ArrayList<>();
        Map<String, Object> truncated = null;
        for (ScoredChunk c : ranked) {
            List<ScoredChunk> trial = new ArrayList<>(kept);
            trial.add(c);
            if (counter.count(join(trial)) <= budget) {
                kept.add(c);
                continue;
            }
            String prefix = kept.isEmpty() ? "" : join(kept) + Context.SEPARATOR;
            int left = budget - counter.count(prefix);
            String head = left > 0 ? counter.truncate(c.chunk().text(), left) : "";
            while (!head.isEmpty() && counter.count(prefix + head) > budget) {
                head = counter.truncate(head, counter.count(head) - 1);
            }
            head = head.stripTrailing();
            String sentences = sentencePrefix(c.chunk().text(), head.length());
            boolean atSentence = !sentences.isEmpty() && counter.count(prefix + sentences) <= budget;
            if (atSentence) {
                head = sentences;
            }
            if (!head.isBlank()) {
                Chunk cut = c.chunk().truncatedTo(head, counter.count(head));
                kept.add(c.withChunk(cut));
                truncated = Map.of("chunkId", c.id(), "keptTokens", cut.tokens(),
                        "originalTokens", c.chunk().tokens(), "atSentence", atSentence);
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
        d.put("order", order.name().toLowerCase(java.util.Locale.ROOT));
        return new Context(arranged, text, tokens, budget, d);
    }

    /**
     * The longest run of whole sentences at the start of {@code text} that ends within its first
     * {@code limit} characters, or "" if the first sentence is longer. Sentence ends are found in the
     * whole text, so that the end of the cut-off part is never taken for one.
     */
    private static String sentencePrefix(String text, int limit) {
        int end = 0;
        for (Sentences.Span s : Sentences.split(text)) {
            if (s.end() > limit) {
                break;
            }
            end = s.end();
        }
        return text.substring(0, end);
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
        return m;
    }
}
