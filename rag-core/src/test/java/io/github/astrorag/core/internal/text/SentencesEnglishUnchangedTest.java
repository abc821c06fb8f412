package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * English splits exactly as it did before the sentence ends of other scripts were added: {@link Sentences#split}
 * against the splitting as it was (its end pattern, before {@code \p{Lo}} and the other scripts' marks, kept here as
 * the oracle), on every paragraph of the SQuAD articles and every section of the astronomy textbook of the evaluation
 * data ({@code shared/data}, found walking up from the module; skipped when absent: nothing of it is kept).
 */
class SentencesEnglishUnchangedTest {

    private static final Pattern OLD_END = Pattern.compile(
            "(?<=[.!?])[\"')\\]]*\\s+(?=[\\p{Lu}\\p{N}\"'(\\[])|\\n[ \\t]*\\n\\s*|\\n[ \\t]*(?=[\\p{Lu}\\p{N}#*-])");
    private static final Pattern ABBREVIATION = Pattern.compile(
            "(?i)(?:\\b(?:mr|mrs|ms|dr|prof|st|vs|etc|e\\.g|i\\.e|approx|fig|no|vol|jr|sr|inc|ltd|mt|ca)|\\b\\p{L})\\.$");

    @Test
    void everyEnglishTextOfTheEvaluationDataSplitsAsBefore() throws IOException {
        Path data = data();
        Assumptions.assumeTrue(data != null, "no shared/data");
        List<Path> files;
        try (Stream<Path> walk = Stream.concat(Files.walk(data.resolve("squad2-articles")),
                Files.walk(data.resolve("astronomy-2e")))) {
            files = walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".txt")
                    || p.toString().endsWith(".md")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(500);
        long sentences = 0;
        for (Path f : files) {
            String text = read(f);
            List<Sentences.Span> now = Sentences.split(text);
            assertThat(now).as(f.toString()).isEqualTo(oldSplit(text));
            sentences += now.size();
        }
        assertThat(sentences).isGreaterThan(20_000);
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The splitting as it was, step for step. */
    private static List<Sentences.Span> oldSplit(String text) {
        List<Sentences.Span> out = new ArrayList<>();
        Matcher m = OLD_END.matcher(text);
        int from = 0;
        while (m.find()) {
            if (!m.group().contains("\n")) {
                int start = Math.max(from, m.start() - 16);
                if (ABBREVIATION.matcher(text).region(start, m.start()).useTransparentBounds(start > from).find()) {
                    continue;
                }
            }
            boolean afterEnd = m.start() > 0 && ".!?\"')]".indexOf(text.charAt(m.start() - 1)) >= 0;
            if (!afterEnd && m.group().indexOf('\n') == m.group().lastIndexOf('\n') && !shortLine(text, m.start())) {
                continue;
            }
            add(text, from, m.start(), out);
            from = m.end();
        }
        add(text, from, text.length(), out);
        return out;
    }

    private static boolean shortLine(String text, int lineEnd) {
        int lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
        String line = text.substring(lineStart, lineEnd).strip();
        return line.length() < 40 && !line.isEmpty() && ",;:-".indexOf(line.charAt(line.length() - 1)) < 0;
    }

    private static void add(String text, int start, int end, List<Sentences.Span> out) {
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        if (start < end) {
            out.add(new Sentences.Span(text.substring(start, end), start, end));
        }
    }

    private static Path data() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path p = d.resolve("shared").resolve("data");
            if (Files.isDirectory(p.resolve("squad2-articles")) && Files.isDirectory(p.resolve("astronomy-2e"))) {
                return p;
            }
        }
        return null;
    }
}
