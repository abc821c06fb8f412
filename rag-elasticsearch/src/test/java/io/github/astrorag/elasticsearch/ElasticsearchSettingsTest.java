package io.github.astrorag.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElasticsearchSettingsTest {

    private static final String SECRET = "s3cr3t-Pa55";

    @Test
    void defaultsAndNormalisedUrls() {
        ElasticsearchSettings s = ElasticsearchSettings.builder().url("http://localhost").url("HTTP://es2:9201/").build();
        assertThat(s.urls()).containsExactly(URI.create("http://localhost:9200"), URI.create("http://es2:9201"));
        assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.socketTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.retries()).isEqualTo(2);
        assertThat(s.authentication()).isEqualTo(ElasticsearchSettings.Authentication.NONE);
        assertThat(s.authorizationHeader()).isNull();
        assertThat(s.tls()).isFalse();
    }

    @Test
    void authorizationHeaders() {
        // base64("elastic:changeme") = ZWxhc3RpYzpjaGFuZ2VtZQ==
        assertThat(ElasticsearchSettings.builder().url("http://h").basicAuth("elastic", "changeme").build().authorizationHeader())
                .isEqualTo("Basic ZWxhc3RpYzpjaGFuZ2VtZQ==");
        assertThat(ElasticsearchSettings.builder().url("http://h").apiKey("aWQ6a2V5").build().authorizationHeader())
                .isEqualTo("ApiKey aWQ6a2V5");
    }

    @Test
    void secretsNeverAppearInToStringOrDescribe() {
        ElasticsearchSettings basic = ElasticsearchSettings.builder().url("https://es:9243").basicAuth("ingest", SECRET).build();
        ElasticsearchSettings key = ElasticsearchSettings.builder().url("https://es:9243").apiKey(SECRET).build();
        for (ElasticsearchSettings s : List.of(basic, key)) {
            assertThat(s.toString()).doesNotContain(SECRET);
            assertThat(s.describe().toString()).doesNotContain(SECRET);
            try (ElasticsearchEphemeralIndexFactory f = ElasticsearchEphemeralIndexFactory.builder(s).build()) {
                assertThat(f.toString() + f.describe()).doesNotContain(SECRET).contains("https://es:9243");
            }
        }
        assertThat(basic.describe()).containsEntry("authentication", "basic").containsEntry("user", "ingest");
        assertThat(key.describe()).containsEntry("authentication", "api_key").doesNotContainKey("user");
    }

    @Test
    void credentialsFromTheEnvironmentNameTheVariableNotTheValue() {
        Map<String, String> env = Map.of("ES_KEY", SECRET, "ES_PW", SECRET);
        assertThat(ElasticsearchSettings.builder(env::get).url("http://h").apiKeyFromEnvironment("ES_KEY").build().authorizationHeader())
                .isEqualTo("ApiKey " + SECRET);
        assertThat(ElasticsearchSettings.builder(env::get).url("http://h").basicAuthFromEnvironment("u", "ES_PW").build().username())
                .contains("u");
        assertThatThrownBy(() -> ElasticsearchSettings.builder(env::get).apiKeyFromEnvironment("ES_MISSING"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ES_MISSING").hasMessageContaining("not set");
    }

    @Test
    void aSecretWithACarriageReturnOrGivenInPlaceOfTheVariableNameIsRefusedUnshown() {
        Map<String, String> env = Map.of("ES_KEY", SECRET + "\r", "ES_PW", " " + SECRET);
        assertThatThrownBy(() -> ElasticsearchSettings.builder(env::get).apiKeyFromEnvironment("ES_KEY"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ES_KEY").hasMessageNotContaining(SECRET);
        assertThatThrownBy(() -> ElasticsearchSettings.builder(env::get).basicAuthFromEnvironment("u", "ES_PW"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ES_PW").hasMessageNotContaining(SECRET);
        String key = "VnVhQ2ZHY0JDZGJrU-m9pZzZ6Q2pnOmpvSzhfZ2ZqUm5xT0NUUjRvZ1l6c1E=";
        assertThatThrownBy(() -> ElasticsearchSettings.builder(env::get).apiKeyFromEnvironment(key))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not shown").hasMessageNotContaining(key);
    }

    @Test
    void failsFastOnBadValues() {
        assertThatThrownBy(() -> ElasticsearchSettings.builder().build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no Elasticsearch URL");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("ftp://h")).hasMessageContaining("ftp://h");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("http://h/path")).hasMessageContaining("no path");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("http://h").url("http://h:9200")).hasMessageContaining("already");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("http://h").url("https://g")).hasMessageContaining("mix");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("http://elastic:" + SECRET + "@h"))
                .hasMessageContaining("must not carry credentials").hasMessageNotContaining(SECRET);
        assertThatThrownBy(() -> ElasticsearchSettings.builder().apiKey("k").basicAuth("u", "p")).hasMessageContaining("not both");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().basicAuth("u", "p").apiKey("k")).hasMessageContaining("not both");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().apiKey("k").apiKey("k")).hasMessageContaining("already set");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().apiKey("a key")).hasMessageContaining("whitespace");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().basicAuth("u", "")).hasMessageContaining("password");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().retries(11)).hasMessageContaining("0..10").hasMessageContaining("11");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().socketTimeout(Duration.ZERO)).hasMessageContaining("socketTimeout");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().connectTimeout(Duration.ofHours(1))).hasMessageContaining("PT10M");
        assertThatThrownBy(() -> ElasticsearchSettings.builder().caFingerprint("abc")).hasMessageContaining("SHA-256");
        String fp = "AA:" + "bb:".repeat(30) + "CC";
        assertThatThrownBy(() -> ElasticsearchSettings.builder().url("http://h").caFingerprint(fp).build())
                .hasMessageContaining("not https");
        assertThat(ElasticsearchSettings.builder().url("https://h").caFingerprint(fp).build().caFingerprint())
                .contains("aa" + "bb".repeat(30) + "cc");
    }

    @Test
    void caCertificateMustBeReadable(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> ElasticsearchSettings.builder().caCertificate(dir.resolve("none.crt")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("none.crt");
        Path crt = Files.writeString(dir.resolve("ca.crt"), "not checked until a client is made");
        assertThat(ElasticsearchSettings.builder().url("https://h").caCertificate(crt).build().caCertificate()).contains(crt);
    }
}
