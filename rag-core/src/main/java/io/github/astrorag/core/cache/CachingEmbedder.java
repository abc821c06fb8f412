package io.github.astrorag.core.cache;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Embedder} that asks an {@link EmbeddingCache} first and its delegate only for the texts the
 * cache does not hold, then stores what the delegate returned. Sound because an embedder gives a text the
 * same vector on every call; safe across embedders because entries live in a space named after the
 * delegate's {@linkplain Embedder#fingerprint() fingerprint} (plus {@code /passage} or {@code /query}, as
 * some models embed the two differently). A text repeated in one call is embedded once.
 *
 * <p>Describes itself as its delegate does: a cache changes where vectors come from, never which vectors,
 * so a pipeline's configuration reads the same with or without one. Thread-safe if the delegate and the
 * cache are. Cost per call: one cache lookup of the batch, one delegate call for the misses, one store.
 *
 * <p>A cached vector that the delegate could not have returned (not of its dimension, a non-finite component, all
 * zero: {@link Vectors#fault}) is a miss: embedded again and replaced in the cache, with one warning per call
 * (SLF4J, this class's logger), so that a cache rewritten behind its back never fails a call.
 */
public final class CachingEmbedder implements Embedder {

    private static final Logger LOG = LoggerFactory.getLogger(CachingEmbedder.class);

    private final Embedder delegate;
    private final EmbeddingCache cache;
    private final String passages;
    private final String queries;

    /**
     * Caches {@code delegate}'s vectors under its fingerprint.
     *
     * @param delegate the embedder whose vectors are cached
     * @param cache where the vectors are stored; the caller keeps ownership
     * @throws IllegalArgumentException if the delegate declares no fingerprint (its vectors must not be cached)
     */
    public CachingEmbedder(Embedder delegate, EmbeddingCache cache) {
        this(delegate, cache, Objects.requireNonNull(delegate, "delegate").fingerprint().orElseThrow(() -> new IllegalArgumentException(
                "embedder " + delegate.describe().get("name") + " declares no fingerprint, so its vectors must not be cached")));
    }

    /**
     * Caches {@code delegate}'s vectors in {@code space}, which the caller vouches names this delegate's vectors
     * alone (for a cache that lives no longer than the delegate, such as one evaluation run's).
     *
     * @param delegate the embedder whose vectors are cached
     * @param cache where the vectors are stored; the caller keeps ownership
     * @param space the cache space of the vectors; queries and passages are kept apart under it
     */
    public CachingEmbedder(Embedder delegate, EmbeddingCache cache, String space) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.cache = Objects.requireNonNull(cache, "cache");
        Objects.requireNonNull(space, "space");
        this.passages = space + "/passage";
        this.queries = space + "/query";
    }

    /** Vectors with how many came from the cache ({@code hits}) and from the delegate ({@code misses}). */
    public record Embedded(List<float[]> vectors, int hits, int misses) {
    }

    /**
     * Embeds passages as {@link #embedDocuments} does, counting hits and misses.
     *
     * @param texts the passages, as {@link #embedDocuments} takes them
     * @return the vectors and the numbers of hits and misses
     */
    public Embedded embed(List<String> texts) {
        return embed(texts, passages, false);
    }

    private Embedded embed(List<String> texts, String space, boolean query) {
        if (texts.isEmpty()) {
            return new Embedded(List.of(), 0, 0);
        }
        List<float[]> cached = new ArrayList<>(cache.getAll(space, texts));
        Map<String, float[]> fresh = new LinkedHashMap<>();
        String impossible = null;
        int impossibles = 0;
        for (int i = 0; i < texts.size(); i++) {
            float[] v = cached.get(i);
            String fault = v == null ? null : Vectors.fault(v, delegate.dimension());
            if (fault != null) { // rewritten behind the cache's back: a miss, replaced below
                impossible = impossible == null ? fault : impossible;
                impossibles++;
                cached.set(i, null);
            }
            if (cached.get(i) == null) {
                fresh.put(texts.get(i), null);
            }
        }
        if (impossible != null) {
            LOG.warn("{} cached vector(s) of space {} could not have come from embedder {} (the first: {}); embedded"
                    + " again and replaced", impossibles, space, delegate.describe().get("name"), impossible);
        }
        if (!fresh.isEmpty()) {
            List<String> missing = new ArrayList<>(fresh.keySet());
            List<float[]> vectors = query ? List.of(delegate.embedQuery(missing.get(0))) : delegate.embedDocuments(missing);
            if (vectors.size() != missing.size()) {
                return new Embedded(vectors, 0, missing.size()); // the pipeline reports the broken contract
            }
            for (int i = 0; i < missing.size(); i++) {
                fresh.put(missing.get(i), vectors.get(i));
            }
            cache.putAll(space, missing, vectors);
        }
        List<float[]> out = new ArrayList<>(texts.size());
        int hits = 0;
        for (int i = 0; i < texts.size(); i++) {
            float[] v = cached.get(i);
            if (v != null) {
                hits++;
                out.add(v.clone());
            } else {
                out.add(fresh.get(texts.get(i)).clone());
            }
        }
        return new Embedded(out, hits, texts.size() - hits);
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
        return embed(texts, passages, false).vectors();
    }

    @Override
    public float[] embedQuery(String text) {
        return embed(List.of(text), queries, true).vectors().get(0);
    }

    @Override
    public Optional<String> fingerprint() {
        return delegate.fingerprint();
    }

    /** The wrapped embedder's languages. */
    @Override
    public java.util.Set<String> languages() {
        return delegate.languages();
    }

    @Override
    public Map<String, Object> describe() {
        return delegate.describe();
    }
}
