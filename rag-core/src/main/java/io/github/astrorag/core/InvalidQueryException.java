package io.github.astrorag.core;

/** The question is blank or otherwise unusable. */
public class InvalidQueryException extends RagException {
    private static final long serialVersionUID = 1L;

    public InvalidQueryException(String message) {
        super(message);
    }
}
