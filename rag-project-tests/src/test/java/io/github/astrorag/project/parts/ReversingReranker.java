package io.github.astrorag.project.parts;

import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A reranker defined outside the library, as a user's jar would define one: it reverses the candidates' order and
 * keeps the first {@code top}. Its nested {@link Provider} registers it by name ({@code reverse}) in
 * {@code META-INF/services/io.github.astrorag.core.part.PartProvider}; nothing else names it anywhere.
 */
public final class ReversingReranker implements Reranker {

    private final int top;

    ReversingReranker(int top) {
        this.top = top;
    }

    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        List<ScoredChunk> reversed = new ArrayList<>(candidates);
        Collections.reverse(reversed);
        return List.copyOf(reversed.subList(0, Math.min(top, reversed.size())));
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();   // in a fixed order: Map.of's differs per JVM
        m.put("name", "reverse");
        m.put("top", top);
        return m;
    }

    /** Registers the reranker {@code reverse} with its one setting. */
    public static final class Provider implements PartProvider {
        @Override
        public List<Part<?>> parts() {
            return List.of(Part.builder(Role.RERANKER, "reverse", "the candidates in reverse order (a test part)",
                            (s, c) -> new ReversingReranker(s.integer("top")))
                    .setting(Setting.integer("top", "candidates kept", 100, 1, 1000)).build());
        }
    }
}
