package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.rag.content.aggregator.ContentAggregator;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.elasticsearch.ElasticsearchEphemeralIndexFactory;
import io.github.astrorag.langchain4j.AstroRagContentAggregator;
import io.github.astrorag.langchain4j.AstroRagContentRetriever;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * Issue 33, rows 3, 4, 5 and 7: the new properties reach the builder, customizers run in order, documents are Spring
 * resources, and the LangChain4j and Elasticsearch beans appear only with their libraries. The model-free embedder.
 */
class AstroRagStarterFeaturesTest {

    static final String QUESTION = "What resolving power does the spectrograph reach?";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class,
                    AstroRagLangChain4jAutoConfiguration.class))
            .withPropertyValues("astrorag.embedder.model=hashing");

    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> map(Object described) {
        return (java.util.Map<String, Object>) described;
    }

    private static List<String> sources(RagInstance instance) {
        return instance.documents().stream().map(Document::source).sorted().toList();
    }

    // --- row 4: customizers

    @Configuration(proxyBeanMethods = false)
    static class Customizers {
        final List<String> calls = new ArrayList<>();

        @Bean
        @Order(2)
        AstroRagPipelineCustomizer second() {
            return b -> calls.add("second");
        }

        @Bean
        @Order(1)
        AstroRagPipelineCustomizer first() {
            return b -> {
                calls.add("first");
                b.budget(123);
            };
        }

        @Bean
        List<String> calls() {
            return calls;
        }
    }

    @Test
    void customizersChangeTheBuilderInTheirOrderBeforeItIsBuilt() {
        runner.withUserConfiguration(Customizers.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(RagPipeline.class).budget()).isEqualTo(123);
            assertThat(context.getBean(Customizers.class).calls).containsExactly("first", "second");
        });
    }

    @Test
    void aCustomizerAndAPropertySettingTheSameFailNamingTheSetting() {
        runner.withUserConfiguration(Customizers.class).withPropertyValues("astrorag.budget=300").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().isInstanceOf(IllegalStateException.class)
                        .hasMessage("budget was already set"));
    }

    // --- row 3: the new properties reach the builder

    @SuppressWarnings("unchecked")
    private static Object bm25Analyzer(RagPipeline pipeline) {
        return ((java.util.Map<String, Object>) map(pipeline.describe().get("retriever")).get("bm25")).get("analyzer");
    }

    @Test
    void theAnalyzerByNameAndItsDefaultWithRagAnalysis() {
        // rag-analysis is on this test class path: the default is auto with the spaceless scripts as english
        runner.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(bm25Analyzer(context.getBean(RagPipeline.class))).isEqualTo("auto");
        });
        runner.withPropertyValues("astrorag.analyzer=english").run(context ->
                assertThat(bm25Analyzer(context.getBean(RagPipeline.class))).isEqualTo("english"));
        runner.withPropertyValues("astrorag.analyzer=arabic").run(context ->
                assertThat(bm25Analyzer(context.getBean(RagPipeline.class))).isEqualTo("arabic"));
    }

    @Test
    void theLanguageDetectorByName() {
        runner.run(context -> assertThat(map(context.getBean(RagPipeline.class).describe().get("languageDetector")))
                .containsEntry("name", "script"));
        runner.withPropertyValues("astrorag.language-detector=opennlp:candidates=en+de").run(context -> {
            assertThat(context).hasNotFailed();
            java.util.Map<String, Object> detector = map(context.getBean(RagPipeline.class).describe().get("languageDetector"));
            assertThat(detector).containsEntry("name", "opennlp").containsEntry("candidates", List.of("de", "en"));
        });
    }

    @Test
    void chunkingCandidatesPoliciesAndMinSupportAreApplied(@TempDir Path dir) throws IOException {
        // a 60-word text is one chunk at the default size (300 tokens) and several at 16 tokens with no overlap
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            text.append("word").append(i).append(' ');
        }
        Files.writeString(dir.resolve("long.txt"), text.toString());
        Files.writeString(dir.resolve("image.png"), "not an image a loader reads");
        runner.withPropertyValues("astrorag.docs=" + dir, "astrorag.chunking.size=16", "astrorag.chunking.overlap=0",
                "astrorag.candidates=3", "astrorag.generator.min-support=0.9").run(context -> {
                    assertThat(context).hasNotFailed();
                    RagInstance instance = context.getBean(RagInstance.class);
                    assertThat(instance.documents()).hasSize(1);
                    assertThat(instance.chunks().size()).isGreaterThan(3);
                    java.util.Map<String, Object> described = context.getBean(RagPipeline.class).describe();
                    assertThat(described).containsEntry("candidates", 3);
                    assertThat(map(described.get("chunker"))).containsEntry("maxTokens", 16)
                            .containsEntry("overlap", 0);
                    assertThat(map(described.get("generator"))).containsEntry("minSupport", 0.9);
                });
        // the unreadable-file policy: an empty file in the folder is skipped by default, fails with 'fail'
        Files.writeString(dir.resolve("empty.txt"), "");
        runner.withPropertyValues("astrorag.docs=" + dir).run(context ->
                assertThat(context).hasNotFailed().getBean(RagInstance.class).extracting(i -> i.documents().size()).isEqualTo(1));
        runner.withPropertyValues("astrorag.docs=" + dir, "astrorag.on-unreadable=fail").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("empty.txt"));
        Files.delete(dir.resolve("empty.txt"));
        // the unsupported-file policy: fail on the PNG in the folder
        runner.withPropertyValues("astrorag.docs=" + dir, "astrorag.on-unsupported=fail").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining("image.png"));
    }

    @Test
    void badValuesOfTheNewPropertiesNameTheProperty() {
        String[][] cases = {
                {"astrorag.candidates=0", "Invalid value '0' for property 'astrorag.candidates'"},
                {"astrorag.chunking.size=4", "Invalid value '4' for property 'astrorag.chunking.size'"},
                {"astrorag.chunking.overlap=200", "Invalid value '200' for property 'astrorag.chunking.overlap'"},
                {"astrorag.generator.min-support=2", "Invalid value '2.0' for property 'astrorag.generator.min-support'"},
                {"astrorag.embedder.timeout=5", "Invalid value '5' for property 'astrorag.embedder.timeout': it is a "
                        + "setting of an embedding server, and astrorag.embedder.kind is onnx"},
        };
        for (String[] c : cases) {
            runner.withPropertyValues(c[0]).run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                    .isInstanceOf(AstroRagPropertyException.class).hasMessageStartingWith(c[1]));
        }
    }

    @Test
    void serverSettingsGoToTheServerParts() {
        runner.withPropertyValues("astrorag.generator.kind=openai", "astrorag.generator.base-url=http://127.0.0.1:9/v1",
                        "astrorag.generator.model=m", "astrorag.generator.timeout=90", "astrorag.generator.retries=0",
                        "astrorag.generator.max-tokens=100")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(RagPipeline.class));
        runner.withPropertyValues("astrorag.embedder.kind=tei", "astrorag.embedder.base-url=http://127.0.0.1:9",
                        "astrorag.embedder.timeout=500ms", "astrorag.embedder.retries=1",
                        "astrorag.embedder.batch-size=8")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(RagPipeline.class));
        // the languages the served model reads: a question in another is ranked by BM25 alone
        runner.withPropertyValues("astrorag.embedder.kind=tei", "astrorag.embedder.base-url=http://127.0.0.1:9",
                        "astrorag.embedder.languages=en,ZH")
                .run(context -> assertThat(context.getBean(RagPipeline.class).embedder().languages())
                        .containsExactly("en", "zh"));
        runner.withPropertyValues("astrorag.embedder.kind=tei", "astrorag.embedder.base-url=http://127.0.0.1:9",
                        "astrorag.embedder.languages=zh-Hans")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("'zh-Hans' is not a language code"));
        runner.withPropertyValues("astrorag.embedder.languages=en")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .isInstanceOf(AstroRagPropertyException.class).hasMessageContaining("astrorag.embedder.languages"));
        runner.withPropertyValues("astrorag.generator.kind=openai", "astrorag.generator.base-url=http://127.0.0.1:9/v1",
                        "astrorag.generator.model=m", "astrorag.generator.retries=10")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("Invalid value '10' for property 'astrorag.generator.retries'"));
    }

    // --- row 5: documents as Spring resources

    @Test
    void aClasspathPatternReadsTheMatchingResourcesWithTheirPathsAsSources() {
        runner.withPropertyValues("astrorag.docs=classpath:astrorag-docs/**/*.md").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(sources(context.getBean(RagInstance.class))).containsExactly("guide/dome.md", "notes.md");
        });
        runner.withPropertyValues("astrorag.docs=classpath:astrorag-docs").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(sources(context.getBean(RagInstance.class))).containsExactly("guide/dome.md", "ignored.txt", "notes.md");
        });
    }

    @Test
    void aFilePatternAndAPlainRelativePath(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.md"), "# A\n\nThe first file says the telescope is blue.");
        Files.writeString(dir.resolve("b.txt"), "The second file says the mount is red.");
        runner.withPropertyValues("astrorag.docs=file:" + dir + "/*.md").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(sources(context.getBean(RagInstance.class))).containsExactly("a.md");
        });
        runner.withPropertyValues("astrorag.docs=../rag-examples/samples").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(RagInstance.class).documents()).hasSize(3);
        });
        runner.withPropertyValues("astrorag.docs=file:" + dir + "/*.pdf").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().isInstanceOf(AstroRagPropertyException.class)
                        .hasMessage("Invalid value 'file:" + dir + "/*.pdf' for property 'astrorag.docs': the pattern "
                                + "matches no file"));
    }

    @Test
    void classpathResourcesInsideAJarAreRead(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("docs.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            put(out, "jardocs/", null);
            put(out, "jardocs/inner/", null);
            put(out, "jardocs/inner/lens.md", "# Lens\n\nThe fixture lens in the jar has a focal length of 400 mm.");
            put(out, "jardocs/top.txt", "The fixture text at the top of the jar names the filter wheel.");
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader());
        runner.withClassLoader(loader).withPropertyValues("astrorag.docs=classpath:jardocs/**/*.md,classpath:jardocs/top.txt")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    RagInstance instance = context.getBean(RagInstance.class);
                    assertThat(sources(instance)).containsExactly("inner/lens.md", "top.txt");
                    assertThat(instance.documents().stream().map(Document::text)).anyMatch(t -> t.contains("400 mm"));
                });
        for (String folder : new String[] {"classpath:jardocs/", "classpath:jardocs"}) {
            runner.withClassLoader(loader).withPropertyValues("astrorag.docs=" + folder)
                    .run(context -> {
                        assertThat(context).as(folder).hasNotFailed();
                        assertThat(sources(context.getBean(RagInstance.class))).as(folder)
                                .containsExactly("inner/lens.md", "top.txt");
                    });
        }
        loader.close();
    }

    private static void put(JarOutputStream out, String name, String text) throws IOException {
        out.putNextEntry(new JarEntry(name));
        if (text != null) {
            OutputStream o = out;
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
        out.closeEntry();
    }

    // --- row 7: LangChain4j

    @Test
    void withLangChain4jAContentRetrieverOverTheInstanceAndAnAggregator() {
        runner.withPropertyValues("astrorag.docs=../rag-examples/samples").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(ContentRetriever.class).hasSingleBean(ContentAggregator.class);
            assertThat(context.getBean(ContentRetriever.class)).isInstanceOf(AstroRagContentRetriever.class);
            assertThat(context.getBean(ContentAggregator.class)).isInstanceOf(AstroRagContentAggregator.class);
            assertThat(context.getBean(ContentRetriever.class).retrieve(dev.langchain4j.rag.query.Query.from(
                    QUESTION))).isNotEmpty();
        });
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(ContentRetriever.class)
                .hasSingleBean(ContentAggregator.class));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRetriever {
        static final ContentRetriever MINE = q -> List.of();

        @Bean
        ContentRetriever mine() {
            return MINE;
        }
    }

    @Test
    void noLangChain4jBeanWithoutLangChain4jOrWhenTheApplicationHasItsOwn() {
        runner.withPropertyValues("astrorag.docs=../rag-examples/samples").withClassLoader(new FilteredClassLoader(ContentRetriever.class))
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(RagInstance.class)
                        .doesNotHaveBean(AstroRagContentRetriever.class).doesNotHaveBean(AstroRagContentAggregator.class));
        runner.withPropertyValues("astrorag.docs=../rag-examples/samples").withClassLoader(new FilteredClassLoader(AstroRagContentRetriever.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(AstroRagContentAggregator.class));
        runner.withPropertyValues("astrorag.docs=../rag-examples/samples").withUserConfiguration(OwnRetriever.class)
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(ContentRetriever.class);
                    assertThat(context.getBean(ContentRetriever.class)).isSameAs(OwnRetriever.MINE);
                });
    }

    // --- row 3: Elasticsearch, only with rag-elasticsearch

    @Test
    void elasticsearchPropertiesMakeTheIndexFactoryOnlyWithTheModule() {
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9", "astrorag.elasticsearch.index-prefix=app-",
                "astrorag.elasticsearch.mode=shared", "astrorag.elasticsearch.timeout=5").run(context ->
                {
                    assertThat(context).hasNotFailed().hasSingleBean(ElasticsearchEphemeralIndexFactory.class)
                            .hasSingleBean(RagPipeline.class);
                    assertThat(map(context.getBean(RagPipeline.class).describe().get("index")))
                            .containsEntry("name", "elasticsearch").containsEntry("prefix", "app-").containsEntry("mode", "shared");
                });
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EphemeralIndexFactory.class));
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9")
                .withClassLoader(new FilteredClassLoader(ElasticsearchEphemeralIndexFactory.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EphemeralIndexFactory.class));
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9", "astrorag.elasticsearch.mode=sometimes")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("Invalid value 'sometimes' for property 'astrorag.elasticsearch.mode'"));
        // by default the terms of the pipeline's analyzer (astrorag.analyzer), as the in-memory BM25 reads them
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9", "astrorag.analyzer=english").run(context -> assertThat(map(map(context.getBean(RagPipeline.class).describe()
                        .get("index")).get("textAnalysis"))).containsEntry("name", "terms")
                        .extractingByKey("analyzer").satisfies(a -> assertThat(map(a)).containsEntry("name", "english")));
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9", "astrorag.elasticsearch.text-analysis=standard")
                .run(context -> assertThat(map(map(context.getBean(RagPipeline.class).describe().get("index"))
                        .get("textAnalysis"))).containsEntry("name", "standard"));
        runner.withPropertyValues("astrorag.elasticsearch.urls=http://127.0.0.1:9", "astrorag.elasticsearch.text-analysis=icu")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageStartingWith("Invalid value 'icu' for property 'astrorag.elasticsearch.text-analysis'"));
    }
}
