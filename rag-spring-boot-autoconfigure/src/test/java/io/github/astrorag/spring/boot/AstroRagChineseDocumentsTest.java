package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Chinese documents get the Chinese model when no model is configured (bge-small-zh-v1.5's artifact is on this test
 * class path): the pipeline names it for {@code zh} ({@link RagPipeline.Builder#pipelineFor}); a configured model keeps
 * every document. Real models: bge-small-en-v1.5 and bge-small-zh-v1.5.
 */
class AstroRagChineseDocumentsTest {

    private static final String QUESTION = "火星表面为什么是红色的？";

    @TempDir
    Path docs;

    @BeforeEach
    void chineseFiles() throws Exception {
        Files.writeString(docs.resolve("moon.txt"), "月球是地球唯一的天然卫星。月球绕地球公转一周大约需要二十七天。月球表面布满了撞击坑。");
        Files.writeString(docs.resolve("mars.txt"), "火星是太阳系中的第四颗行星。火星表面呈红色，因为它的土壤中含有大量氧化铁。火星有两颗很小的卫星。");
        Files.writeString(docs.resolve("jupiter.txt"), "木星是太阳系中最大的行星。木星的大红斑是一场已经持续了几百年的风暴。");
    }

    private ApplicationContextRunner runner(String... more) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.docs=" + docs)
                .withPropertyValues(more);
    }

    @SuppressWarnings("unchecked")
    private static String embedder(Answer answer) {
        return String.valueOf(((Map<String, Object>) answer.trace().config().get("embedder")).get("name"));
    }

    private static List<Map<String, Object>> routes(Answer answer) {
        return answer.trace().ingest().stream().filter(s -> s.name().equals("route")).map(Trace.Stage::details).toList();
    }

    @Test
    void chineseDocumentsAreReadWithTheChineseModelWhenNoModelIsConfigured() {
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(RagPipeline.class).describe()).containsEntry("pipelinesByLanguage", List.of("zh"));
            Answer answer = context.getBean(RagInstance.class).ask(QUESTION);
            assertThat(embedder(answer)).isEqualTo("bge-small-zh-q");
            assertThat(routes(answer)).containsExactly(Map.of("language", "zh", "pipeline", "zh"));
            assertThat(answer.abstained()).isFalse();
            assertThat(answer.text()).contains("氧化铁");
            assertThat(answer.citations().get(0).source()).isEqualTo("mars.txt");
        });
    }

    @Test
    void aConfiguredModelReadsEveryDocument() {
        runner("astrorag.embedder.model=bge-small-q").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(RagPipeline.class).describe()).doesNotContainKey("pipelinesByLanguage");
            Answer answer = context.getBean(RagInstance.class).ask(QUESTION);
            assertThat(embedder(answer)).isEqualTo("bge-small-q");
            assertThat(routes(answer)).isEmpty();
        });
    }
}
