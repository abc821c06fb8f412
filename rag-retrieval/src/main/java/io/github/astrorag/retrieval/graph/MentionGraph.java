package io.github.astrorag.retrieval.graph;

import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.text.MarkdownHeadings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleDirectedWeightedGraph;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * The graph of candidates that name each other's documents: an edge of weight 1 from a chunk to every
 * chunk of another document whose title ({@code chunk.title()}) or one of whose Markdown headings
 * ({@code # ...} lines in the candidates of that document) the chunk's text contains, case-insensitively
 * as whole words (a name needs at least two letters or digits). Directed (from the naming chunk), or
 * undirected (an edge between the two). Cost O(n · names · text length) for n candidates.
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
        Map<String, List<Pattern>> patterns = new LinkedHashMap<>();
        names.forEach((doc, n) -> patterns.put(doc, n.stream().map(MentionGraph::wholeWords).toList()));
        for (ScoredChunk c : pool) {
            for (Map.Entry<String, List<Pattern>> e : patterns.entrySet()) {
                if (e.getKey().equals(c.chunk().documentId())) {
                    continue;
                }
                if (e.getValue().stream().anyMatch(p -> p.matcher(c.chunk().text()).find())) {
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

    private static void addName(Set<String> names, String name) {
        String n = name.strip();
        if (n.codePoints().filter(Character::isLetterOrDigit).count() >= 2) {
            names.add(n);
        }
    }

    private static Pattern wholeWords(String name) {
        return Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(name) + "(?![\\p{L}\\p{N}])",
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }
}
