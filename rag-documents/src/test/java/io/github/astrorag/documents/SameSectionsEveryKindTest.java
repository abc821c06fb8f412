package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three sections of chapter 1 of the textbook (the evaluation data, at {@code ../shared/data/astronomy-2e}, read only
 * when present: the test is skipped otherwise, and nothing of the book is kept) as Markdown, as HTML and as DOCX
 * (both written here from the Markdown): the same question gets the same answer sentence and a citation of the same
 * section from each.
 */
class SameSectionsEveryKindTest {

    /** The book: {@code -Dastrorag.data}/astronomy-2e, else the first {@code shared/data/astronomy-2e} walking up. */
    private static final Path BOOK = book();
    private static final List<String> SECTIONS = List.of("01-01-the-nature-of-astronomy.md",
            "01-02-the-nature-of-science.md", "01-03-the-laws-of-nature.md");

    @TempDir
    Path dir;

    @Test
    void markdownHtmlAndDocxAnswerAlike() throws IOException {
        assumeTrue(Files.isDirectory(BOOK), "the textbook is not at " + BOOK.toAbsolutePath());
        List<String> answers = new ArrayList<>();
        List<String> sections = new ArrayList<>();
        for (String kind : List.of("md", "html", "docx")) {
            Path folder = Files.createDirectories(dir.resolve(kind));
            for (String name : SECTIONS) {
                String markdown = Files.readString(BOOK.resolve(name));
                String base = name.substring(0, name.length() - 3);
                switch (kind) {
                    case "md" -> Files.writeString(folder.resolve(name), markdown);
                    case "html" -> Files.writeString(folder.resolve(base + ".html"), html(markdown));
                    default -> Fixtures.docx(folder.resolve(base + ".docx"), markdown);
                }
            }
            RagPipeline rag = RagPipeline.builder().embedder(new HashingEmbedder())
                    .loader(FileSystemDocumentLoader.builder().loaders(PartRegistry.installed().loaders()).build()).build();
            try (RagInstance instance = rag.open(List.of(folder))) {
                Answer a = instance.ask("What is the scientific method?");
                assertThat(a.citations()).as(kind).isNotEmpty();
                Citation c = a.citations().get(0);
                answers.add(a.text().replaceAll("\\s*\\[\\d+]", "").strip());
                sections.add(c.source().substring(0, c.source().lastIndexOf('.')));
            }
        }
        assertThat(answers.get(1)).isEqualTo(answers.get(0));
        assertThat(answers.get(2)).isEqualTo(answers.get(0));
        assertThat(sections).containsOnly(sections.get(0));
    }

    private static Path book() {
        String data = System.getProperty("astrorag.data");
        if (data != null) {
            return Path.of(data, "astronomy-2e");
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path p = d.resolve("shared").resolve("data").resolve("astronomy-2e");
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return Path.of("astronomy-2e-not-found");
    }

    /** The Markdown as HTML: {@code #} lines as headings, other lines as paragraphs (escaped). */
    static String html(String markdown) {
        StringBuilder b = new StringBuilder("<html><head><meta charset=\"utf-8\"></head><body>");
        for (String line : markdown.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String text = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
            int level = 0;
            while (level < line.length() && line.charAt(level) == '#') {
                level++;
            }
            if (level > 0 && level < line.length() && line.charAt(level) == ' ') {
                b.append("<h").append(level).append('>').append(text.substring(level + 1)).append("</h").append(level).append('>');
            } else {
                b.append("<p>").append(text).append("</p>");
            }
        }
        return b.append("</body></html>").toString();
    }
}
