package io.github.astrorag.elasticsearch;

import co.elastic.clients.transport.TransportUtils;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Plain HTTP to a test node, to look at it independently of the code under test. */
final class EsHttp {

    private final HttpClient http;
    private final String baseUrl;
    private final String authorization;

    private EsHttp(String baseUrl, String authorization, Path ca) throws IOException {
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5));
        if (ca != null) {
            b.sslContext(TransportUtils.sslContextFromHttpCaCrt(ca.toFile()));
        }
        this.http = b.build();
        this.baseUrl = baseUrl;
        this.authorization = authorization;
    }

    /** A client of a node without security. */
    static EsHttp of(String baseUrl) throws IOException {
        return new EsHttp(baseUrl, null, null);
    }

    /** A client sending {@code authorization} and trusting the CA certificate {@code ca} (either may be null). */
    static EsHttp of(String baseUrl, String authorization, Path ca) throws IOException {
        return new EsHttp(baseUrl, authorization, ca);
    }

    /** The body of a request to {@code path}; fails on a status of 300 or more. */
    String send(String path, String method, String body) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        HttpRequest request = builder.header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IOException(method + " " + path + " -> " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The number of documents in {@code index} after refreshing it. */
    long count(String index) throws IOException, InterruptedException {
        send("/" + index + "/_refresh", "POST", null);
        String body = send("/" + index + "/_count", "GET", null);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"count\":(\\d+)").matcher(body);
        if (!m.find()) {
            throw new IOException("no count in " + body);
        }
        return Long.parseLong(m.group(1));
    }

    /**
     * What instances of {@code prefix} left behind: every index of the prefix except the shared ones
     * ({@code <prefix>shared-<dimension>}), and the shared ones that still hold documents (with their count).
     */
    List<String> leftovers(String prefix) throws IOException, InterruptedException {
        List<String> out = new java.util.ArrayList<>();
        for (String index : indices(prefix + "*")) {
            if (!index.matches(java.util.regex.Pattern.quote(prefix) + "shared-\\d+")) {
                out.add(index);
            } else if (count(index) > 0) {
                out.add(index + " (" + count(index) + " documents)");
            }
        }
        return out;
    }

    /** The names of the indices matching {@code pattern}, sorted. */
    List<String> indices(String pattern) throws IOException, InterruptedException {
        String body = send("/_cat/indices/" + pattern + "?h=index&expand_wildcards=all", "GET", null);
        return Arrays.stream(body.split("\\R")).map(String::trim).filter(s -> !s.isEmpty()).sorted().toList();
    }
}
