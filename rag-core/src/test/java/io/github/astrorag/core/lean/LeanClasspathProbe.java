package io.github.astrorag.core.lean;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.generate.OpenAiCompatibleGenerator;
import io.github.astrorag.core.embed.HashingEmbedder;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Run by {@link LeanClasspathTest} in a JVM whose class path holds rag-core and its required dependencies
 * only: asks a question over a Markdown file, writes the trace as JSON, builds an HTTP generator, and tries
 * a PDF, alone and in a folder beside the Markdown file. Prints one line per step.
 */
public final class LeanClasspathProbe {

    private LeanClasspathProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Path notes = Files.writeString(dir.resolve("notes.md"),
                "# Mars\n\nMars has two small moons, Phobos and Deimos.\n\n# Venus\n\nVenus has no moon.\n");
        try (RagInstance instance = RagPipeline.builder().embedder(new HashingEmbedder()).build()
                .openDocuments(FileSystemDocumentLoader.defaults().loadAll(List.of(notes)))) {
            Answer answer = instance.ask("How many moons does Mars have?");
            System.out.println("answer: " + answer.text().replace('\n', ' '));
            System.out.println("citation: " + answer.citations().get(0).chunkId());
            System.out.println("json: " + answer.trace().toJson().contains("\"stages\" : ["));
        }
        System.out.println("generator: " + OpenAiCompatibleGenerator.builder().baseUrl("http://127.0.0.1:9/v1")
                .model("m").build().describe().get("model"));
        Path pdf = Files.writeString(dir.resolve("paper.pdf"), "%PDF-1.4\n");
        try {
            FileSystemDocumentLoader.defaults().loadAll(List.of(pdf));
            System.out.println("pdf: loaded");
        } catch (DocumentException.Unsupported e) {
            System.out.println("pdf: " + e.getMessage());
        }
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Files.copy(notes, folder.resolve("notes.md"));
        Files.copy(pdf, folder.resolve("paper.pdf"));
        try (RagInstance instance = RagPipeline.builder().embedder(new HashingEmbedder()).build().open(List.of(folder))) {
            System.out.println("folder: " + instance.documents().stream().map(Document::id).toList() + " skipped "
                    + instance.ingestStages().get(0).details().get("skipped"));
        }
    }
}
