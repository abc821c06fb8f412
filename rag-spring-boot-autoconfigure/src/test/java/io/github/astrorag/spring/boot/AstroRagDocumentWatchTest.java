package io.github.astrorag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Issue 33, row 6 (its option): {@code astrorag.loading.watch=true} adds, replaces and removes documents on the open
 * instance when the files of {@code astrorag.docs} change. The model-free embedder; the checks are called directly
 * ({@link AstroRagDocumentWatch#checkNow()}) except in the test of the timer. Run by both starters.
 */
class AstroRagDocumentWatchTest {

    @TempDir
    Path dir;

    private ApplicationContextRunner runner(String... more) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AstroRagAutoConfiguration.class))
                .withPropertyValues("astrorag.embedder.model=hashing", "astrorag.docs=" + dir, "astrorag.loading.watch=true",
                        "astrorag.loading.watch-interval=1h")
                .withPropertyValues(more);
    }

    private static List<String> ids(RagInstance instance) {
        return instance.documents().stream().map(Document::id).sorted().toList();
    }

    @Test
    void aChangedFileIsReplacedANewOneAddedAVanishedOneRemoved() throws Exception {
        Files.writeString(dir.resolve("mars.txt"), "Mars has two small moons, Phobos and Deimos.");
        Files.writeString(dir.resolve("comets.txt"), "Comets are icy bodies. Halley's Comet returns every 76 years.");
        runner().run(context -> {
            assertThat(context).hasNotFailed();
            RagInstance instance = context.getBean(RagInstance.class);
            AstroRagDocumentWatch watch = context.getBean(AstroRagDocumentWatch.class);
            assertThat(watch.checkNow().isEmpty()).as("nothing changed since the start").isTrue();

            Files.writeString(dir.resolve("mars.txt"), "Mars has two small moons, Phobos and Deimos, and a thin atmosphere.");
            Files.createDirectories(dir.resolve("moons"));
            Files.writeString(dir.resolve("moons/io.txt"), "Io is the most volcanically active body in the Solar System.");
            Files.delete(dir.resolve("comets.txt"));
            AstroRagDocumentWatch.Changes changes = watch.checkNow();
            assertThat(changes.added()).containsExactly("moons/io.txt");
            assertThat(changes.replaced()).containsExactly("mars.txt");
            assertThat(changes.removed()).containsExactly("comets.txt");
            assertThat(ids(instance)).containsExactly("mars.txt", "moons/io.txt");
            assertThat(instance.chunkCount()).isEqualTo(2);

            Answer io = instance.ask("Which body is the most volcanically active?");
            assertThat(io.citations()).first().satisfies(c -> assertThat(c.source()).isEqualTo("moons/io.txt"));
            Answer mars = instance.ask("What does Mars have besides two small moons?");
            assertThat(mars.citations()).first().satisfies(c -> assertThat(c.quote()).contains("thin atmosphere"));
            assertThat(instance.ask("How often does Halley's Comet return?").citations())
                    .noneMatch(c -> c.source().equals("comets.txt"));
            assertThat(watch.checkNow().isEmpty()).isTrue();
        });
    }

    @Test
    void theTimerAppliesAChangeByItself() throws Exception {
        Files.writeString(dir.resolve("mars.txt"), "Mars has two small moons, Phobos and Deimos.");
        runner("astrorag.loading.watch-interval=100ms").run(context -> {
            RagInstance instance = context.getBean(RagInstance.class);
            Files.writeString(dir.resolve("venus.txt"), "Venus turns backwards, once in 243 days.");
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (ids(instance).size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(ids(instance)).containsExactly("mars.txt", "venus.txt");
        });
    }

    @Test
    void afterABackgroundLoadTheWatchStartsFromWhatWasLoaded() throws Exception {
        Files.writeString(dir.resolve("mars.txt"), "Mars has two small moons, Phobos and Deimos.");
        runner("astrorag.loading.background=true").run(context -> {
            assertThat(context.getBean(AstroRagLoading.class).await(Duration.ofSeconds(60)).state())
                    .isEqualTo(AstroRagLoading.State.LOADED);
            AstroRagDocumentWatch watch = context.getBean(AstroRagDocumentWatch.class);
            assertThat(watch.checkNow().isEmpty()).isTrue();
            assertThat(ids(context.getBean(RagInstance.class))).containsExactly("mars.txt");
        });
    }

    @Test
    void classpathDocumentsAndATooShortIntervalFailTheStartNamingTheProperty() throws Exception {
        Files.writeString(dir.resolve("mars.txt"), "Mars has two small moons, Phobos and Deimos.");
        runner("astrorag.docs=classpath:astrorag-docs/**/*.md").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context).getFailure().rootCause().isInstanceOf(AstroRagPropertyException.class)
                    .hasMessageContaining("astrorag.docs").hasMessageContaining("never change");
        });
        runner("astrorag.loading.watch-interval=10ms").run(context -> {
            assertThat(context).hasFailed();
            assertThat(context).getFailure().rootCause().isInstanceOf(AstroRagPropertyException.class)
                    .hasMessageContaining("astrorag.loading.watch-interval").hasMessageContaining("10ms");
        });
    }
}
