package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.testing.GivenTwice;
import io.github.astrorag.core.testing.GivenTwice.Values;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builders of rag-elasticsearch keep the house rule: a setting given twice throws {@link IllegalStateException}
 * (checked by {@link GivenTwice} over every public setter, so a new setter is checked too). No node is needed.
 */
class BuildersGivenTwiceTest {

    private static final String URL = "http://localhost:9200";

    @TempDir
    Path folder;

    @Test
    void settings() throws Exception {
        Path ca = Files.writeString(folder.resolve("ca.pem"), "not parsed until built");
        GivenTwice.assertEverySettingOnce(ElasticsearchSettings::builder, Values.defaults()
                        .setter("url", () -> new Object[] {URL})
                        .setter("urls", () -> new Object[] {List.of(URL)})
                        .setter("apiKey", () -> new Object[] {"aWQ6a2V5"})
                        .setter("basicAuth", () -> new Object[] {"elastic", "changeme"})
                        .setter("caFingerprint", () -> new Object[] {"ab".repeat(32)})
                        .type(Path.class, () -> ca),
                Map.of("apiKeyFromEnvironment", "reads the process environment; it is the setting of apiKey, which is checked",
                        "basicAuthFromEnvironment",
                        "reads the process environment; it is the setting of basicAuth, which is checked"));
    }

    @Test
    void indexFactory() {
        GivenTwice.assertEverySettingOnce(() -> ElasticsearchEphemeralIndexFactory.builder(ElasticsearchSettings.of(URL)),
                Values.defaults().setter("indexPrefix", () -> new Object[] {"astrorag-test-"})
                        .type(TextAnalysis.class, TextAnalysis::standard), Map.of());
    }
}
