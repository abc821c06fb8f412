package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.testing.HostilePdfs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged command as a process: secrets from the environment, the temporary folder, what is left behind. */
class HostileProcessIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final String KEY = "sk-proj-Q7x9LmN2pR4tV6wY8zA1bC3d";

    @TempDir
    Path dir;

    record Result(int status, String out, String err) {
    }

    @BeforeAll
    static void packaged() {
        assertThat(JAR).exists();
    }

    private Result run(Map<String, String> env, List<String> jvm, String... args) throws IOException, InterruptedException {
        return run(JAR, dir, 180, env, jvm, args);
    }

    /**
     * {@code java JVM -jar JAR ARGS} with {@code env} added, stdout and stderr in files of {@code dir}, waited for at
     * most {@code seconds}.
     */
    static Result run(Path jar, Path dir, int seconds, Map<String, String> env, List<String> jvm, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvm);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("DJL_CACHE_DIR", Path.of("target", "djl-cache").toAbsolutePath().toString());
        pb.environment().putAll(env);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(seconds, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void aKeyWithATrailingCarriageReturnIsRefusedNamingTheVariableOnly() throws Exception {
        Result r = run(Map.of("LLM_KEY", KEY + "\r"), List.of(), "ask", "--model", "hashing", "--docs", "../rag-examples/samples",
                "--generator", "openai", "--base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", "--api-key-env", "LLM_KEY", "Q?");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("LLM_KEY").contains("white space").doesNotContain("Q7x9").doesNotContain("sk-proj");
        Result spaces = run(Map.of("ES_PW", " " + KEY + " "), List.of(), "ask", "--model", "hashing", "--docs", "../rag-examples/samples",
                "--index", "elasticsearch", "--es-url", "http://127.0.0.1:9", "--es-user", "u", "--es-password-env", "ES_PW", "Q?");
        assertThat(spaces.err().strip().lines()).hasSize(1);
        assertThat(spaces.err()).contains("ES_PW").doesNotContain("Q7x9");
    }

    /**
     * Hostile input rows 8, 14, 15 and 16 in the packaged jar at {@code -Xmx1g}: the exit code and what reaches the
     * terminal's bytes.
     */
    @Test
    void cacheCommandsExitTwoOnAnUnusableCacheAndBidiControlsReachTheTerminalEscaped() throws Exception {
        List<String> heap = List.of("-Xmx1g");
        Path file = Files.writeString(dir.resolve("plain-file"), "x");
        Result clear = run(Map.of(), heap, "cache", "clear", "--cache", file.toString());
        assertThat(clear.status()).as(clear.err()).isEqualTo(2);
        assertThat(clear.out()).isEmpty();
        assertThat(clear.err().strip().lines()).singleElement().asString().startsWith("astrorag: error: ")
                .contains(file.toString()).endsWith("nothing was done");
        Result empty = run(Map.of(), heap, "cache", "stats", "--cache", "");
        assertThat(empty.status()).isEqualTo(2);
        assertThat(empty.err()).contains("--cache was given an empty path");
        Result budget = run(Map.of(), heap, "ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--budget", "99999999999", "Q?");
        assertThat(budget.status()).isEqualTo(2);
        assertThat(budget.err()).contains("'99999999999' is not an int");
        Path doc = Files.writeString(dir.resolve("bidi.md"), "The dome is 6.5 metres wide, says report\u202Efdp.exe\u202C.\n");
        Result bidi = run(Map.of(), heap, "ask", "--model", "hashing", "--no-cache", "--docs", doc.toString(), "How wide is the dome?");
        assertThat(bidi.status()).as(bidi.err()).isZero();
        assertThat(bidi.out()).contains("report\\u202Efdp.exe\\u202C").doesNotContain("\u202E");
    }

    @Test
    void aTemporaryFolderThatIsNotWritableIsOneLineSayingHowToSetAnother() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("tmp-is-a-file"), "x");
        Result r = run(Map.of(), List.of("-Djava.io.tmpdir=" + notAFolder), "ask", "--model", "minilm-q", "--docs", "../rag-examples/samples", "Q?");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains("the temporary folder " + notAFolder + " is not writable").contains("-Djava.io.tmpdir");
    }

    @Test
    void aRunWithAnOnnxModelLeavesNothingInTheTemporaryFolderAndNeverSweepsAnotherLibrarysFolders() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path foreign = Files.createDirectories(tmp.resolve("onnxruntime-java4242"));
        Files.write(foreign.resolve("libonnxruntime.so"), new byte[4096]);
        Path foreignModel = Files.createDirectories(tmp.resolve("ort-model4242"));
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofHours(2)));
        Files.setLastModifiedTime(foreign, old);
        Files.setLastModifiedTime(foreignModel, old);

        Result r = run(Map.of(), List.of("-Djava.io.tmpdir=" + tmp), "ask", "--model", "minilm-q", "--json", "--docs", "../rag-examples/samples",
                "How wide is the dome?");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("6.5 metres");
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).containsExactlyInAnyOrder(foreign, foreignModel);
        }
        assertThat(foreign.resolve("libonnxruntime.so")).exists();
    }

    /** A 16 MB run of '.' under -Xmx1g is chunked (was exit 1, OutOfMemoryError in the token counter). */
    @Test
    void aSixteenMegabyteRunOfDotsIsChunkedWithinAGigabyteHeap() throws Exception {
        Path dots = Files.writeString(dir.resolve("dots.txt"), ".".repeat(16 << 20));
        Result r = run(Map.of(), List.of("-Xmx1g"), "ask", "--model", "hashing", "--docs", dots.toString(), "Q?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("OutOfMemoryError");
    }

    /**
     * Crafted PDFs under -Xmx1g: a page tree claiming 2,147,483,647 pages (one real page, no text) and a page of 20 M
     * nested {@code q} operators fail with exit 2 and one line, in seconds, instead of an OutOfMemoryError.
     */
    @Test
    void craftedPdfsFailInOneLineWithinTheLoaderBudget() throws Exception {
        Path count = HostilePdfs.hugePageCount(dir.resolve("count.pdf"));
        Path saves = HostilePdfs.nestedSaves(dir.resolve("saves.pdf"), 20_000_000);
        for (Path pdf : List.of(count, saves)) {
            long t0 = System.nanoTime();
            Result r = run(Map.of(), List.of("-Xmx1g"), "ask", "--model", "hashing", "--docs", pdf.toString(), "Q?");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(r.status()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).startsWith("astrorag: error: " + pdf).doesNotContain("OutOfMemoryError");
            assertThat(seconds).as(pdf + ": " + r.err()).isLessThan(30);
        }
    }

    /**
     * A PDF PDFBox logs errors about: the command prints the library's own line (the PDF without text skipped) and
     * none of PDFBox's, unless --verbose.
     */
    @Test
    void pdfBoxKeepsQuietUnlessVerboseAndTheLibrarySaysWhatItSkipped() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("docs"));
        HostilePdfs.missingOperands(folder.resolve("odd.pdf"), "Vega is the brightest star of Lyra.");
        Path blank = HostilePdfs.missingOperands(folder.resolve("blank.pdf"), "");
        Result r = run(Map.of(), List.of(), "ask", "--model", "hashing", "--docs", folder.toString(), "Which star is brightest?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Vega");
        assertThat(r.err().strip().lines()).as(r.err()).singleElement().asString()
                .contains("skipped " + blank).contains("has no text layer");
        assertThat(r.err()).doesNotContain("ERROR").doesNotContain("too few operands");
        Result verbose = run(Map.of(), List.of(), "ask", "--model", "hashing", "--verbose", "--docs", folder.toString(),
                "Which star is brightest?");
        assertThat(verbose.status()).as(verbose.err()).isZero();
        assertThat(verbose.err()).contains("too few operands").contains("skipped " + blank);
    }
}
