package io.github.astrorag.core.embed;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.astrorag.core.EmbeddingException;
import java.util.List;

/**
 * Any 2xx reply body, read by either protocol for one to three texts, gives exactly that many finite unit
 * vectors of one dimension, or fails with an {@link EmbeddingException} naming the endpoint: no other
 * exception, whatever the bytes.
 */
class HttpEmbedderFuzzTest {

    private static final String URL = "http://127.0.0.1:9";

    @FuzzTest(maxDuration = "30s")
    void openAiReply(FuzzedDataProvider data) {
        read(OpenAiCompatibleEmbedder.builder().baseUrl(URL + "/v1").model("m").build(), data);
    }

    @FuzzTest(maxDuration = "30s")
    void teiReply(FuzzedDataProvider data) {
        read(TeiEmbedder.builder().baseUrl(URL).build(), data);
    }

    private static void read(HttpEmbedder embedder, FuzzedDataProvider data) {
        int count = data.consumeInt(1, 3);
        String body = data.consumeRemainingAsString();
        List<float[]> vectors;
        try {
            vectors = embedder.read(body, count, 0, "fuzz");
        } catch (EmbeddingException e) {
            assertThat(e.getMessage()).startsWith("POST fuzz");
            return;
        }
        assertThat(vectors).hasSize(count);
        int dimension = vectors.get(0).length;
        assertThat(dimension).isBetween(1, HttpEmbedder.MAX_DIMENSION);
        for (float[] v : vectors) {
            assertThat(v).hasSize(dimension);
            double norm = 0;
            for (float x : v) {
                assertThat(Float.isFinite(x)).isTrue();
                norm += (double) x * x;
            }
            assertThat(Math.sqrt(norm)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
        }
    }
}
