package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, row 3: the configuration metadata the annotation processor wrote (META-INF/spring-configuration-metadata.json beside AstroRagProperties) has every
 * setting a user changes, each with a description, and the defaults that do not depend on the preset.
 */
class AstroRagPropertiesMetadataTest {

    @Test
    void everySettingIsAPropertyWithADescriptionAndItsDefault() throws Exception {
        JsonNode metadata = metadataOf(AstroRagProperties.class);
        Map<String, JsonNode> byName = new HashMap<>();
        metadata.get("properties").forEach(p -> byName.put(p.get("name").asText(), p));
        // property -> its default ("" where the default is none or the preset's, said in the description)
        String[][] expected = {
                {"astrorag.preset", "default"}, {"astrorag.budget", "1800"}, {"astrorag.candidates", "20"},
                {"astrorag.retriever", ""}, {"astrorag.rerankers", ""}, {"astrorag.selector", ""}, {"astrorag.docs", ""},
                {"astrorag.language-detector", ""}, {"astrorag.analyzer", ""},
                {"astrorag.on-unreadable", "skip-in-folders"}, {"astrorag.on-unsupported", "skip"},
                {"astrorag.chunking.size", "300"}, {"astrorag.chunking.overlap", "30"},
                {"astrorag.embedding-cache.dir", ""},
                {"astrorag.embedder.kind", "onnx"}, {"astrorag.embedder.model", ""}, {"astrorag.embedder.base-url", ""},
                {"astrorag.embedder.api-key-env", ""}, {"astrorag.embedder.timeout", "60s"},
                {"astrorag.embedder.retries", "2"}, {"astrorag.embedder.batch-size", "32"},
                {"astrorag.embedder.query-prefix", ""}, {"astrorag.embedder.passage-prefix", ""},
                {"astrorag.embedder.languages", ""},
                {"astrorag.generator.kind", "extractive"}, {"astrorag.generator.model", ""},
                {"astrorag.generator.base-url", ""}, {"astrorag.generator.api-key-env", ""},
                {"astrorag.generator.min-support", ""}, {"astrorag.generator.timeout", "60s"},
                {"astrorag.generator.retries", "2"}, {"astrorag.generator.max-tokens", ""},
                {"astrorag.elasticsearch.urls", ""}, {"astrorag.elasticsearch.index-prefix", "astrorag-"},
                {"astrorag.elasticsearch.mode", "index-per-instance"}, {"astrorag.elasticsearch.username", ""},
                {"astrorag.elasticsearch.password-env", ""}, {"astrorag.elasticsearch.api-key-env", ""},
                {"astrorag.elasticsearch.ca-certificate", ""}, {"astrorag.elasticsearch.ca-fingerprint", ""},
                {"astrorag.elasticsearch.timeout", "60s"}, {"astrorag.elasticsearch.text-analysis", "terms"},
                {"astrorag.observations.enabled", "true"},
                {"astrorag.loading.background", "false"}, {"astrorag.loading.watch", "false"},
                {"astrorag.loading.watch-interval", "2s"}};
        for (String[] e : expected) {
            JsonNode p = byName.get(e[0]);
            assertThat(p).as(e[0]).isNotNull();
            assertThat(p.path("description").asText()).as(e[0] + " description").hasSizeGreaterThan(20);
            if (!e[1].isEmpty()) {
                assertThat(p.path("defaultValue").asText()).as(e[0] + " default").isEqualTo(e[1]);
            }
        }
        assertThat(byName.keySet()).as("no property without a row here").hasSize(expected.length);
    }

    /**
     * The configuration metadata beside {@code type}: its folder or jar (the classes folder in the build, the jar when
     * the Boot 4 starter runs these tests), not another jar's metadata on the class path.
     */
    private static JsonNode metadataOf(Class<?> type) throws Exception {
        String home = type.getProtectionDomain().getCodeSource().getLocation().toString();
        Enumeration<URL> all = type.getClassLoader().getResources("META-INF/spring-configuration-metadata.json");
        while (all.hasMoreElements()) {
            URL url = all.nextElement();
            if (url.toString().replace("jar:", "").startsWith(home)) {
                try (InputStream in = url.openStream()) {
                    return new ObjectMapper().readTree(in);
                }
            }
        }
        throw new AssertionError("no META-INF/spring-configuration-metadata.json in " + home);
    }
}
