package io.github.astrorag.core.model;

import java.util.List;
import java.util.Objects;

/**
 * What {@link io.github.astrorag.core.pipeline.RagPipeline#select RagPipeline.select} chose among the caller's
 * passages: the context, each of its chunks mapped back to the passage it came from, and the trace of the stages.
 *
 * @param picked  the chosen passages in context (prompt) order, each with the text kept of it
 * @param context the context as the generator would see it; its chunks' ids are the passages' ids
 * @param trace   the stages that ran ({@code embed-query}, {@code embed}, {@code candidates}, one
 *                {@code rerank:<name>} per reranker, {@code select})
 */
public record Selection(List<Picked> picked, Context context, Trace trace) {

    /**
     * Copies the list.
     *
     * @param picked the chosen passages in context order
     * @param context the context
     * @param trace the stages that ran
     */
    public Selection {
        picked = List.copyOf(picked);
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(trace, "trace");
    }

    /**
     * One chosen passage.
     *
     * @param index   its position in the list the caller gave
     * @param passage the caller's passage, unchanged
     * @param text    the text kept of it: the passage's text, or a contiguous part of it when the selector cut it
     *                to fit the budget
     * @param tokens  the kept text's length in tokens, counted by the pipeline's counter
     * @param score   the score the selector's input gave it (the last reranker's, else the candidate ranking's)
     */
    public record Picked(int index, Passage passage, String text, int tokens, double score) {
        /**
         * Checks the passage and the text.
         *
         * @param index its position in the caller's list
         * @param passage the caller's passage
         * @param text the text kept of it
         * @param tokens its length in tokens
         * @param score the score the selector's input gave it
         */
        public Picked {
            Objects.requireNonNull(passage, "passage");
            Objects.requireNonNull(text, "text");
        }

        /**
         * Whether the selector kept only part of the passage's text.
         *
         * @return {@code true} if the kept text is shorter than the passage's
         */
        public boolean cut() {
            return text.length() < passage.text().length();
        }
    }
}
