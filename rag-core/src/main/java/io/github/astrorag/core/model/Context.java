package io.github.astrorag.core.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The selected, ordered context handed to the generator.
 *
 * @param chunks  the chunks in prompt order (the last may be cut to fit the budget)
 * @param text    the chunks' texts joined by {@link #SEPARATOR}
 * @param tokens  the token count of {@code text}; never more than {@code budget}
 * @param budget  the token budget it was selected under
 * @param details selector-specific facts for the trace (iterations, utility, ...), kept in the order given
 *                (so that a serialised context is the same bytes on every run)
 */
public record Context(List<ScoredChunk> chunks, String text, int tokens, int budget, Map<String, Object> details) {

    /** What joins chunk texts in {@link #text}. */
    public static final String SEPARATOR = "\n\n";

    /**
     * Copies the chunks and details.
     *
     * @param chunks the chunks in prompt order (the last may be cut to fit the budget)
     * @param text the chunks' texts joined by {@link #SEPARATOR}
     * @param tokens the token count of {@code text}; never more than {@code budget}
     * @param budget the token budget it was selected under
     * @param details selector-specific facts for the trace (iterations, utility, ...), kept in the order given (so that
     * a serialised context is the same bytes on every run)
     * @throws IllegalStateException if {@code tokens} exceeds {@code budget}
     */
    public Context {
        chunks = List.copyOf(chunks);
        Objects.requireNonNull(text, "text");
        details = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
        if (tokens > budget) {
            throw new IllegalStateException("context of " + tokens + " tokens exceeds its budget of " + budget);
        }
    }

    /**
     * Whether nothing was selected.
     *
     * @return {@code true} if there is no chunk
     */
    public boolean isEmpty() {
        return chunks.isEmpty();
    }

    /**
     * The same context with more details.
     *
     * @param more the details to add, replacing those of the same key
     * @return a new context with the merged details
     */
    public Context withDetails(Map<String, Object> more) {
        var merged = new java.util.LinkedHashMap<>(details);
        merged.putAll(more);
        return new Context(chunks, text, tokens, budget, merged);
    }
}
