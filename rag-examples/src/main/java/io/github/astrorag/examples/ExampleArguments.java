package io.github.astrorag.examples;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * The arguments every example program takes, both optional: {@code [docs-folder [question...]]}. The folder
 * defaults to {@value #DEFAULT_DOCS} (the sample documents, relative to the repository's root, where the
 * README's commands run), the question to {@value #DEFAULT_QUESTION}; the words after the folder are the
 * question, so it needs no quotes.
 *
 * @param docs     the folder (or file) to answer from
 * @param question the question
 */
public record ExampleArguments(Path docs, String question) {

    /** The sample documents, relative to the repository's root. */
    public static final String DEFAULT_DOCS = "rag-examples/samples";

    /** The sample question (its answer is on page 2 of {@code spectrograph-guide.pdf}). */
    public static final String DEFAULT_QUESTION = "What resolving power does the spectrograph reach?";

    /**
     * The arguments of {@code args}, defaults for those not given.
     *
     * @param args a program's arguments: none, a folder, or a folder and the question's words
     * @return the folder and the question
     */
    public static ExampleArguments of(String... args) {
        Path docs = Path.of(args.length > 0 ? args[0] : DEFAULT_DOCS);
        String question = args.length > 1 ? String.join(" ", Arrays.asList(args).subList(1, args.length)) : DEFAULT_QUESTION;
        return new ExampleArguments(docs, question);
    }
}
