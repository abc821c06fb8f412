package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HashingEmbedderTest {

    private final HashingEmbedder embedder = new HashingEmbedder();

    @Test
    void unitVectorsOfTheDeclaredDimensionIndependentOfTheBatch() {
        List<float[]> batch = embedder.embedDocuments(List.of("red giant star", "white dwarf", ""));
        assertThat(batch).hasSize(3).allSatisfy(v -> {
            assertThat(v).hasSize(384);
            assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-6));
        });
        assertThat(embedder.embedQuery("white dwarf")).containsExactly(batch.get(1));
        assertThat(embedder.embedDocuments(List.of())).isEmpty();
    }

    @Test
    void sharedWordsMeanHigherSimilarity() {
        float[] q = embedder.embedQuery("distance to the Andromeda galaxy");
        float[] near = embedder.embedQuery("The Andromeda galaxy lies at a distance of 2.5 million light-years");
        float[] far = embedder.embedQuery("Comets have icy nuclei");
        assertThat(Vectors.dot(q, near)).isGreaterThan(Vectors.dot(q, far) + 0.2);
    }

    @Test
    void cosineOfKnownVectors() {
        assertThat(Vectors.cosine(new float[] {1, 0}, new float[] {1, 1})).isCloseTo(Math.sqrt(0.5), within(1e-9));
        assertThat(Vectors.cosine(new float[] {0, 0}, new float[] {1, 1})).isZero();
    }
}
