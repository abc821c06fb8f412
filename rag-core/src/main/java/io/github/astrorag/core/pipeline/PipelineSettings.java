package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.chunk.RecursiveTokenChunker;
import io.github.astrorag.core.generate.ExtractiveGenerator;
import io.github.astrorag.core.index.InMemoryEphemeralIndexFactory;
import io.github.astrorag.core.language.LanguageDetectors;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.retrieve.DenseRetriever;
import io.github.astrorag.core.select.TokenBudgetSelector;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.PipelineObserver;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.token.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link RagPipeline.Builder} was given; {@code null} means "fall back to the minimal pipeline".
 * {@link RagPipeline#toBuilder()} starts from a {@linkplain #copy() copy}, so that fallbacks are resolved again
 * ({@link #resolve()}) from what was given, never frozen. Mutable; not thread-safe (one builder's).
 */
final class PipelineSettings {
    @Nullable DocumentLoader loader;
    DocumentLoader.@Nullable OnUnreadable onUnreadable;
    @Nullable Chunker chunker;
    @Nullable Embedder embedder;
    @Nullable EphemeralIndexFactory indexFactory;
    @Nullable QueryTransformer queryTransformer;
    @Nullable Retriever retriever;
    @Nullable Integer candidates;
    final List<Reranker> rerankers = new ArrayList<>();
    @Nullable ContextSelector selector;
    @Nullable Integer budget;
    @Nullable Generator generator;
    @Nullable EmbeddingCache cache;
    @Nullable Prefilter prefilter;
    @Nullable Integer prefilterSize;
    @Nullable PipelineObserver observer;
    @Nullable TermAnalyzer analyzer;
    @Nullable TokenCounter tokenCounter;
    @Nullable LanguageDetector languageDetector;
    @Nullable String language;
    /** The pipelines of documents in another language, by BCP 47 code, in the order given. */
    final java.util.Map<String, java.util.function.Supplier<RagPipeline>> byLanguage = new java.util.LinkedHashMap<>();

    /** An independent copy (the rerankers' list too; the components themselves are shared). */
    PipelineSettings copy() {
        PipelineSettings c = new PipelineSettings();
        c.loader = loader;
        c.onUnreadable = onUnreadable;
        c.chunker = chunker;
        c.embedder = embedder;
        c.indexFactory = indexFactory;
        c.queryTransformer = queryTransformer;
        c.retriever = retriever;
        c.candidates = candidates;
        c.rerankers.addAll(rerankers);
        c.selector = selector;
        c.budget = budget;
        c.generator = generator;
        c.cache = cache;
        c.prefilter = prefilter;
        c.prefilterSize = prefilterSize;
        c.observer = observer;
        c.analyzer = analyzer;
        c.tokenCounter = tokenCounter;
        c.languageDetector = languageDetector;
        c.language = language;
        c.byLanguage.putAll(byLanguage);
        return c;
    }

    /**
     * Every role, the minimal pipeline's fallback where none was given (see {@link RagPipeline}); the embedder
     * must have been given.
     */
    Components resolve() {
        Embedder e = Objects.requireNonNull(embedder, "embedder");
        EphemeralIndexFactory factory = indexFactory == null ? new InMemoryEphemeralIndexFactory() : indexFactory;
        TokenCounter counter = counter();
        return new Components(
                loader == null ? FileSystemDocumentLoader.installed() : loader,
                onUnreadable == null ? DocumentLoader.OnUnreadable.SKIP_IN_FOLDERS : onUnreadable,
                chunker != null ? chunker : tokenCounter == null ? RecursiveTokenChunker.defaults()
                        : RecursiveTokenChunker.builder().counter(tokenCounter).build(),
                e,
                factory,
                queryTransformer,
                retriever == null ? new DenseRetriever() : retriever,
                candidates == null ? RagPipeline.DEFAULT_CANDIDATES : candidates,
                rerankers,
                selector != null ? selector : defaultSelector(counter),
                budget == null ? TokenBudgetSelector.DEFAULT_BUDGET : budget,
                generator != null ? generator : analyzer == null ? new ExtractiveGenerator(e)
                        : ExtractiveGenerator.builder(e).analyzer(analyzer).build(),
                prefilter,
                prefilterSize == null ? 0 : prefilterSize,
                cache,
                observer == null ? Observing.NONE : Observing.of(observer,
                        prefilter != null ? "prefilter" : String.valueOf(factory.describe().get("name"))),
                counter,
                languageDetector == null ? LanguageDetectors.installed() : languageDetector,
                language);
    }

    /**
     * The counter of chunk sizes and budgets: the one given, else the given chunker's, else {@code p50k_base}.
     */
    TokenCounter counter() {
        return tokenCounter != null ? tokenCounter : chunker != null ? chunker.counter() : TokenCounter.p50k();
    }

    /** The budget selector counting in {@code counter} with the pipeline's analyzer: the shared default when both are. */
    private TokenBudgetSelector defaultSelector(TokenCounter counter) {
        if (analyzer == null && counter == TokenCounter.p50k()) {
            return new TokenBudgetSelector();
        }
        TokenBudgetSelector.Builder b = TokenBudgetSelector.builder().counter(counter);
        return analyzer == null ? b.build() : b.analyzer(analyzer).build();
    }
}
