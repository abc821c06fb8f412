package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.IndexException;

/**
 * Elasticsearch refused the credentials (HTTP 401) or the authenticated user lacks a privilege the index
 * needs (HTTP 403). The message says which, names the cluster and the user (never the secret) and what to
 * check.
 */
public class ElasticsearchAuthenticationException extends IndexException {
    private static final long serialVersionUID = 1L;

    /** The HTTP status the cluster answered: 401 or 403. */
    private final int status;

    /**
     * An authentication failure.
     *
     * @param message what was refused, naming the cluster and the user, never the secret
     * @param status the HTTP status, 401 or 403
     * @param cause the underlying failure, or {@code null}
     */
    public ElasticsearchAuthenticationException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /**
     * The HTTP status: 401 (not authenticated) or 403 (not authorised).
     *
     * @return 401 or 403
     */
    public int status() {
        return status;
    }
}
