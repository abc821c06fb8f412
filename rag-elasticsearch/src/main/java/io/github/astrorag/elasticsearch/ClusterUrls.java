package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.internal.Arguments;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;

/**
 * Parses a cluster URL for {@link ElasticsearchSettings.Builder#url(String)}: {@code http} or {@code https}
 * (either case), a host, an optional port (default 9200), no path (but {@code /}), query, fragment or user
 * info; normalised to {@code scheme://host:port} (an IPv6 host in brackets). A message never shows user info,
 * which may hold a password. Stateless.
 */
final class ClusterUrls {

    /** The port of a URL that names none. */
    static final int DEFAULT_PORT = 9200;

    private ClusterUrls() {
    }

    /**
     * The normalised URL.
     *
     * @throws IllegalArgumentException if the URL is malformed, has credentials, a path, a query, a fragment or a
     *                                  bad port
     */
    static URI parse(String url) {
        Objects.requireNonNull(url, "url");
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("Elasticsearch URL is not a URL: '" + url + "'");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        Arguments.check(scheme.equals("http") || scheme.equals("https"),
                "Elasticsearch URL must start with http:// or https://, was '%s'", safe(uri));
        Arguments.check(uri.getRawUserInfo() == null,
                "Elasticsearch URL must not carry credentials; give them with apiKey(...) or basicAuth(...)");
        Arguments.check(uri.getHost() != null && !uri.getHost().isEmpty(),
                "Elasticsearch URL has no host: '%s'", safe(uri));
        Arguments.check((uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))
                        && uri.getRawQuery() == null && uri.getRawFragment() == null,
                "Elasticsearch URL must have no path, query or fragment: '%s'", safe(uri));
        int port = uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort();
        Arguments.check(port >= 1 && port <= 65535, "Elasticsearch port must be 1..65535, was %d", port);
        return URI.create(scheme + "://" + (uri.getHost().contains(":") && !uri.getHost().startsWith("[")
                ? "[" + uri.getHost() + "]" : uri.getHost()) + ":" + port);
    }

    private static String safe(URI uri) {
        // never echo user info (it may hold a password)
        return uri.getRawUserInfo() == null ? uri.toString() : uri.toString().replace(uri.getRawUserInfo() + "@", "***@");
    }
}
