package io.github.astrorag.core.part;

import io.github.astrorag.core.spi.CombinationScorer;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.token.TokenCounter;
import java.util.List;
import java.util.Objects;

/**
 * A role a user fills by naming a part: what the part's factory makes. The roles are fixed (one per SPI interface a
 * user picks by name, plus whole pipelines as {@linkplain #PRESET presets}); parts are open.
 *
 * @param <T> the type the parts of this role make
 */
public final class Role<T> {

    /** First-stage retrieval ({@link Retriever}): {@code dense}, {@code bm25}, {@code weighted}, ... */
    public static final Role<Retriever> RETRIEVER = new Role<>("retriever", Retriever.class);
    /** Re-scoring of the candidates ({@link Reranker}): {@code pagerank}, {@code embedding}, {@code bm25}. */
    public static final Role<Reranker> RERANKER = new Role<>("reranker", Reranker.class);
    /** Choosing the context within the budget ({@link ContextSelector}): {@code budget}, {@code mcts}, ... */
    public static final Role<ContextSelector> SELECTOR = new Role<>("selector", ContextSelector.class);
    /** Scoring an ordered combination of chunks for the searches ({@link CombinationScorer}). */
    public static final Role<CombinationScorer> SCORER = new Role<>("scorer", CombinationScorer.class);
    /** Writing the answer ({@link Generator}): {@code extractive}, {@code openai}, {@code tgi}. */
    public static final Role<Generator> GENERATOR = new Role<>("generator", Generator.class);
    /** Texts to vectors ({@link Embedder}): the bundled models by id, {@code hashing}, the embedding servers. */
    public static final Role<Embedder> EMBEDDER = new Role<>("embedder", Embedder.class);
    /** Files to documents ({@link DocumentLoader}): one part per kind of file. */
    public static final Role<DocumentLoader> LOADER = new Role<>("loader", DocumentLoader.class);
    /** The terms every lexical part compares ({@link TermAnalyzer}): {@code english} (the default), the languages of rag-analysis. */
    public static final Role<TermAnalyzer> ANALYZER = new Role<>("analyzer", TermAnalyzer.class);
    /**
     * What chunk sizes and budgets are counted in ({@link TokenCounter}): {@code p50k_base}, {@code cl100k_base},
     * {@code o200k_base}, {@code r50k_base}, or an application's own.
     */
    public static final Role<TokenCounter> TOKENIZER = new Role<>("tokenizer", TokenCounter.class);
    /**
     * The language of documents and questions ({@link LanguageDetector}): {@code script} (rag-core, the default: Unicode
     * scripts, Latin text as English), {@code opennlp} (rag-langdetect: scripts, then OpenNLP's model for Latin text).
     */
    public static final Role<LanguageDetector> LANGUAGE_DETECTOR = new Role<>("language-detector", LanguageDetector.class);
    /** A whole pipeline ({@link PipelinePreset}): {@code default}, {@code astrorag}, {@code corag}, ... */
    public static final Role<PipelinePreset> PRESET = new Role<>("preset", PipelinePreset.class);

    private static final List<Role<?>> ALL = List.of(PRESET, RETRIEVER, RERANKER, SELECTOR, SCORER, GENERATOR, EMBEDDER, LOADER,
            ANALYZER, TOKENIZER, LANGUAGE_DETECTOR);

    private final String name;
    private final Class<T> type;

    private Role(String name, Class<T> type) {
        this.name = name;
        this.type = type;
    }

    /**
     * Every role, presets first.
     *
     * @return the roles in a fixed order
     */
    public static List<Role<?>> values() {
        return ALL;
    }

    /**
     * The role of a name.
     *
     * @param name a role's {@link #name()}, such as {@code reranker}
     * @return the role
     * @throws IllegalArgumentException naming every role if none has that name
     */
    public static Role<?> of(String name) {
        Objects.requireNonNull(name, "name");
        for (Role<?> r : ALL) {
            if (r.name.equals(name.strip())) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role '" + name + "': use one of "
                + String.join(", ", ALL.stream().map(Role::name).toList()));
    }

    /**
     * The role's name, as the command line and configuration files write it.
     *
     * @return lower case, such as {@code reranker}
     */
    public String name() {
        return name;
    }

    /**
     * What the role's parts make.
     *
     * @return the SPI interface
     */
    public Class<T> type() {
        return type;
    }

    @Override
    public String toString() {
        return name;
    }
}
