package io.github.astrorag.retrieval.graph;

import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.internal.text.MarkdownHeadings;
import io.github.astrorag.core.internal.text.Mentions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * The graph of candidates that name each other's documents: an edge of weight 1 from a chunk to every
 * chunk of another document whose title ({@code chunk.title()}) or one of whose Markdown headings
 * ({@code # ...} lines in the candidates of that document) the chunk's text contains ({@link Mentions}:
 * case-insensitively as whole words; a name has at least 3 characters, one a letter). Directed (from the
 * naming chunk), or undirected (an edge between the two). Cost O(n · names · text length) for n candidates,
 * each text lower-cased once.
 */
final class MentionGraph {

    private MentionGraph() {
    }

    /** The mention graph over the distinct {@code pool}, vertices the chunk ids in pool order. */
    static Graph<String, DefaultWeightedEdge> of(List<ScoredChunk> pool, boolean directed) {
        Graph<String, DefaultWeightedEdge> g = directed
                ? new SimpleDirectedWeightedGraph<>(DefaultWeightedEdge.class)
                : new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        pool.forEach(c -> g.addVertex(c.id()));
        Map<String, Set<String>> names = new LinkedHashMap<>();
        Map<String, List<String>> chunksOf = new LinkedHashMap<>();
        for (ScoredChunk c : pool) {
            String doc = c.chunk().documentId();
            Set<String> n = names.computeIfAbsent(doc, d -> new LinkedHashSet<>());
            addName(n, c.chunk().title());
            MarkdownHeadings.all(c.chunk().text()).forEach(h -> addName(n, h));
            chunksOf.computeIfAbsent(doc, d -> new ArrayList<>()).add(c.id());
        }
        for (ScoredChunk c : pool) {
            String text = Mentions.lower(c.chunk().text());
            for (Map.Entry<String, Set<String>> e : names.entrySet()) {
                if (e.getKey().equals(c.chunk().documentId())) {
                    continue;
                }
                if (e.getValue().stream().anyMatch(name -> Mentions.containsWords(text, name))) {
                    for (String target : chunksOf.get(e.getKey())) {
                        if (!g.containsEdge(c.id(), target)) {
                            g.setEdgeWeight(g.addEdge(c.id(), target), 1.0);
                        }
                    }
                }
            }
        }
        return g;
    }

    private static void addName(Set<String> names, String title) {
        String name = Mentions.name(title);
        if (name != null) {
            names.add(name);
        }
    }
}
