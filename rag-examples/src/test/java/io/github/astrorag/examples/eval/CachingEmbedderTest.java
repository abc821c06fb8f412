package io.github.astrorag.examples.eval;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.testing.EmbedderContract;

class CachingEmbedderTest extends EmbedderContract {

    @Override
    protected Embedder embedder() {
        return new CachingEmbedder(new HashingEmbedder());
    }

    @Override
    protected double tolerance() {
        return 0;
    }
}
