package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows of the third hostile-input round (issue 34) that reach the command line, on the packaged jar in a
 * subprocess under {@code -Xmx1g} (row 2 under a smaller heap, see there). The jar is {@code target/astrorag.jar}, or
 * the one the system property {@code astrorag.jar} names (to run these against an older build).
 */
class HostileThirdRoundIT {

    private static final Path JAR = Path.of(System.getProperty("astrorag.jar", "target/astrorag.jar"));
    private static final List<String> HEAP = List.of("-Xmx1g");

    @TempDir
    Path dir;

    record Result(int status, String out, String err) {
        String oneLineError() {
            assertThat(status).as(err).isEqualTo(2);
            assertThat(err.strip().lines()).as(err).hasSize(1);
            assertThat(err).startsWith("astrorag: error: ").doesNotContain("OutOfMemoryError").doesNotContain("Exception:");
            return err.strip();
        }
    }

    @BeforeAll
    static void packaged() {
        assertThat(JAR).exists();
    }

    private Result run(List<String> jvm, String... args) throws IOException, InterruptedException {
        HostileProcessIT.Result r = HostileProcessIT.run(JAR, dir, java.util.Map.of(), jvm, args);
        return new Result(r.status(), r.out(), r.err());
    }

    private Result eval(List<String> jvm, Path data) throws IOException, InterruptedException {
        return run(jvm, "eval", "--data", data.toString(), "--model", "hashing", "--pipelines", "naive", "--no-progress",
                "--out", dir.resolve("report").toString());
    }

    /**
     * Row 2: a line one character over {@link io.github.astrorag.eval.EvalDataset#MAX_LINE_CHARS} is refused in one
     * line naming its number, holding no line. Under {@code -Xmx256m}: at 1 GiB the old reader still held a 151 MB line
     * (the 367 MB one did not fit), at 256 MiB it does not, while the new first pass holds 64 Ki characters.
     */
    @Test
    void row2ALineOverTheCapIsRefusedNamingItsNumber() throws Exception {
        Path data = dir.resolve("long.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(data, StandardCharsets.UTF_8)) {
            w.write("{\"id\":\"a\",\"type\":\"open\",\"question\":\"q\",\"documents\":[{\"id\":\"d\",\"text\":\"t\"}]}\n");
            String head = "{\"id\":\"b\",\"type\":\"open\",\"question\":\"";
            w.write(head);
            char[] block = new char[1 << 20];
            java.util.Arrays.fill(block, 'x');
            long left = 144L * 1024 * 1024 + 1 - head.length();
            while (left > 0) {
                int n = (int) Math.min(block.length, left);
                w.write(block, 0, n);
                left -= n;
            }
            w.write("\"}\n");
        }
        Result r = eval(List.of("-Xmx256m"), data);
        assertThat(r.oneLineError()).isEqualTo("astrorag: error: " + data + " line 2 is longer than 150,994,944 characters; nothing was read");
    }

    /** Row 3: inline documents of one instance over 128 Mi characters (8 of 17 M) are refused, as files would be. */
    @Test
    void row3InlineDocumentsOverThePerCallLimitAreRefused() throws Exception {
        Path data = dir.resolve("docs.jsonl");
        String text = "word ".repeat(17_000_000 / 5);
        try (BufferedWriter w = Files.newBufferedWriter(data, StandardCharsets.UTF_8)) {
            w.write("{\"id\":\"a\",\"type\":\"open\",\"question\":\"q\",\"documents\":[");
            for (int i = 0; i < 8; i++) {
                w.write((i > 0 ? "," : "") + "{\"id\":\"d" + i + "\",\"text\":\"");
                w.write(text);
                w.write("\"}");
            }
            w.write("]}\n");
        }
        Result r = eval(HEAP, data);
        assertThat(r.oneLineError()).isEqualTo("astrorag: error: " + data
                + " line 1 is not a valid instance: the documents hold over 134,217,728 characters, the limit of one instance");
    }

    /** Row 14: a corpus outside the data file's folder is refused; nothing of it reaches the report. */
    @Test
    void row14ACorpusOutsideTheDataFolderIsRefused() throws Exception {
        Path secret = Files.createDirectories(dir.resolve("secret"));
        Files.writeString(secret.resolve("key.txt"), "The launch code is 0000. It opens the vault door.\n");
        Path data = Files.createDirectories(dir.resolve("data"));
        for (String corpus : List.of(secret.toString(), "../secret")) {
            Path file = Files.writeString(data.resolve("q.jsonl"), "{\"id\":\"a\",\"type\":\"extractive\",\"question\":"
                    + "\"What is the launch code?\",\"corpus\":\"" + corpus + "\",\"answers\":[\"0000\"]}\n");
            Result r = eval(HEAP, file);
            assertThat(r.oneLineError()).as(corpus).contains(file + " line 1 is not a valid instance: corpus '" + corpus
                    + "' is not a folder inside the data file's folder");
            assertThat(dir.resolve("report")).doesNotExist();
        }
    }

    /** Row 15: an unknown type and a string where an array belongs are refused with the line; a byte-order mark is skipped. */
    @Test
    void row15BadTypesAreRefusedAndAByteOrderMarkIsSkipped() throws Exception {
        String good = "{\"id\":\"a\",\"type\":\"open\",\"question\":\"How wide is the dome?\",\"answers\":[\"6.5 metres\"],"
                + "\"documents\":[{\"id\":\"d\",\"text\":\"The dome is 6.5 metres wide.\"}]}";
        Path bogus = Files.writeString(dir.resolve("bogus.jsonl"), good + "\n" + good.replace("\"a\"", "\"b\"").replace("open", "bogus") + "\n");
        assertThat(eval(HEAP, bogus).oneLineError()).contains(bogus + " line 2 is not a valid instance: unknown type 'bogus'");
        Path string = Files.writeString(dir.resolve("string.jsonl"), good.replace("[\"6.5 metres\"]", "\"76 years\"") + "\n");
        assertThat(eval(HEAP, string).oneLineError()).contains(string + " line 1 is not a valid instance: field 'answers' must be an array, was string");
        Path bom = dir.resolve("bom.jsonl");
        Files.write(bom, ("\uFEFF" + good + "\n").getBytes(StandardCharsets.UTF_8));
        Result r = eval(HEAP, bom);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(dir.resolve("report").resolve("instances.jsonl")).exists();
    }

    /** Row 17: {@code agent train --out} an existing folder fails before the grid search (no progress line, no work). */
    @Test
    void row17AgentTrainIntoAFolderFailsBeforeTheWork() throws Exception {
        String line = "{\"id\":\"%s\",\"type\":\"multi-hop\",\"question\":\"%s\",\"answers\":[\"x\"],\"supporting\":[\"d1\"],"
                + "\"documents\":[{\"id\":\"d1\",\"text\":\"The red giant Betelgeuse lies in Orion.\"},"
                + "{\"id\":\"d2\",\"text\":\"The planet Mars has two small moons.\"}]}\n";
        Path data = Files.writeString(dir.resolve("train.jsonl"), String.format(line, "q1", "Where is Betelgeuse?")
                + String.format(line, "q2", "How many moons has Mars?"));
        Path folder = Files.createDirectories(dir.resolve("existing"));
        Result r = run(HEAP, "agent", "train", "--data", data.toString(), "--model", "hashing", "--out", folder.toString());
        assertThat(r.oneLineError()).isEqualTo("astrorag: error: the model file " + folder + " is a folder; give the path of a file to write");
    }

    /** Row 18: a control character in a --filter value is shown escaped, so the warning does not contradict itself. */
    @Test
    void row18AControlCharacterInAFilterIsShownEscaped() throws Exception {
        Result r = run(HEAP, "ask", "--model", "hashing", "--no-cache", "--docs", "../rag-examples/samples", "--filter",
                "type=t\u0001xt", "How wide is the slit?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err().strip()).isEqualTo("astrorag: warning: --filter type=t\\u0001xt matches no chunk; type has: md, pdf, txt");
    }

    /** Row 11: a cache file that is a symbolic link to a file elsewhere is never written through: one warning, answered uncached. */
    @Test
    void row11ACacheFileThatIsASymbolicLinkIsNeverWrittenThrough() throws Exception {
        Path outside = Files.createFile(Files.createDirectories(dir.resolve("outside")).resolve("victim"));
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Files.createSymbolicLink(cache.resolve("embeddings.sqlite"), outside);
        Result r = run(HEAP, "ask", "--model", "hashing", "--cache", cache.toString(), "--docs", "../rag-examples/samples",
                "How wide is the slit?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err().strip().lines()).as(r.err()).singleElement().asString()
                .contains("is a symbolic link, which the cache never writes through");
        assertThat(outside).isEmptyFile();
    }

    /** Row 12: two hard links to one file are one document: the JSON context holds it once. */
    @Test
    void row12TwoHardLinksToOneFileAreOneDocument() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("linked"));
        Path a = Files.writeString(folder.resolve("a.txt"), "The dome of the observatory is 6.5 metres wide.\n");
        Files.createLink(folder.resolve("b.txt"), a);
        Result r = run(HEAP, "ask", "--model", "hashing", "--no-cache", "--json", "--docs", folder.toString(), "How wide is the dome?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("a.txt").doesNotContain("b.txt");
    }
}
