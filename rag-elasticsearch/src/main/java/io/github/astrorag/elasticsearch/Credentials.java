package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.internal.Redactor;
import io.github.astrorag.elasticsearch.ElasticsearchSettings.Authentication;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The credentials of {@link ElasticsearchSettings}, checked by its builder: an API key, or a user and
 * password, or none. The one holder of the secrets: only {@link #authorizationHeader()} and
 * {@link #redactor()} use them, and {@link #toString()} names the kind of credentials only. Immutable.
 */
final class Credentials {

    private final String apiKey;
    private final String username;
    private final String password;
    private final Authentication kind;

    /** Credentials from the builder's values; an API key wins over a user (the builder allows only one). */
    Credentials(String apiKey, String username, String password) {
        this.apiKey = apiKey;
        this.username = username;
        this.password = password;
        this.kind = apiKey != null ? Authentication.API_KEY : username != null ? Authentication.BASIC : Authentication.NONE;
    }

    Authentication kind() {
        return kind;
    }

    /** The user of basic authentication, or {@code null}; not a secret. */
    String username() {
        return username;
    }

    /** The {@code Authorization} header value ({@code ApiKey <key>} or {@code Basic <base64 user:password>}), or {@code null}. */
    String authorizationHeader() {
        return switch (kind) {
            case NONE -> null;
            case API_KEY -> "ApiKey " + apiKey;
            case BASIC -> "Basic " + Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        };
    }

    /** The redactor of these secrets (and of any credential header value), for messages. */
    Redactor redactor() {
        return Redactor.of(Arrays.asList(apiKey, password));
    }

    @Override
    public String toString() {
        return "Credentials[" + kind + "]";
    }
}
