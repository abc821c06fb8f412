package io.github.astrorag.core.generate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.testing.FakeOpenAiServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The test server the command line's tests use speaks the protocol as documented. */
class FakeOpenAiServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> post(String url, String body) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersOnTheRequestedPortWithTheReplyFunctionsText() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        try (FakeOpenAiServer server = FakeOpenAiServer.start(port, prompt -> "echo: " + prompt.length())) {
            assertThat(server.url()).isEqualTo("http://127.0.0.1:" + port + "/v1");
            HttpResponse<String> r = post(server.url() + "/chat/completions",
                    "{\"model\":\"fake\",\"messages\":[{\"role\":\"user\",\"content\":\"four\"}]}");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
            JsonNode body = JSON.readTree(r.body());
            assertThat(body.get("object").asText()).isEqualTo("chat.completion");
            assertThat(body.get("model").asText()).isEqualTo("fake");
            assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("echo: 4");
            assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
            assertThat(body.at("/usage/total_tokens").asInt()).isEqualTo(3);
            assertThat(server.requests()).hasSize(1);

            HttpResponse<String> models = client.send(HttpRequest.newBuilder(URI.create(server.url() + "/models")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(JSON.readTree(models.body()).at("/data/0/id").asText()).isEqualTo("fake");
        }
    }

    @Test
    void streamsChunksEndedByDoneAndRejectsABadRequestAsOpenAiDoes() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.replying("Hello there")) {
            HttpResponse<String> r = post(server.url() + "/chat/completions",
                    "{\"model\":\"m\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/event-stream");
            String[] events = r.body().split("\n\n");
            assertThat(events).hasSize(5);
            assertThat(JSON.readTree(events[0].substring(6)).at("/choices/0/delta/role").asText()).isEqualTo("assistant");
            assertThat(JSON.readTree(events[1].substring(6)).at("/choices/0/delta/content").asText()).isEqualTo("Hello ");
            assertThat(JSON.readTree(events[2].substring(6)).at("/choices/0/delta/content").asText()).isEqualTo("there");
            assertThat(JSON.readTree(events[3].substring(6)).at("/choices/0/finish_reason").asText()).isEqualTo("stop");
            assertThat(events[4]).isEqualTo("data: [DONE]");

            HttpResponse<String> bad = post(server.url() + "/chat/completions", "{\"messages\":[]}");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(bad.body()).at("/error/type").asText()).isEqualTo("invalid_request_error");
        }
    }
}
