package io.github.astrorag.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile data files (issue 34, rows 2, 3, 14 and 15): every refusal names the file and the line. */
class EvalDatasetTest {

    @TempDir
    Path dir;

    private static String line(String id, String text) {
        return "{\"id\":\"" + id + "\",\"type\":\"open\",\"question\":\"q\",\"documents\":[{\"id\":\"d\",\"text\":\"" + text + "\"}]}";
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines));
    }

    /** Row 2: a line over the cap is refused naming its number, from a pass that holds no line. */
    @Test
    void aLineOverTheCapIsRefusedNamingItsNumber() throws IOException {
        String ok = line("a", "x".repeat(100));
        Path file = write("long.jsonl", ok, ok.replace("\"a\"", "\"b\"") + " ".repeat(50));
        assertThat(EvalDataset.read(file, 0, ok.length() + 50, 1000, 2000)).hasSize(2);
        assertThatThrownBy(() -> EvalDataset.read(file, 0, ok.length() + 49, 1000, 2000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " line 2 is longer than " + String.format("%,d", ok.length() + 49) + " characters; nothing was read");
        assertThat(EvalDataset.MAX_LINE_CHARS).isEqualTo(144 * 1024 * 1024);
    }

    /** Row 3: inline documents are held to the loader's limits, one document and all of an instance's. */
    @Test
    void inlineDocumentsAreHeldToTheLoadersLimits() throws IOException {
        String two = "{\"id\":\"a\",\"type\":\"open\",\"question\":\"q\",\"documents\":[{\"id\":\"d1\",\"text\":\"" + "x".repeat(60)
                + "\"},{\"id\":\"d2\",\"text\":\"" + "y".repeat(60) + "\"}]}";
        Path file = write("docs.jsonl", two);
        assertThat(EvalDataset.read(file, 0, 1000, 60, 120).get(0).documents()).hasSize(2);
        assertThatThrownBy(() -> EvalDataset.read(file, 0, 1000, 59, 120))
                .hasMessage(file + " line 1 is not a valid instance: document 'd1' holds 60 characters, over the limit of 59 per document");
        assertThatThrownBy(() -> EvalDataset.read(file, 0, 1000, 60, 119))
                .hasMessage(file + " line 1 is not a valid instance: the documents hold over 119 characters, the limit of one instance");
        assertThat(EvalDataset.MAX_DOCUMENT_CHARS).isEqualTo(64L * 1024 * 1024);
        assertThat(EvalDataset.MAX_INLINE_CHARS).isEqualTo(128L * 1024 * 1024);
    }

    /** Row 14: a corpus must lie inside the data file's folder. */
    @Test
    void aCorpusOutsideTheDataFilesFolderIsRefused() throws IOException {
        Path data = Files.createDirectory(dir.resolve("data"));
        String inside = "{\"id\":\"a\",\"type\":\"extractive\",\"question\":\"q\",\"corpus\":\"books/../books\"}";
        assertThat(EvalDataset.read(Files.write(data.resolve("in.jsonl"), List.of(inside)), 0).get(0).corpus())
                .isEqualTo(data.resolve("books").toAbsolutePath());
        for (String corpus : List.of("/etc", "../../../tmp/x", "books/../../secret")) {
            Path file = Files.write(data.resolve("out.jsonl"), List.of(inside.replace("books/../books", corpus)));
            assertThatThrownBy(() -> EvalDataset.read(file, 0)).as(corpus)
                    .hasMessageStartingWith(file + " line 1 is not a valid instance: corpus '" + corpus
                            + "' is not a folder inside the data file's folder");
        }
    }

    /** Row 15: an unknown type and fields of the wrong JSON type are refused with the line; a byte-order mark is skipped. */
    @Test
    void unknownTypesAndWrongFieldTypesAreRefusedAndAByteOrderMarkIsSkipped() throws IOException {
        String good = line("a", "t");
        Path bom = dir.resolve("bom.jsonl");
        Files.write(bom, ("\uFEFF" + good + "\n").getBytes(StandardCharsets.UTF_8));
        assertThat(EvalDataset.read(bom, 0)).extracting(EvalQuestion::id).containsExactly("a");
        List<String[]> bad = List.of(
                new String[] {good.replace("\"open\"", "\"bogus\""), "unknown type 'bogus'; types are claim, extractive, judgment"},
                new String[] {good.replace("\"question\"", "\"answers\":\"76 years\",\"question\""), "field 'answers' must be an array, was string"},
                new String[] {good.replace("\"question\"", "\"answers\":[76],\"question\""), "field 'answers' must be an array of strings"},
                new String[] {good.replace("\"question\"", "\"supporting\":\"d\",\"question\""), "field 'supporting' must be an array, was string"},
                new String[] {good.replace("\"question\"", "\"options\":[\"x\"],\"question\""), "field 'options' must be an object of strings"},
                new String[] {good.replace("\"id\":\"a\"", "\"id\":7"), "field 'id' must be a string, was number"},
                new String[] {good.replace("\"q\"", "{\"x\":1}"), "field 'question' must be a string, was object"},
                new String[] {"[1,2]", "not a JSON object"});
        for (String[] b : bad) {
            Path file = write("bad.jsonl", good, b[0]);
            assertThatThrownBy(() -> EvalDataset.read(file, 0)).as(b[0]).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(file + " line 2 is not a valid instance: " + b[1]);
        }
    }
}
