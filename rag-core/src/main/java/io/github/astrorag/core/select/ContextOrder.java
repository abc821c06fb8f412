package io.github.astrorag.core.select;

import java.util.ArrayList;
import java.util.List;

/**
 * The order in which selected chunks go into the prompt. Language models use the start and the end of
 * a long context better than its middle (Liu et al., 2023, "Lost in the Middle": a U-shaped curve), so
 * besides plain relevance order there is {@link #EDGES}.
 */
public enum ContextOrder {
    /** As ranked: the best first. The default. */
    RELEVANCE,
    /** The best first, the second best last, the third second, ...: the weakest in the middle. */
    EDGES;

    /**
     * {@code ranked} (best first) in this order.
     *
     * @param <T> the type of the items
     * @param ranked the items, best first
     * @return a new list of the same items in this order
     */
    public <T> List<T> arrange(List<T> ranked) {
        if (this == RELEVANCE || ranked.size() < 3) {
            return List.copyOf(ranked);
        }
        List<T> front = new ArrayList<>();
        List<T> back = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            (i % 2 == 0 ? front : back).add(ranked.get(i));
        }
        java.util.Collections.reverse(back);
        front.addAll(back);
        return front;
    }
}
