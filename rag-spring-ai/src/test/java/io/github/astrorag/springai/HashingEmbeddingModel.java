package io.github.astrorag.springai;

import io.github.astrorag.core.embed.HashingEmbedder;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/** A real Spring AI {@link EmbeddingModel} for tests: the feature-hashing vectors scaled by {@code scale} (so not unit). */
final class HashingEmbeddingModel implements EmbeddingModel {

    private final HashingEmbedder hashing = new HashingEmbedder();
    private final float scale;

    HashingEmbeddingModel(float scale) {
        this.scale = scale;
    }

    @Override
    public EmbeddingResponse call(EmbeddingRequest request) {
        List<Embedding> out = new ArrayList<>();
        List<float[]> vectors = hashing.embedDocuments(request.getInstructions());
        for (int i = 0; i < vectors.size(); i++) {
            float[] v = vectors.get(i).clone();
            for (int j = 0; j < v.length; j++) {
                v[j] *= scale;
            }
            out.add(new Embedding(v, i));
        }
        return new EmbeddingResponse(out);
    }

    @Override
    public float[] embed(Document document) {
        return embed(document.getText());
    }
}
