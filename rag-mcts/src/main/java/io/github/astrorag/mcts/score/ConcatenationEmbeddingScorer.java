package io.github.astrorag.mcts.score;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.CombinationScorer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Scores a combination by the cosine similarity between the query's embedding and the embedding of the
 * combination's texts joined in order by {@link Context#SEPARATOR}, as CORAG scores combinations with an
 * embedding model (the paper calls such a scorer a "reranker"; here a reranker is only a {@code Reranker}). One {@link Embedder#embedDocuments} call per batch. The query's own vector is
 * used when it has one (so a HyDE vector counts), otherwise it is embedded with
 * {@link Embedder#embedQuery}. Order matters only as far as the embedder sees word order.
 *
 * <p>Cost: one embedding per combination, all of a batch in one call, which makes it far dearer than
 * {@link QueryCoverageScorer} (no model call); what it adds in quality is in {@code docs/evaluation.md}.
 * Deterministic and thread-safe if the embedder is (as {@link Embedder}'s contract requires).
 */
public final class ConcatenationEmbeddingScorer implements CombinationScorer {

    private final Embedder embedder;

    /**
     * Scoring with {@code embedder}.
     *
     * @param embedder the embedder of the query and of the joined combination texts
     */
    public ConcatenationEmbeddingScorer(Embedder embedder) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
    }

    @Override
    public double[] scoreAll(Query query, List<List<ScoredChunk>> combinations) {
        List<String> texts = new ArrayList<>(combinations.size());
        for (List<ScoredChunk> c : combinations) {
            CombinationScorer.requireNonEmpty(c);
            StringBuilder sb = new StringBuilder();
            for (ScoredChunk s : c) {
                if (sb.length() > 0) {
                    sb.append(Context.SEPARATOR);
                }
                sb.append(s.chunk().text());
            }
            texts.add(sb.toString());
        }
        double[] out = new double[texts.size()];
        if (texts.isEmpty()) {
            return out;
        }
        float[] q = query.embedding() != null ? query.requireEmbedding() : embedder.embedQuery(query.text());
        List<float[]> vectors = embedder.embedDocuments(texts);
        Vectors.check(String.valueOf(embedder.describe().get("name")), embedder.dimension(), texts.size(), vectors);
        for (int i = 0; i < out.length; i++) {
            out[i] = Vectors.cosine(q, vectors.get(i));
        }
        return out;
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "concatenation-embedding");
        m.put("embedder", embedder.describe());
        return m;
    }
}
