package io.github.astrorag.core.pipeline;

import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.EmbeddingCache;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.spi.Prefilter;
import io.github.astrorag.core.spi.QueryTransformer;
import io.github.astrorag.core.spi.Reranker;
import io.github.astrorag.core.spi.LanguageDetector;
import io.github.astrorag.core.spi.Retriever;
import io.github.astrorag.core.token.TokenCounter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The roles of one pipeline with every fallback resolved ({@link PipelineSettings#resolve()}): what
 * {@link Ingest} reads to load, chunk, embed and index, and what a {@link RagInstance} reads to answer.
 * Immutable (the components themselves are the caller's); thread-safe as far as they are.
 *
 * @param loader           how files become documents
 * @param onUnreadable     what loading does with a file it cannot read
 * @param chunker          how documents become chunks
 * @param embedder         the embedder of chunks and queries
 * @param indexFactory     where each instance's index (or, with a prefilter, each question's) lives
 * @param queryTransformer the rewrite of the embedded query, or {@code null} for none
 * @param retriever        how candidates are found
 * @param candidates       how many candidates to retrieve, at least 1
 * @param rerankers        the rerankers, in the order they run
 * @param selector         how the context is chosen
 * @param budget           the context budget in tokens, at least 1
 * @param generator        the generator of answers
 * @param prefilter        the first pass before embedding, or {@code null} for none (every chunk is embedded at ingest)
 * @param prefilterSize    how many chunks the prefilter passes on per question; 0 without a prefilter
 * @param cache            the embedding cache given, or {@code null} for none
 * @param observing        the observer of the stages, made safe; {@link Observing#NONE} for none
 * @param tokenCounter     what chunk sizes and the budget are counted in
 * @param languageDetector tells the language of documents and questions that are given none
 * @param language         the language of every document and question, or {@code null} to detect it
 */
record Components(DocumentLoader loader, DocumentLoader.OnUnreadable onUnreadable, Chunker chunker, Embedder embedder, EphemeralIndexFactory indexFactory,
                  @Nullable QueryTransformer queryTransformer, Retriever retriever, int candidates,
                  List<Reranker> rerankers, ContextSelector selector, int budget, Generator generator,
                  @Nullable Prefilter prefilter, int prefilterSize, @Nullable EmbeddingCache cache,
                  Observing observing, TokenCounter tokenCounter, LanguageDetector languageDetector,
                  @Nullable String language) {

    Components {
        rerankers = List.copyOf(rerankers);
    }

    /** The language of {@code text}: the one set, else the detector's. */
    String languageOf(String text) {
        return language != null ? language : languageDetector.detect(text);
    }

    /** Every component's settings, by role, in trace order; see {@link RagPipeline#describe()}. */
    Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("chunker", chunker.describe());
        m.put("embedder", embedder.describe());
        m.put("index", indexFactory.describe());
        if (queryTransformer != null) {
            m.put("queryTransformer", queryTransformer.describe());
        }
        if (prefilter != null) {
            Map<String, Object> p = new LinkedHashMap<>(prefilter.describe());
            p.put("n", prefilterSize);
            m.put("prefilter", p);
        }
        m.put("retriever", retriever.describe());
        m.put("candidates", candidates);
        m.put("rerankers", rerankers.stream().map(Reranker::describe).toList());
        m.put("selector", selector.describe());
        m.put("budget", budget);
        m.put("tokenizer", tokenCounter.name());
        if (language != null) {
            m.put("language", language);
        } else {
            m.put("languageDetector", languageDetector.describe());
        }
        m.put("generator", generator.describe());
        return m;
    }
}
