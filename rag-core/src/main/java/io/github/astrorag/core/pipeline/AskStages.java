package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.Reranker;
import java.util.List;

/**
 * The stages an ask shares with a selection over given passages: embedding the question (then the query
 * transformer), and after the candidates the rerankers and the selector. Stateless.
 */
final class AskStages {

    private AskStages() {
    }

    /** The stage {@code embed-query}: the question's vector, checked, then the pipeline's query transformer if any. */
    static Query embedQuery(Components components, Query query, StageLog log) {
        return log.run("embed-query", sink -> {
            sink.put("language", components.languageOf(query.text()));
            float[] v = components.embedder().embedQuery(query.text());
            Vectors.check(String.valueOf(components.embedder().describe().get("name")), components.embedder().dimension(),
                    1, List.of(v));
            Query q = query.withEmbedding(v);
            return components.queryTransformer() == null ? q
                    : components.queryTransformer().transform(q, components.embedder(), sink);
        }, q -> List.of());
    }

    /** One stage {@code rerank:<name>} per reranker, then {@code select} within {@code budget}. */
    static Context rerankAndSelect(Components components, Query embedded, List<ScoredChunk> candidates, int budget,
                                   StageLog log) {
        List<ScoredChunk> pool = candidates;
        for (Reranker r : components.rerankers()) {
            List<ScoredChunk> in = pool;
            pool = log.run("rerank:" + r.describe().get("name"), sink -> r.rerank(embedded, in, sink), c -> c);
        }
        List<ScoredChunk> selectable = pool;
        return log.run("select", sink -> components.selector().select(embedded, selectable, budget, sink),
                Context::chunks);
    }
}
