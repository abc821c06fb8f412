package io.github.astrorag.retrieval.hyde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.retrieval.hyde.HydeQueryTransformer.Mode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HydeQueryTransformerTest {

    private static final String PASSAGE = "The Andromeda galaxy lies about 2.5 million light-years from Earth.";
    private final HashingEmbedder embedder = new HashingEmbedder(64);
    private final List<Query> prompts = new ArrayList<>();
    private final List<Context> contexts = new ArrayList<>();

    private Generator writing(String text) {
        return (query, context, trace) -> {
            prompts.add(query);
            contexts.add(context);
            return new Answer(query.text(), text, List.of(), null, context, Trace.EMPTY);
        };
    }

    private Query question() {
        return Query.withOptions("How far is Andromeda?", Map.of("A", "near", "B", "far"))
                .withEmbedding(embedder.embedQuery("How far is Andromeda?"));
    }

    @Test
    void meanModeUsesTheNormalisedMeanOfQuestionAndPassage() {
        Map<String, Object> trace = new HashMap<>();
        Query out = new HydeQueryTransformer(writing(PASSAGE)).transform(question(), embedder, trace::put);
        float[] q = embedder.embedQuery("How far is Andromeda?");
        float[] p = embedder.embedDocuments(List.of(PASSAGE)).get(0);
        float[] e = out.requireEmbedding();
        double norm = Math.sqrt(2 + 2 * Vectors.dot(q, p)); // |q + p| for unit q, p
        for (int i = 0; i < e.length; i++) {
            assertThat((double) e[i]).isCloseTo((q[i] + p[i]) / norm, within(1e-6));
        }
        assertThat(out.text()).isEqualTo("How far is Andromeda?");
        assertThat(out.options()).containsOnlyKeys("A", "B");
        assertThat(prompts.get(0).text()).isEqualTo("Write a short passage that answers the question: How far is Andromeda?");
        assertThat(contexts.get(0).isEmpty()).isTrue();
        assertThat(trace).containsEntry("passage", PASSAGE).containsEntry("mode", "mean");
    }

    @Test
    void passageModeUsesThePassageVector() {
        Query out = new HydeQueryTransformer(writing(PASSAGE), Mode.PASSAGE, "Answer in a paragraph: %s")
                .transform(question(), embedder, (k, v) -> { });
        assertThat(out.requireEmbedding()).containsExactly(embedder.embedDocuments(List.of(PASSAGE)).get(0));
        assertThat(prompts.get(0).text()).isEqualTo("Answer in a paragraph: How far is Andromeda?");
    }

    @Test
    void aBlankPassageLeavesTheQueryAsItWas() {
        Map<String, Object> trace = new HashMap<>();
        Query in = question();
        Query out = new HydeQueryTransformer(writing("  ")).transform(in, embedder, trace::put);
        assertThat(out).isEqualTo(in);
        assertThat(trace).containsEntry("fallback", true);
    }

    @Test
    void rejectsAnInstructionWithoutPlaceholder() {
        assertThatThrownBy(() -> new HydeQueryTransformer(writing(PASSAGE), Mode.MEAN, "Write something"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Write something");
    }
}
