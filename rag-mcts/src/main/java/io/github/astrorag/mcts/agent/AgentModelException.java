package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.RagException;

/** A configuration-agent model file that cannot be read or written; the message names the file and what is wrong. */
public class AgentModelException extends RagException {
    private static final long serialVersionUID = 1L;

    /**
     * A failure without an underlying cause.
     *
     * @param message what is wrong, naming the file
     */
    public AgentModelException(String message) {
        super(message);
    }

    /**
     * A failure caused by another.
     *
     * @param message what is wrong, naming the file
     * @param cause the underlying failure, such as an {@link java.io.IOException}
     */
    public AgentModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
