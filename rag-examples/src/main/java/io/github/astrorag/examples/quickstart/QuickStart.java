package io.github.astrorag.examples.quickstart;

import io.github.astrorag.core.model.Answer;
import io.github.astrorag.core.pipeline.RagInstance;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.examples.ExampleArguments;
import io.github.astrorag.presets.AstroRag;
import java.util.List;

/**
 * The README's quick start as a program: the default pipeline ({@link AstroRag#recommended()}: the in-process
 * bge-small model, offline) answers one question over a folder of documents, within its token budget, and
 * prints the answer and its citations. Arguments: {@code [docs-folder [question...]]} (see
 * {@link ExampleArguments}). The build runs it ({@code ExampleProgramsIT}).
 */
public final class QuickStart {

    private QuickStart() {
    }

    /**
     * Answers the question and prints the answer, then one line per citation.
     *
     * @param args {@code [docs-folder [question...]]}
     */
    public static void main(String[] args) {
        ExampleArguments in = ExampleArguments.of(args);
        try (RagPipeline rag = AstroRag.recommended();                    // the default pipeline, offline
             RagInstance instance = rag.open(List.of(in.docs()))) {       // an ephemeral index of its own
            Answer answer = instance.ask(in.question());                  // within 1800 tokens, cited
            System.out.println(answer.text());
            answer.citations().forEach(c -> System.out.println(c.number() + ". " + c.location() + ": " + c.quote()));
        }                                                                 // the index is deleted, the model freed
    }
}
