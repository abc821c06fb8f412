package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;
import java.util.List;
import org.junit.jupiter.api.Test;

class HashingEmbedderTest extends EmbedderContract {

    private final HashingEmbedder embedder = new HashingEmbedder();

    @Override
    protected Embedder embedder() {
        return embedder;
    }

    @Override
    protected double tolerance() {
        return 0;
    }

    @Test
    void anEmptyTextGetsAUnitVectorOfDimension384() {
        float[] v = embedder.embedDocuments(List.of("")).get(0);
        assertThat(v).hasSize(384);
        assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-6));
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
