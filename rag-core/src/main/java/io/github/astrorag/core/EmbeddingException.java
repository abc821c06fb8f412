package io.github.astrorag.core;

/** An embedder failed, or returned vectors that break its contract (wrong count, wrong dimension, NaN, empty). */
public class EmbeddingException extends RagException {
    private static final long serialVersionUID = 1L;

    public EmbeddingException(String message) {
        super(message);
    }

    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }
}
