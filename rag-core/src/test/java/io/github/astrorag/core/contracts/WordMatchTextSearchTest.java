package io.github.astrorag.core.contracts;

import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.MetadataFilter;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.TextSearch;
import io.github.astrorag.core.testing.TextSearchContract;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@link TextSearch} contract holds for a plain reference: an in-memory index whose full-text search counts
 * the question's distinct words a chunk holds, and whose hybrid search fuses that with cosine by reciprocal rank.
 * (Elasticsearch's text search is checked against the same contract by rag-elasticsearch's integration tests.)
 */
class WordMatchTextSearchTest extends TextSearchContract {

    @Override
    protected EphemeralIndex newIndex(int dimension) {
        return new WordMatchIndex(new InMemoryEphemeralIndexFactory().create(dimension));
    }

    /** An in-memory index with a word-count text search. */
    static class WordMatchIndex implements EphemeralIndex, TextSearch {
        private final EphemeralIndex index;

        WordMatchIndex(EphemeralIndex index) {
            this.index = index;
        }

        private static Set<String> words(String text) {
            Set<String> out = new HashSet<>();
            for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
            return out;
        }

        @Override
        public List<ScoredChunk> textSearch(String text, int k, MetadataFilter filter) {
            Arguments.check(k > 0, "k must be positive, was %d", k);
            Set<String> asked = words(text);
            List<ScoredChunk> hits = new ArrayList<>();
            for (Chunk c : index.chunks()) {
                Set<String> held = words(c.text());
                held.retainAll(asked);
                if (!held.isEmpty() && filter.matches(c.metadata())) {
                    hits.add(new ScoredChunk(c, held.size(), index.vector(c.id())));
                }
            }
            hits.sort(ScoredChunk.BY_SCORE);
            return List.copyOf(hits.subList(0, Math.min(k, hits.size())));
        }

        @Override
        public List<ScoredChunk> hybridSearch(float[] vector, String text, int k, MetadataFilter filter) {
            Arguments.check(k > 0, "k must be positive, was %d", k);
            int all = Math.max(1, index.size());
            Map<String, ScoredChunk> fused = new LinkedHashMap<>();
            for (List<ScoredChunk> list : List.of(index.search(vector, all, filter), textSearch(text, all, filter))) {
                for (int rank = 1; rank <= list.size(); rank++) {
                    ScoredChunk s = list.get(rank - 1).withScore(1.0 / (60 + rank));
                    fused.merge(s.id(), s, (a, b) -> a.withScore(a.score() + b.score()));
                }
            }
            List<ScoredChunk> hits = new ArrayList<>(fused.values());
            hits.sort(ScoredChunk.BY_SCORE);
            return List.copyOf(hits.subList(0, Math.min(k, hits.size())));
        }

        @Override
        public Optional<TextSearch> fullTextSearch() {
            return Optional.of(this);
        }

        @Override
        public String name() {
            return index.name();
        }

        @Override
        public String kind() {
            return "word-match";
        }

        @Override
        public void add(List<Chunk> chunks, List<float[]> vectors) {
            index.add(chunks, vectors);
        }

        @Override
        public List<ScoredChunk> search(float[] query, int k, MetadataFilter filter) {
            return index.search(query, k, filter);
        }

        @Override
        public int remove(String documentId) {
            return index.remove(documentId);
        }

        @Override
        public long revision() {
            return index.revision();
        }

        @Override
        public List<Chunk> chunks() {
            return index.chunks();
        }

        @Override
        public float[] vector(String chunkId) {
            return index.vector(chunkId);
        }

        @Override
        public int size() {
            return index.size();
        }

        @Override
        public boolean isClosed() {
            return index.isClosed();
        }

        @Override
        public void close() {
            index.close();
        }
    }
}
