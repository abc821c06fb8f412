package io.github.astrorag.core.part;

import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.core.token.TokenCounter;
import java.util.Map;

/**
 * A whole pipeline by name, the product of a {@link Role#PRESET} part: which embedding model it loads when none is
 * named, which named parts it is made of, and the builder that makes it over an embedder.
 *
 * <p>Contract: {@link #builder} returns a new builder every call, over the embedder given (which the caller keeps
 * owning); every setting of it may be replaced once more ({@link RagPipeline#toBuilder()}). {@link #parts()} names,
 * per role, the part the builder uses, with its settings, so that an option naming the same part keeps the preset's
 * settings ({@link PartSpec#with}) instead of resetting them to the part's defaults.
 */
public interface PipelinePreset {

    /**
     * The embedder the preset loads when none is named.
     *
     * @return an {@link Role#EMBEDDER} part's spec, such as {@code bge-small-q}
     */
    PartSpec embedder();

    /**
     * The named parts the preset is made of.
     *
     * @return role to the spec of the part it uses there; roles it leaves at the pipeline's defaults are absent
     */
    Map<Role<?>, PartSpec> parts();

    /**
     * The preset over {@code embedder}.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a new builder to continue
     */
    RagPipeline.Builder builder(Embedder embedder);

    /**
     * The preset over {@code embedder}, counting chunk sizes and the budget in {@code counter}: its chunker and
     * selectors made with that counter. This default is {@link #builder(Embedder)} with
     * {@link RagPipeline.Builder#tokenCounter} set, which fits a preset that leaves the chunker and selector to the
     * pipeline's defaults; a preset that makes its own overrides it.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param counter  what chunk sizes and the budget are counted in
     * @return a new builder to continue
     */
    default RagPipeline.Builder builder(Embedder embedder, TokenCounter counter) {
        return builder(embedder).tokenCounter(counter);
    }

    /**
     * A part named to replace this preset's part of a role, read over the preset's settings when it names the same
     * part: {@code weighted:fetch-size=40} over a preset using {@code weighted:bm25-weight=0.5} is
     * {@code weighted:bm25-weight=0.5,fetch-size=40}, where a different name stands as given. How the command line, the
     * evaluation and the Spring Boot properties apply {@code --retriever}, {@code --reranker} and {@code --selector}.
     *
     * @param role  the role the part fills
     * @param given the part named
     * @return the spec to make
     */
    default PartSpec over(Role<?> role, PartSpec given) {
        PartSpec own = parts().get(role);
        return own != null && own.name().equals(given.name()) ? own.with(given.settings()) : given;
    }
}
