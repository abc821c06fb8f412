package io.github.astrorag.examples.eval;

import io.github.astrorag.core.spi.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the vectors of an evaluation run, so that the selectors of one run, which all index the
 * same documents, embed each text once. Sound because an {@link Embedder} must give a text the same
 * vector on every call. Each instance still gets, and deletes, its own index; only the model's work is
 * shared. Query and passage vectors are kept apart (some models embed them differently). Thread-safe;
 * holds every vector of the run (about 1.5 KiB per 384-dimensional text).
 */
final class CachingEmbedder implements Embedder {

    private final Embedder delegate;
    private final Map<String, float[]> passages = new ConcurrentHashMap<>();
    private final Map<String, float[]> queries = new ConcurrentHashMap<>();

    CachingEmbedder(Embedder delegate) {
        this.delegate = delegate;
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        List<String> missing = texts.stream().filter(t -> !passages.containsKey(t)).distinct().toList();
        if (!missing.isEmpty()) {
            List<float[]> fresh = delegate.embedDocuments(missing);
            for (int i = 0; i < missing.size() && i < fresh.size(); i++) {
                passages.put(missing.get(i), fresh.get(i));
            }
            if (fresh.size() != missing.size()) {
                return fresh; // let the pipeline report the broken contract
            }
        }
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(passages.get(t).clone());
        }
        return out;
    }

    @Override
    public float[] embedQuery(String text) {
        return queries.computeIfAbsent(text, delegate::embedQuery).clone();
    }

    @Override
    public Map<String, Object> describe() {
        return delegate.describe();
    }
}
