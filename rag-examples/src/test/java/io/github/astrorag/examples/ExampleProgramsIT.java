package io.github.astrorag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.examples.langchain4j.LangChain4jExample;
import io.github.astrorag.examples.quickstart.QuickStart;
import io.github.astrorag.examples.springai.SpringAiExample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example programs run as a person runs them: each {@code main} in a JVM of its own, on this module's test
 * class path, with the real default pipeline (bge-small, offline). Each must answer the sample question with a
 * citation of the PDF page holding the answer, exit with status 0, and end by itself: a thread that is not a
 * daemon left running (as the Spring AI advisor's default executor leaves) would keep its JVM alive past the
 * time limit.
 */
class ExampleProgramsIT {

    private static final long TIME_LIMIT_SECONDS = 600; // a hang guard: the examples take seconds
    private static final Path MODULE = Path.of("").toAbsolutePath();

    @TempDir
    Path dir;

    record Run(int status, List<String> out, String err) {
    }

    /** Runs {@code main} in {@code workingDir} with {@code args}; fails if it is still running after the time limit. */
    private Run run(Path workingDir, Class<?> main, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("DJL_CACHE_DIR", MODULE.resolve("target").resolve("djl-cache").toString());
        Process p = pb.start();
        boolean ended = p.waitFor(TIME_LIMIT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        assertThat(ended).as(main.getSimpleName() + " did not end by itself within " + TIME_LIMIT_SECONDS
                + " s (a thread that is not a daemon still running?); it printed:\n" + Files.readString(out)).isTrue();
        return new Run(p.exitValue(), Files.readAllLines(out), Files.readString(err));
    }

    /** The answer (first line) holds the resolving power and cites [1], which names page 2 of the PDF. */
    private static void answersTheSampleQuestion(Run run) {
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).as(run.err()).isNotEmpty();
        assertThat(run.out().get(0)).contains("5000").contains("[1]");
        assertThat(run.out()).anySatisfy(line -> assertThat(line).startsWith("1. spectrograph-guide.pdf, p. 2: ").contains("5000"));
    }

    @Test
    void theQuickStartAnswersTheSampleQuestionOverTheSamplesFromTheRepositoryRootByDefault() throws Exception {
        answersTheSampleQuestion(run(MODULE.getParent(), QuickStart.class));
    }

    @Test
    void theLangChain4jExampleAnswersFromTheFolderAndQuestionItIsGiven() throws Exception {
        answersTheSampleQuestion(run(MODULE, LangChain4jExample.class,
                "samples", "What", "resolving", "power", "does", "the", "spectrograph", "reach?"));
    }

    @Test
    void theSpringAiExampleAnswersTheSampleQuestionAndItsAdvisorLeavesNoThreadRunning() throws Exception {
        answersTheSampleQuestion(run(MODULE.getParent(), SpringAiExample.class));
    }
}
