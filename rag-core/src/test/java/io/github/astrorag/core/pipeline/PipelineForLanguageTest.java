package io.github.astrorag.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Metadata;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RagPipeline.Builder#pipelineFor}: documents of a language go to that language's pipeline, told apart here by
 * its budget (300 against the default 1800).
 */
class PipelineForLanguageTest {

    private static final String CHINESE = "月球是地球唯一的天然卫星。月球绕地球一周约需二十七天。";
    private static final String ENGLISH = "The Moon is the only natural satellite of the Earth. It orbits in about 27 days.";

    private final AtomicInteger made = new AtomicInteger();
    private RagPipeline lastMade;

    private RagPipeline chinese() {
        made.incrementAndGet();
        lastMade = RagPipeline.builder().embedder(new HashingEmbedder(32)).budget(300).build();
        return lastMade;
    }

    private RagPipeline routing() {
        return RagPipeline.builder().embedder(new HashingEmbedder(64)).pipelineFor("zh", this::chinese).build();
    }

    /** The budget of the instance's pipeline: 300 for the Chinese one. */
    private static int budget(RagInstance instance) {
        return instance.selectContext(Query.of("moon")).budget();
    }

    private static Trace.Stage stage(RagInstance instance, String name) {
        return instance.ingestStages().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void chineseDocumentsAreOpenedByTheChinesePipelineMadeOnceAndClosedWithTheFirst() {
        RagPipeline rag = routing();
        try (RagInstance zh = rag.openDocuments(List.of(Document.of("moon", CHINESE), Document.of("en", "Moon.")));
             RagInstance again = rag.openDocuments(List.of(Document.of("moon", CHINESE)))) {
            assertThat(zh.selectContext(Query.of("月球是什么")).budget()).isEqualTo(300);
            assertThat(budget(zh)).isEqualTo(300);
            assertThat(stage(zh, "route").details()).isEqualTo(Map.of("language", "zh", "pipeline", "zh"));
            assertThat(zh.ask("月球绕地球一周约需多少天").citations()).isNotEmpty();
            assertThat(again.selectContext(Query.of("月球")).budget()).isEqualTo(300);
            assertThat(made).hasValue(1);
        }
        rag.close();
        assertThatThrownBy(() -> rag.openDocuments(List.of(Document.of("moon", CHINESE))))
                .isInstanceOf(io.github.astrorag.core.IndexException.class);
        // the Chinese pipeline was closed with it
        assertThatThrownBy(lastMade::openEmpty).isInstanceOf(io.github.astrorag.core.IndexException.class);
    }

    @Test
    void otherDocumentsStayWithThisPipelineAndNothingIsMade(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("moon.txt"), ENGLISH);
        try (RagPipeline rag = routing(); RagInstance en = rag.open(List.of(dir))) {
            assertThat(en.selectContext(Query.of("What orbits the Earth?")).budget()).isEqualTo(1800);
            assertThat(budget(en)).isEqualTo(1800);
            assertThat(stage(en, "route").details()).isEqualTo(Map.of("language", "en", "pipeline", "this"));
            assertThat(rag.describe()).containsEntry("pipelinesByLanguage", List.of("zh"));
            try (RagInstance empty = rag.openEmpty()) {
                assertThat(budget(empty)).isEqualTo(1800);
            }
        }
        assertThat(made).hasValue(0);
    }

    @Test
    void theDominantLanguageWeighsByLengthAndAGivenLanguageWins(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("moon-zh.txt"), CHINESE);
        Files.writeString(dir.resolve("moon-en.txt"), ENGLISH.repeat(3));
        try (RagPipeline rag = routing(); RagInstance mostlyEnglish = rag.open(List.of(dir));
             RagInstance declared = rag.openDocuments(List.of(Document.of("moon", ENGLISH)
                     .withMetadata(Map.of(Metadata.LANGUAGE, "zh"))));
             RagInstance region = rag.openDocuments(List.of(Document.of("moon", ENGLISH)
                     .withMetadata(Map.of(Metadata.LANGUAGE, "zh-CN"))))) {
            assertThat(budget(mostlyEnglish)).isEqualTo(1800);
            assertThat(budget(declared)).isEqualTo(300);
            assertThat(budget(region)).isEqualTo(300);
            assertThat(stage(region, "route").details()).isEqualTo(Map.of("language", "zh-cn", "pipeline", "zh"));
        }
        try (RagPipeline all = RagPipeline.builder().embedder(new HashingEmbedder(64)).language("zh")
                .pipelineFor("zh", this::chinese).build();
             RagInstance set = all.openDocuments(List.of(Document.of("moon", ENGLISH)))) {
            assertThat(budget(set)).isEqualTo(300);
        }
        assertThat(RagPipeline.builder().embedder(new HashingEmbedder()).build().describe())
                .doesNotContainKey("pipelinesByLanguage");
    }

    @Test
    void aBadLanguageOrASecondPipelineForOneFails() {
        RagPipeline.Builder b = RagPipeline.builder().pipelineFor("ZH", this::chinese);
        assertThatThrownBy(() -> b.pipelineFor("zh", this::chinese)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("pipelineFor zh");
        assertThatThrownBy(() -> RagPipeline.builder().pipelineFor("chinese!", this::chinese))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BCP 47");
        assertThatThrownBy(() -> RagPipeline.builder().pipelineFor("zh", null)).isInstanceOf(NullPointerException.class);
    }
}
