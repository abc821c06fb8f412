package io.github.astrorag.retrieval.rerank;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.TraceSink;
import io.github.astrorag.retrieval.internal.Candidates;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Re-scores candidates with another (typically stronger) embedding model: the question is embedded
 * with {@link Embedder#embedQuery}, the candidates' texts with {@link Embedder#embedDocuments} in one
 * batch, and each candidate's score becomes the cosine of the two. Keeps the top {@code n} (default
 * {@value #ALL}: all). A candidate keeps its own vector (the pipeline embedder's), so later stages
 * still compare like with like.
 *
 * <p>Cost: one query and one batch of n passages through the model. Immutable; thread-safe if the
 * embedder is (as the {@link Embedder} contract requires).
 */
public final class EmbeddingReranker implements Reranker {

    /** Keep every candidate. */
    public static final int ALL = -1;

    private final Embedder embedder;
    private final int top;

    /**
     * Re-scores every candidate with {@code embedder}.
     *
     * @param embedder the embedder of the query and of the candidates that carry no vector
     */
    public EmbeddingReranker(Embedder embedder) {
        this(embedder, ALL);
    }

    /**
     * Re-scores with {@code embedder} and keeps the best {@code top} ({@link #ALL} for all).
     *
     * @param embedder the embedder of the query and of the candidates that carry no vector
     * @param top how many candidates to keep, or {@link #ALL}
     * @throws IllegalArgumentException if {@code top} is neither positive nor {@link #ALL}
     */
    public EmbeddingReranker(Embedder embedder, int top) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.top = Candidates.checkTop(top, ALL);
    }


    @Override
    public List<ScoredChunk> rerank(Query query, List<ScoredChunk> candidates, TraceSink trace) {
        return Candidates.rescore(candidates, top, pool -> {
            float[] q = embedder.embedQuery(query.text());
            List<float[]> vectors = embedder.embedDocuments(pool.stream().map(c -> c.chunk().text()).toList());
            String name = String.valueOf(embedder.describe().get("name"));
            Vectors.check(name, embedder.dimension(), pool.size(), vectors);
            trace.put("model", name);
            double[] scores = new double[pool.size()];
            for (int i = 0; i < scores.length; i++) {
                scores[i] = Vectors.cosine(q, vectors.get(i));
            }
            return scores;
        });
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "embedding");
        m.put("embedder", embedder.describe());
        m.put("top", top == ALL ? "all" : top);
        return m;
    }
}
