package io.github.astrorag.core.part;

import io.github.astrorag.core.analysis.EnglishTermAnalyzer;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.token.TokenCounter;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a part's factory may draw on besides its settings: the pipeline's embedder (for parts that embed, such as an
 * embedding reranker or the extractive generator), the pipeline's term analyzer (for parts that compare terms, such
 * as BM25; {@link EnglishTermAnalyzer#defaults()} unless {@linkplain #with(TermAnalyzer) given}), the token counter
 * that parts counting tokens (selectors) count with ({@code p50k_base} unless {@linkplain #withTokenCounter given})
 * and the registry (for parts made of other parts, such as a search whose scorer is named). Immutable.
 */
public final class PartContext {

    private final PartRegistry registry;
    private final @Nullable Embedder embedder;
    private final TermAnalyzer analyzer;
    private final TokenCounter tokenCounter;

    private PartContext(PartRegistry registry, @Nullable Embedder embedder, TermAnalyzer analyzer,
                        TokenCounter tokenCounter) {
        this.registry = registry;
        this.embedder = embedder;
        this.analyzer = analyzer;
        this.tokenCounter = tokenCounter;
    }

    /**
     * A context with no embedder (for making embedders, or parts that need none), with the registry's
     * {@linkplain PartRegistry#defaultAnalyzer() default analyzer}.
     *
     * @param registry the registry parts made of other parts look those up in
     * @return the context
     */
    public static PartContext of(PartRegistry registry) {
        return new PartContext(Objects.requireNonNull(registry, "registry"), null, registry.defaultAnalyzer(),
                TokenCounter.p50k());
    }

    /** A context with no embedder and the english analyzer: where the registry makes its default analyzer. */
    static PartContext english(PartRegistry registry) {
        return new PartContext(registry, null, EnglishTermAnalyzer.defaults(), TokenCounter.p50k());
    }

    /**
     * A context over a pipeline's embedder, with the registry's {@linkplain PartRegistry#defaultAnalyzer() default
     * analyzer}.
     *
     * @param registry the registry
     * @param embedder the pipeline's embedder; the caller keeps ownership
     * @return the context
     */
    public static PartContext of(PartRegistry registry, Embedder embedder) {
        return new PartContext(Objects.requireNonNull(registry, "registry"), Objects.requireNonNull(embedder, "embedder"),
                registry.defaultAnalyzer(), TokenCounter.p50k());
    }

    /**
     * The registry.
     *
     * @return the registry this context resolves names in
     */
    public PartRegistry registry() {
        return registry;
    }

    /**
     * The pipeline's embedder.
     *
     * @return the embedder
     * @throws IllegalStateException if this context has none (a part that embeds was made outside a pipeline)
     */
    public Embedder embedder() {
        if (embedder == null) {
            throw new IllegalStateException("this part embeds: make it in a context with the pipeline's embedder");
        }
        return embedder;
    }

    /**
     * This context with another term analyzer: the parts made in it that compare terms use {@code value}.
     *
     * @param value the analyzer
     * @return a new context, the same registry, embedder and token counter
     */
    public PartContext with(TermAnalyzer value) {
        return new PartContext(registry, embedder, Objects.requireNonNull(value, "analyzer"), tokenCounter);
    }

    /**
     * The term analyzer of the parts that compare terms.
     *
     * @return {@link EnglishTermAnalyzer#defaults()} unless another was {@linkplain #with(TermAnalyzer) given}
     */
    public TermAnalyzer analyzer() {
        return analyzer;
    }

    /**
     * This context with parts counting in {@code counter}.
     *
     * @param counter what the parts made in the new context count tokens with
     * @return a new context, the same registry, embedder and analyzer
     */
    public PartContext withTokenCounter(TokenCounter counter) {
        return new PartContext(registry, embedder, analyzer, Objects.requireNonNull(counter, "counter"));
    }

    /**
     * What parts made in this context count tokens with (a selector's budget).
     *
     * @return the token counter; {@code p50k_base} unless {@link #withTokenCounter} said otherwise
     */
    public TokenCounter tokenCounter() {
        return tokenCounter;
    }
}
