package io.github.astrorag.elasticsearch;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Plain HTTP to a test node, to look at it independently of the code under test. */
final class EsHttp {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private EsHttp() {
    }

    /** The body of a request; fails on a status of 300 or more. */
    static String send(String url, String method, String body) throws IOException, InterruptedException {
        return send(url, method, body, null);
    }

    /** As {@link #send(String, String, String)}, with an {@code Authorization} header unless null. */
    static String send(String url, String method, String body, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        HttpRequest request = builder.header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IOException(method + " " + url + " -> " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The names of the indices matching {@code pattern}, sorted. */
    static List<String> indices(String baseUrl, String pattern) throws IOException, InterruptedException {
        return indices(baseUrl, pattern, null);
    }

    /** As {@link #indices(String, String)}, with an {@code Authorization} header unless null. */
    static List<String> indices(String baseUrl, String pattern, String authorization) throws IOException, InterruptedException {
        String body = send(baseUrl + "/_cat/indices/" + pattern + "?h=index&expand_wildcards=all", "GET", null, authorization);
        return Arrays.stream(body.split("\\R")).map(String::trim).filter(s -> !s.isEmpty()).sorted().toList();
    }
}
