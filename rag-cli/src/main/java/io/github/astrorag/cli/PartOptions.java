package io.github.astrorag.cli;

import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Reranker;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options that replace one part of a preset by name, shared by {@code ask}, {@code mcp} and {@code eval}: any
 * retriever, reranker or selector of the {@linkplain PartRegistry registry of parts}, with its settings
 * ({@code name[:key=value,...]}). An option that names the part the preset already uses keeps the preset's settings
 * and lays its own over them ({@code --preset default --retriever weighted} keeps the default's BM25 weight 0.5); one
 * that names another part replaces the preset's.
 */
public final class PartOptions {

    @Option(names = "--retriever", paramLabel = "PART",
            description = "First-stage retrieval, a retriever by name with its settings (name[:key=value,...]): "
                    + "${COMPLETION-CANDIDATES} (settings: 'astrorag parts'). Naming the preset's own retriever keeps "
                    + "its settings. Default: the preset's.", completionCandidates = Names.Retrievers.class)
    String retriever;

    @Option(names = "--reranker", paramLabel = "PART",
            description = "Re-score the candidates before selection: ${COMPLETION-CANDIDATES}; repeat for several, "
                    + "in order. Replaces the preset's rerankers. Default: the preset's.",
            completionCandidates = Names.Rerankers.class)
    List<String> rerankers = new ArrayList<>();

    @Option(names = "--selector", paramLabel = "PART",
            description = "Choose the context within the budget: ${COMPLETION-CANDIDATES}. Default: the preset's.",
            completionCandidates = Names.Selectors.class)
    String selector;

    @Option(names = "--analyzer", paramLabel = "PART",
            description = "The terms that BM25, the coverage selectors and scorers and the extractive answer compare, an "
                    + "analyzer by name with its settings: ${COMPLETION-CANDIDATES} (rag-analysis adds the languages and "
                    + "auto). Default: auto:spaceless=english when rag-analysis is on the class path, as in this jar (per "
                    + "text, Lucene's analyzer of its script's language; Latin, Thai, Han, kana and Hangul text as "
                    + "english), else english.", completionCandidates = Names.Analyzers.class)
    String analyzer;


    /**
     * Whether any option is given.
     *
     * @return true if a retriever, reranker, selector or analyzer is named
     */
    boolean any() {
        return retriever != null || !rerankers.isEmpty() || selector != null || analyzer != null;
    }

    /**
     * {@code context} with the analyzer of {@code --analyzer}, made now.
     *
     * @param context the registry and the pipeline's embedder
     * @return {@code context} if no analyzer is named (its analyzer is the registry's default: with rag-analysis
     *     {@code auto:spaceless=english}, else english), else a copy whose parts compare that analyzer's terms
     */
    PartContext analyzed(PartContext context) {
        return analyzer == null ? context : context.with(context.registry().create(Role.ANALYZER, analyzer, context));
    }

    /**
     * Checks every named part and its settings against the registry, without making them.
     *
     * @param parts the registry
     * @throws IllegalArgumentException naming the option and what exists
     */
    void check(PartRegistry parts) {
        check(parts, Role.RETRIEVER, "--retriever", retriever);
        rerankers.forEach(r -> check(parts, Role.RERANKER, "--reranker", r));
        check(parts, Role.SELECTOR, "--selector", selector);
        check(parts, Role.ANALYZER, "--analyzer", analyzer);
    }

    private static void check(PartRegistry parts, Role<?> role, String option, String spec) {
        if (spec != null) {
            try {
                parts.check(role, parts.parse(role, spec));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Lays the named parts over {@code b}, a builder of {@code preset}.
     *
     * @param b       the preset's builder
     * @param preset  the preset, for the parts it names
     * @param context the registry, the pipeline's embedder and analyzer ({@link #analyzed})
     * @return {@code b}
     */
    RagPipeline.Builder apply(RagPipeline.Builder b, PipelinePreset preset, PartContext context) {
        PartRegistry parts = context.registry();
        if (analyzer != null) {
            b.analyzer(context.analyzer());
        }
        if (retriever != null) {
            b.retriever(parts.create(Role.RETRIEVER, preset.over(Role.RETRIEVER, PartSpec.parse(retriever)), context));
        }
        if (!rerankers.isEmpty()) {
            List<Reranker> made = new ArrayList<>();
            for (String r : rerankers) {
                made.add(parts.create(Role.RERANKER, preset.over(Role.RERANKER, PartSpec.parse(r)), context));
            }
            b.rerankers(made);
        }
        if (selector != null) {
            b.selector(parts.create(Role.SELECTOR, preset.over(Role.SELECTOR, PartSpec.parse(selector)), context));
        }
        return b;
    }
}
