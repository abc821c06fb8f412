package io.github.astrorag.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.QueryTransformer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@link QueryTransformer} contract, for every implementation to extend. For an open and a
 * multiple-choice question embedded by {@link #embedder()} it checks that the transformed query keeps the
 * text and the options, carries an embedding of the same dimension with finite components, and that the
 * same input gives the same query.
 *
 * <p>To extend it, implement {@link #transformer()}; override {@link #embedder()} to embed with another
 * model.
 */
public abstract class QueryTransformerContract {

    /** The transformer under test; called once per check. */
    protected abstract QueryTransformer transformer();

    /** The embedder of the questions, handed to the transformer. Default: a 64-dimensional {@link HashingEmbedder}. */
    protected Embedder embedder() {
        return new HashingEmbedder(64);
    }

    private static List<Query> questions() {
        return List.of(Query.of("How far away is the Andromeda galaxy?"),
                Query.withOptions("What makes a comet's tail point away from the Sun?",
                        Map.of("A", "Its orbit", "B", "The solar wind and light", "C", "Jupiter's gravity")));
    }

    @Test
    void sameTextAndOptionsAndAnEmbeddingOfTheSameDimension() {
        QueryTransformer transformer = transformer();
        Embedder embedder = embedder();
        for (Query q : questions()) {
            Query in = q.withEmbedding(embedder.embedQuery(q.text()));
            Query out = transformer.transform(in, embedder, (key, value) -> { });
            assertThat(out.text()).isEqualTo(in.text());
            assertThat(out.options()).isEqualTo(in.options());
            float[] v = out.embedding();
            assertThat(v).as("the transformed query's embedding").isNotNull().hasSize(in.requireEmbedding().length);
            for (float x : v) {
                assertThat(Float.isFinite(x)).as("finite components").isTrue();
            }
        }
    }

    @Test
    void deterministic() {
        Embedder embedder = embedder();
        Query in = questions().get(1).withEmbedding(embedder.embedQuery(questions().get(1).text()));
        assertThat(transformer().transform(in, embedder, (key, value) -> { }))
                .isEqualTo(transformer().transform(in, embedder, (key, value) -> { }));
    }
}
