package io.github.astrorag.spring.boot.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.spring.boot.GatedEmbeddingCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The smallest web application a user of a starter writes: auto-configuration plus one controller that asks the
 * starter's {@link RagInstance}. Both starters' application tests start it on their own Boot line (it is compiled
 * against Boot 3 and uses only what Boot 4 keeps) with {@link #visit}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(AstroRagWebApplication.Ask.class)
public class AstroRagWebApplication {

    /** The README's sample question, over the README's sample documents (answer on page 2 of the PDF). */
    public static final String QUESTION = "What resolving power does the spectrograph reach?";

    /** {@code GET /ask?q=...}: the cited sources on the first line, the answer after it. */
    @RestController
    public static class Ask {
        private final RagInstance instance;

        /**
         * The controller.
         *
         * @param instance the starter's instance
         */
        public Ask(RagInstance instance) {
            this.instance = instance;
        }

        /**
         * Asks the instance.
         *
         * @param question the question
         * @return the sources, a line break, the answer
         */
        @GetMapping(value = "/ask", produces = "text/plain")
        public String ask(@RequestParam("q") String question) {
            Answer answer = instance.ask(question);
            return answer.citations().stream().map(Citation::source).distinct().collect(Collectors.joining(", "))
                    + "\n" + answer.text();
        }
    }

    /**
     * What one visit saw.
     *
     * @param loadingReadiness the status and body of {@code /actuator/health/readiness} while the documents load
     * @param loadingHealth    the status and body of {@code /actuator/health} while the documents load
     * @param answer           the body of {@code /ask} for {@link #QUESTION}, once ready
     * @param health           the body of {@code /actuator/health} (details shown), once ready
     * @param metrics          the body of {@code /actuator/metrics} (the meter names)
     * @param stage            the body of {@code /actuator/metrics/astrorag.stage}
     */
    public record Visit(String loadingReadiness, String loadingHealth, String answer, String health, String metrics,
                        String stage) {
    }

    /**
     * Copies the README's sample documents ({@code ../rag-examples/samples}, seen from a module folder) into
     * {@code dir}.
     *
     * @param dir an empty folder
     * @return {@code dir}
     */
    public static Path samplesIn(Path dir) {
        Path samples = Path.of("..", "rag-examples", "samples");
        try (Stream<Path> files = Files.list(samples)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName().toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /**
     * Starts the application on a random loopback port over {@code docs} with the documents loaded in the background
     * ({@code astrorag.loading.background=true}, the starter's defaults otherwise) and an embedding cache that holds
     * the load at its first look-up ({@link GatedEmbeddingCache}): reads readiness and health while the load waits
     * (after {@code SpringApplication.run} has returned, so after Spring Boot's own "accepting traffic"), lets the load
     * go on, waits for readiness, asks {@link #QUESTION} over HTTP, reads the health and the metrics, and stops it.
     *
     * @param docs the documents folder ({@code astrorag.docs})
     * @return what the visit saw
     * @throws IOException          if a request fails
     * @throws InterruptedException if interrupted while waiting for an answer
     */
    public static Visit visit(Path docs) throws IOException, InterruptedException {
        GatedEmbeddingCache gate = new GatedEmbeddingCache();
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(AstroRagWebApplication.class)
                .main(AstroRagWebApplication.class)
                .initializers(c -> c.getBeanFactory().registerSingleton("gatedEmbeddingCache", gate))
                .properties("server.port=0", "server.address=127.0.0.1", "spring.main.banner-mode=off",
                        "astrorag.docs=" + docs.toAbsolutePath(), "astrorag.loading.background=true",
                        "management.endpoints.web.exposure.include=health,metrics",
                        "management.endpoint.health.show-details=always", "management.endpoint.health.probes.enabled=true")
                .run()) {
            String base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            gate.awaitReached();
            String loadingReadiness = call(http, base + "/actuator/health/readiness");
            String loadingHealth = call(http, base + "/actuator/health");
            gate.open();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (!call(http, base + "/actuator/health/readiness").startsWith("200 ")) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("not ready within 2 minutes of the load going on");
                }
                Thread.sleep(50);
            }
            String answer = get(http, base + "/ask?q=" + URLEncoder.encode(QUESTION, StandardCharsets.UTF_8));
            return new Visit(loadingReadiness, loadingHealth, answer, get(http, base + "/actuator/health"),
                    get(http, base + "/actuator/metrics"), get(http, base + "/actuator/metrics/astrorag.stage"));
        }
    }

    /**
     * The application test both starters run: starts the application over a copy of the sample documents in
     * {@code dir} ({@link #visit}), then checks readiness and health while loading (503: {@code OUT_OF_SERVICE},
     * {@code astroRag} with its progress), the answer once ready (page 2 of the PDF), the health ({@code astroRag} up
     * with the three documents), the metrics ({@code astrorag.stage} with a {@code retrieve} stage) and the log
     * (started, loaded, and neither DJL's CUDA warning nor PDFBox's font fallback warning).
     *
     * @param dir an empty folder
     * @param log the test's captured output
     * @throws IOException          if a request fails
     * @throws InterruptedException if interrupted while waiting for an answer
     */
    public static void answersOverHttpWithHealthAndMetricsAndAQuietLog(Path dir, CapturedOutput log)
            throws IOException, InterruptedException {
        Visit visit = visit(samplesIn(dir));

        assertThat(visit.loadingReadiness()).startsWith("503 ").contains("\"status\":\"OUT_OF_SERVICE\"");
        assertThat(visit.loadingHealth()).startsWith("503 ");
        assertThat(member(visit.loadingHealth(), "astroRag")).contains("\"status\":\"OUT_OF_SERVICE\"")
                .contains("\"documents\":0").contains("\"state\":\"loading\"");
        assertThat(visit.answer()).startsWith("spectrograph-guide.pdf").contains("5000");
        assertThat(visit.health()).contains("\"status\":\"UP\"").doesNotContain("DOWN");
        assertThat(member(visit.health(), "astroRag")).contains("\"status\":\"UP\"").contains("\"documents\":3")
                .contains("\"state\":\"loaded\"");
        assertThat(visit.metrics()).contains("\"astrorag.stage\"");
        assertThat(visit.stage()).contains("\"name\":\"astrorag.stage\"").contains("\"retrieve\"");

        assertThat(log.getAll()).contains("Started AstroRagWebApplication").contains("Loaded 3 documents")
                .doesNotContain("CUDA is not supported").doesNotContain("Using fallback font");
    }

    /**
     * The JSON object of one member of a JSON text, whatever the order of the members (Jackson 2 writes them as
     * declared, Jackson 3 sorted).
     *
     * @param json a JSON text
     * @param name the member's name
     * @return its object, braces included
     * @throws AssertionError when the text has no such member
     */
    public static String member(String json, String name) {
        int at = json.indexOf("\"" + name + "\":{");
        if (at < 0) {
            throw new AssertionError("no member " + name + " in " + json);
        }
        int start = json.indexOf('{', at);
        int depth = 0;
        for (int i = start; i < json.length(); i++) {
            char c = json.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return json.substring(start, i + 1);
            }
        }
        throw new AssertionError("unclosed member " + name + " in " + json);
    }

    /** The status code, a space and the body of {@code GET uri}, whatever the status. */
    private static String call(HttpClient http, String uri) throws IOException, InterruptedException {
        HttpResponse<String> response = send(http, uri);
        return response.statusCode() + " " + response.body();
    }

    /** The body of {@code GET uri}; any status but 200 is an {@link IOException} with the body. */
    private static String get(HttpClient http, String uri) throws IOException, InterruptedException {
        HttpResponse<String> response = send(http, uri);
        if (response.statusCode() != 200) {
            throw new IOException("GET " + uri + ": HTTP " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    private static HttpResponse<String> send(HttpClient http, String uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofMinutes(2)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
