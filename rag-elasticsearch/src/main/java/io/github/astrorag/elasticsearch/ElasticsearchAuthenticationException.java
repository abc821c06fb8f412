package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.IndexException;

/**
 * Elasticsearch refused the credentials (HTTP 401) or the authenticated user lacks a privilege the index
 * needs (HTTP 403). The message says which, names the cluster and the user (never the secret) and what to
 * check.
 */
public class ElasticsearchAuthenticationException extends IndexException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public ElasticsearchAuthenticationException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The HTTP status: 401 (not authenticated) or 403 (not authorised). */
    public int status() {
        return status;
    }
}
