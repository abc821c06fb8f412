package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.astrorag.core.IndexException;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A second node this test starts itself, with security on (a user made by the distribution's own
 * {@code bin/elasticsearch-users}) and https (a CA and certificate made by its
 * {@code bin/elasticsearch-certutil}): the CA must be trusted, by certificate or by fingerprint; refused
 * credentials give a clear authentication error that never shows a secret; right ones work. (API keys cannot
 * be made on this distribution, whose security index needs analysis-common; the ApiKey header is checked in
 * {@link ConnectionTest}.) Then faults, last: a paused node gives a clear error within the socket timeout, a
 * stopped one at once; after a restart {@code sweepOrphans} removes the index the interrupted instance left
 * behind.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ElasticsearchSecurityAndFaultsIT {

    private static final String USER = "astro-tester";
    private static final String PASSWORD = "pw-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
    private static final String WRONG = "wrong-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
    private static final String PREFIX = "astrorag-secure-";
    private static EsTestNode node;

    @BeforeAll
    static void startSecureNode() throws Exception {
        node = EsTestNode.startExtra("secure-node", USER, PASSWORD, true);
    }

    @AfterAll
    static void stopSecureNode() throws Exception {
        if (node != null) {
            node.close();
        }
    }

    /** Settings for the node, trusting its CA certificate. */
    private static ElasticsearchSettings.Builder trusted() {
        return ElasticsearchSettings.builder().url(node.url()).caCertificate(node.ca()).timeout(EsTestNode.PATIENT);
    }

    private static EsHttp http() throws java.io.IOException {
        return EsHttp.of(node.url(), basic(), node.ca());
    }

    private static String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    private static ElasticsearchEphemeralIndexFactory factory(ElasticsearchSettings settings) {
        return ElasticsearchEphemeralIndexFactory.builder(settings).indexPrefix(PREFIX).build();
    }

    private static String everything(Throwable t) {
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out + " " + t;
    }

    @Test
    @Order(0)
    void httpsNeedsTrustInTheClusterCaByCertificateOrFingerprint() throws Exception {
        assertThat(node.url()).startsWith("https://");
        try (ElasticsearchEphemeralIndexFactory untrusted = factory(ElasticsearchSettings.builder().url(node.url())
                .basicAuth(USER, PASSWORD).build())) {
            assertThatThrownBy(untrusted::health).isInstanceOf(IndexException.class)
                    .hasMessageContaining("TLS failed with Elasticsearch at " + node.url())
                    .hasMessageContaining("check the CA certificate or fingerprint");
        }
        java.security.cert.Certificate ca;
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(node.ca())) {
            ca = java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        String fingerprint = HexFormat.ofDelimiter(":").withUpperCase()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(ca.getEncoded()));
        try (ElasticsearchEphemeralIndexFactory byFingerprint = factory(ElasticsearchSettings.builder().url(node.url())
                .basicAuth(USER, PASSWORD).caFingerprint(fingerprint).build())) {
            assertThat(byFingerprint.health()).isIn("green", "yellow");
        }
        try (ElasticsearchEphemeralIndexFactory byCertificate = factory(trusted().basicAuth(USER, PASSWORD).build())) {
            assertThat(byCertificate.health()).isIn("green", "yellow");
        }
    }

    @Test
    @Order(1)
    void aWrongPasswordIsAClearAuthenticationErrorWithoutSecrets() {
        ElasticsearchSettings settings = trusted().basicAuth(USER, WRONG).build();
        try (ElasticsearchEphemeralIndexFactory factory = factory(settings)) {
            Throwable health = catchThrowable(factory::health);
            assertThat(health).isInstanceOf(ElasticsearchAuthenticationException.class)
                    .hasMessageContaining("authentication failed").hasMessageContaining("HTTP 401")
                    .hasMessageContaining("user '" + USER + "' was refused").hasMessageContaining(node.url());
            assertThat(((ElasticsearchAuthenticationException) health).status()).isEqualTo(401);
            assertThat(everything(health)).doesNotContain(WRONG).doesNotContain(PASSWORD);
            Throwable create = catchThrowable(() -> factory.create(8));
            assertThat(create).isInstanceOf(ElasticsearchAuthenticationException.class).hasMessageContaining("creating index");
            assertThat(everything(create)).doesNotContain(WRONG);
            assertThat(settings.toString() + factory.describe() + factory).doesNotContain(WRONG).contains(USER);
        }
    }

    @Test
    @Order(2)
    void missingCredentialsAndAWrongApiKeyAreNamedAsSuch() {
        try (ElasticsearchEphemeralIndexFactory none = factory(trusted().build())) {
            assertThatThrownBy(none::health).isInstanceOf(ElasticsearchAuthenticationException.class)
                    .hasMessageContaining("no credentials were given");
        }
        String key = Base64.getEncoder().encodeToString(("not-an-id:" + WRONG).getBytes(StandardCharsets.UTF_8));
        try (ElasticsearchEphemeralIndexFactory wrongKey = factory(trusted().apiKey(key).build())) {
            Throwable t = catchThrowable(wrongKey::health);
            assertThat(t).isInstanceOf(ElasticsearchAuthenticationException.class).hasMessageContaining("the API key was refused");
            assertThat(everything(t)).doesNotContain(key).doesNotContain(WRONG);
        }
    }

    @Test
    @Order(3)
    void rightCredentialsWorkEndToEnd() throws Exception {
        ElasticsearchSettings settings = trusted().basicAuth(USER, PASSWORD).build();
        try (ElasticsearchEphemeralIndexFactory factory = factory(settings)) {
            assertThat(factory.health()).isIn("green", "yellow");
            RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder()).index(factory)
                    .retriever(new ElasticsearchHybridRetriever()).build();
            try (RagInstance instance = rag.openDocuments(List.of(
                    Document.of("m31.txt", "The Andromeda galaxy lies about 2.5 million light years from Earth."),
                    Document.of("sun.txt", "The Sun is a G-type main-sequence star.")))) {
                Answer answer = instance.ask("How far is the Andromeda galaxy?");
                assertThat(answer.citations()).extracting(Citation::source).contains("m31.txt");
                assertThat(http().indices(PREFIX + "*")).containsExactly(instance.indexName());
            }
            assertThat(http().indices(PREFIX + "*")).isEmpty();
        }
    }

    @Test
    @Order(4)
    void aPausedOrStoppedNodeFailsClearlyWithinTheTimeoutAndSweepCleansUpAfterRestart() throws Exception {
        ElasticsearchSettings settings = trusted().basicAuth(USER, PASSWORD)
                .connectTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(2)).retries(1).build();
        HashingEmbedder embedder = new HashingEmbedder(16);
        String orphan;
        try (ElasticsearchEphemeralIndexFactory factory = factory(settings)) {
            ElasticsearchEphemeralIndex index = factory.createIndex(16);
            orphan = index.name();
            List<Chunk> chunks = List.of(
                    new Chunk("d#0", "d", "d", "d.txt", null, 0, "red giant stars", 3, 0, 15),
                    new Chunk("d#1", "d", "d", "d.txt", null, 1, "white dwarf stars", 3, 16, 33));
            index.add(chunks, embedder.embedDocuments(chunks.stream().map(Chunk::text).toList()));
            float[] query = embedder.embedQuery("white dwarf");
            assertThat(index.search(query, 1)).extracting(s -> s.id()).containsExactly("d#1");

            node.signal("STOP");
            long t0 = System.nanoTime();
            Throwable paused;
            try {
                paused = catchThrowable(() -> index.search(query, 1));
            } finally {
                node.signal("CONT");
            }
            double pausedSeconds = (System.nanoTime() - t0) / 1e9;
            assertThat(paused).isInstanceOf(IndexException.class).hasMessageContaining("within the socket timeout of 2000 ms")
                    .hasMessageContaining("searching index " + orphan);
            // a paused node never answers: without the socket timeout the call would wait until the end of the test
            assertThat(pausedSeconds).isBetween(1.9, 30.0);
            assertThat(index.search(query, 1)).extracting(s -> s.id()).containsExactly("d#1"); // the node is back

            node.stop();
            t0 = System.nanoTime();
            Throwable stopped = catchThrowable(() -> index.search(query, 1));
            double stoppedSeconds = (System.nanoTime() - t0) / 1e9;
            assertThat(stopped).isInstanceOf(IndexException.class).hasMessageContaining("cannot reach")
                    .hasMessageContaining("2 attempts");
            assertThat(stoppedSeconds).isLessThan(30.0); // refused at once, one back-off of 100 ms
            assertThatThrownBy(index::close).isInstanceOf(IndexException.class)
                    .hasMessageContaining(orphan).hasMessageContaining("left behind");
            assertThat(index.isClosed()).isTrue();
            assertThatThrownBy(() -> index.search(query, 1)).hasMessageContaining("closed");
            assertThatThrownBy(factory::close).isInstanceOf(IndexException.class).hasMessageContaining(orphan);
        }

        node.restart();
        ElasticsearchSettings again = trusted().basicAuth(USER, PASSWORD).build();
        assertThat(http().indices(PREFIX + "*")).containsExactly(orphan);
        Thread.sleep(1_100);
        try (ElasticsearchEphemeralIndexFactory factory = factory(again)) {
            assertThat(factory.sweepOrphans(Duration.ofSeconds(1))).containsExactly(orphan);
            assertThat(factory.sweepOrphans(Duration.ZERO)).isEmpty();
        }
        assertThat(http().indices(PREFIX + "*")).isEmpty();
    }
}
