package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.RagException;

/** A configuration-agent model file that cannot be read or written; the message names the file and what is wrong. */
public class AgentModelException extends RagException {
    private static final long serialVersionUID = 1L;

    public AgentModelException(String message) {
        super(message);
    }

    public AgentModelException(String message, Throwable cause) {
        super(message, cause);
    }
}
