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
import java.util.Set;
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
        return run(JAR, dir, List.of(), env, Set.of(), jvm, args);
    }

    /** {@code java JVM -jar JAR ARGS} with {@code env} added, stdout and stderr in files of {@code dir}. */
    static Result run(Path jar, Path dir, Map<String, String> env, List<String> jvm, String... args)
            throws IOException, InterruptedException {
        return run(jar, dir, List.of(), env, Set.of(), jvm, args);
    }

    /**
     * The jar run by {@code launcher} (such as {@code setpriv …}), with {@code env} set and {@code unset} removed, stdout
     * and stderr in files of {@code dir}; a hang guard of 10 minutes.
     */
    static Result run(Path jar, Path dir, List<String> launcher, Map<String, String> env, Set<String> unset, List<String> jvm,
                      String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(launcher);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvm);
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("DJL_CACHE_DIR", Path.of("target", "djl-cache").toAbsolutePath().toString());
        pb.environment().putAll(env);
        pb.environment().keySet().removeAll(unset);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue(); // a hang guard
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
     * nested {@code q} operators fail with exit 2 and one line (in seconds on a quiet machine), not an OutOfMemoryError. The work
     * is bounded in CPU time by {@code HostilePdfTest}; here the time is only reported, as a busy machine stretches it.
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
            assertThat(r.err()).as("%s (%.1f s)", pdf, seconds).startsWith("astrorag: error: " + pdf).doesNotContain("OutOfMemoryError");
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

    /** A folder holding {@code good.txt} (the dome), for the rows on what a folder walk meets. */
    private Path notes() throws IOException {
        Path notes = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(notes.resolve("good.txt"), "The dome of the observatory is 6.5 metres wide.\n");
        return notes;
    }

    /**
     * Issue 34, row 6: under {@code LANG=C} (LC_ALL unset) a folder holding {@code café.txt} (its name in UTF-8): the
     * ask answers from the rest, with one warning naming the file (was exit 2, "Malformed input or input contains
     * unmappable characters").
     */
    @Test
    void aFileNameTheLocaleCannotSpellIsSkippedWithOneWarningAndTheRestAnswered() throws Exception {
        Path notes = notes();
        Process p = new ProcessBuilder("sh", "-c", "printf 'The cafe sells tea.' > \"caf$(printf '\\303\\251').txt\"")
                .directory(notes.toFile()).start();
        assertThat(p.waitFor()).isZero();
        try (Stream<Path> files = Files.list(notes)) {
            assertThat(files).hasSize(2);
        }
        Result r = run(JAR, dir, List.of(), Map.of("LANG", "C"), Set.of("LC_ALL", "LC_CTYPE", "LC_MESSAGES"), List.of("-Xmx1g"), "ask",
                "--model", "hashing", "--no-cache", "--docs", notes.toString(), "How wide is the dome?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("6.5 metres");
        assertThat(r.err().strip().lines()).as(r.err()).singleElement().asString()
                .contains("caf").contains("cannot be represented");
    }

    /**
     * Issue 34, row 7: a sub-folder its user may not list (mode 000; as root the jar runs as nobody, since root reads
     * anything) is skipped with one warning under the default policy and under {@code --unreadable skip} (was exit 2,
     * "cannot list folder …: AccessDeniedException"); under {@code --unreadable fail} the call fails in one line.
     */
    @Test
    void aSubFolderThatCannotBeListedIsSkippedWithOneWarning() throws Exception {
        Path notes = notes();
        Path secret = Files.createDirectories(notes.resolve("secret"));
        Files.writeString(secret.resolve("hidden.txt"), "The dome is 9 metres wide.\n");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        List<String> launcher = List.of();
        if ("root".equals(System.getProperty("user.name"))) {
            for (Path p = notes; p != null && p.startsWith(dir); p = p.getParent()) {
                Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            launcher = List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--");
        }
        for (String policy : List.of("skip-in-folders", "skip")) {
            Result r = run(JAR, dir, launcher, Map.of(), Set.of(), List.of("-Xmx1g"), "ask", "--model", "hashing", "--no-cache",
                    "--unreadable", policy, "--docs", notes.toString(), "How wide is the dome?");
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.out()).contains("6.5 metres").doesNotContain("9 metres");
            assertThat(r.err().strip().lines()).as(r.err()).singleElement().asString()
                    .contains("secret").contains("AccessDeniedException");
        }
        Result fail = run(JAR, dir, launcher, Map.of(), Set.of(), List.of("-Xmx1g"), "ask", "--model", "hashing", "--no-cache",
                "--unreadable", "fail", "--docs", notes.toString(), "How wide is the dome?");
        assertThat(fail.status()).isEqualTo(2);
        assertThat(fail.err().strip().lines()).singleElement().asString().contains("cannot list folder");
    }

    /**
     * Issue 34, row 9: a binary {@code .txt} whose name holds a line break, a forged error line and ANSI colours is
     * skipped with one warning line that holds no escape character (was: the name printed raw, a forged
     * {@code astrorag: error:} line and live colour codes on stderr).
     */
    @Test
    void aSkippedFileWithAHostileNameIsWarnedAboutOnOneInertLine() throws Exception {
        Path notes = notes();
        Files.write(notes.resolve("bin\nastrorag: error: forged \u001B[31mred\u001B[0m.txt"), new byte[] {0, 1, 2, 0, 'x'});
        Result r = run(Map.of(), List.of("-Xmx1g"), "ask", "--model", "hashing", "--no-cache", "--docs", notes.toString(),
                "How wide is the dome?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("6.5 metres");
        assertThat(r.err().strip().lines()).as(r.err()).singleElement().asString()
                .contains("skipped").contains("forged").doesNotContain("\u001B").doesNotStartWith("astrorag: error");
    }

    /**
     * Issue 34, row 1, at an eighth of the scale: 16 Mi characters of prose with 30,000 distinct words under
     * {@code -Xmx128m} (127 Mi characters under {@code -Xmx1g}) are loaded, indexed and asked about (was: ingest done,
     * then {@code OutOfMemoryError} in {@code Bm25Retriever.statistics} at the first question, which analysed every
     * term of every chunk at once and kept the postings boxed).
     */
    @Test
    void sixteenMebicharactersOfProseAreAnsweredWithinAnEighthOfAGigabyte() throws Exception {
        java.util.Random random = new java.util.Random(7);
        String[] syllables = {"ka", "lo", "mi", "ter", "van", "sol", "rin", "dus", "pel", "or", "ix", "an", "bre", "cor"};
        String[] words = new String[30_000];
        for (int i = 0; i < words.length; i++) {
            StringBuilder w = new StringBuilder();
            for (int k = 2 + random.nextInt(3); k > 0; k--) {
                w.append(syllables[random.nextInt(syllables.length)]);
            }
            words[i] = w.toString();
        }
        StringBuilder prose = new StringBuilder(16 << 20);
        while (prose.length() < 16 << 20) {
            for (int k = 6 + random.nextInt(12); k > 0; k--) {
                prose.append(words[random.nextInt(words.length)]).append(k == 1 ? ". " : " ");
            }
            if (random.nextInt(20) == 0) {
                prose.append("\n\n");
            }
        }
        Path big = Files.writeString(Files.createDirectories(dir.resolve("big")).resolve("prose.txt"),
                prose.substring(0, 16 << 20));
        Result r = run(Map.of(), List.of("-Xmx256m"), "ask", "--model", "hashing", "--no-cache", "--docs",
                big.getParent().toString(), "What is " + words[0] + "?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("OutOfMemoryError");
    }
}
