package io.github.astrorag.core.part;

import java.util.List;

/**
 * Contributes parts by name: the service interface a jar implements to add retrievers, rerankers, selectors, scorers,
 * generators, embedders, loaders or presets. Name the implementing class in
 * {@code META-INF/services/io.github.astrorag.core.part.PartProvider}; {@link PartRegistry#installed()} finds it with
 * the JDK's {@link java.util.ServiceLoader}, so the parts are usable from the command line ({@code --reranker NAME}),
 * the evaluation and the Spring Boot properties with no change to this library.
 *
 * <p>Contract: a public class with a public no-argument constructor; {@link #parts()} returns the same definitions
 * every call, with names unique within each role across every installed provider (a clash fails the registry's
 * loading, naming both providers). Making the definitions must be cheap: no model is loaded, no file read, until a
 * part's factory runs.
 */
public interface PartProvider {

    /**
     * The parts this jar contributes.
     *
     * @return their definitions
     */
    List<Part<?>> parts();

    /**
     * The analyzer every {@link PartContext} starts with while this jar is installed, as a spec of an analyzer part it
     * contributes ({@code name[:key=value,...]}), or empty to leave the default ({@code english}). At most one
     * installed provider may declare one (two fail the registry's loading, naming both). rag-analysis declares
     * {@code auto:spaceless=english}, so that adding it analyses Arabic, Hindi, Russian, ... by Lucene wherever no
     * analyzer is named.
     *
     * @return the spec, or empty; the default implementation returns empty
     */
    default java.util.Optional<String> defaultAnalyzer() {
        return java.util.Optional.empty();
    }
}
