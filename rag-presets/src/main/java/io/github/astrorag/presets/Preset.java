package io.github.astrorag.presets;

import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.onnx.OnnxSentenceEmbedder;
import io.github.astrorag.onnx.SentenceModel;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.token.TokenCounter;
import java.util.Objects;

/**
 * The five presets of the README as constants, for code that names them: each is the registry's preset of its
 * {@link #id()} (defined once, in {@link PartRegistry#installed() the registry of parts}), so
 * {@code Preset.DEFAULT.builder(embedder)} is exactly what {@code --preset default} and {@link AstroRag#recommended()}
 * build. Any preset by name, these and the evaluation's and those other jars register, with its settings:
 * {@link #open(String)} and {@link #builder(String, Embedder)}.
 *
 * <pre>{@code
 * try (RagPipeline rag = Preset.open("corag-paper:iterations=20")) { ... }  // owns its model
 * RagPipeline.Builder b = Preset.DEFAULT.builder(embedder).budget(300);     // over an embedder you own
 * }</pre>
 */
public enum Preset {

    /** {@code default}: {@link AstroRag#recommended()}, the recommended pipeline (its evaluation: docs/evaluation.md). */
    DEFAULT("default", AstroRag.RECOMMENDED_MODEL),
    /** {@code astrorag}: {@link AstroRag#paper()}, the AstroRAG paper's pipeline. */
    ASTRORAG("astrorag", AstroRag.PAPER_MODEL),
    /** {@code corag}: {@link AstroRag#corag()}, CORAG's search over the default's evidence utility. */
    CORAG("corag", AstroRag.RECOMMENDED_MODEL),
    /** {@code corag-paper}: {@link Corag#paper}, the CORAG paper's search and utility. */
    CORAG_PAPER("corag-paper", AstroRag.PAPER_MODEL),
    /** {@code naive}: {@link AstroRag#naive()}, NaiveRAG (top-k by cosine until the budget is spent). */
    NAIVE("naive", AstroRag.PAPER_MODEL);

    private final String id;
    private final SentenceModel model;

    Preset(String id, SentenceModel model) {
        this.id = id;
        this.model = model;
    }

    /**
     * Any preset by name, over its own embedding model, loaded from the registry ({@link PipelinePreset#embedder()}).
     *
     * @param spec a preset and its settings, {@code name[:key=value,...]} ({@link PartSpec})
     * @return a new pipeline that owns its model: close it to free the model
     * @throws IllegalArgumentException naming the presets or the settings that exist if the spec names another
     * @throws io.github.astrorag.core.EmbeddingException if the model cannot be loaded
     */
    public static RagPipeline open(String spec) {
        PartRegistry r = PartRegistry.installed();
        PipelinePreset preset = r.create(Role.PRESET, spec, PartContext.of(r));
        Embedder embedder = r.create(Role.EMBEDDER, preset.embedder(), PartContext.of(r));
        try {
            RagPipeline.Builder b = preset.builder(embedder);
            if (embedder instanceof AutoCloseable owned) {
                b.owning(owned);
            }
            return b.build();
        } catch (RuntimeException | Error e) {
            if (embedder instanceof AutoCloseable owned) {
                try {
                    owned.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /**
     * Any preset by name over {@code embedder}.
     *
     * @param spec     a preset and its settings, {@code name[:key=value,...]}
     * @param embedder the embedder; the caller keeps ownership
     * @return a builder to continue (each setting may be replaced once, see {@link RagPipeline#toBuilder()})
     * @throws IllegalArgumentException naming the presets or the settings that exist if the spec names another
     */
    public static RagPipeline.Builder builder(String spec, Embedder embedder) {
        Objects.requireNonNull(embedder, "embedder");
        PartRegistry r = PartRegistry.installed();
        return r.create(Role.PRESET, spec, PartContext.of(r)).builder(embedder);
    }

    /**
     * Any preset by name over {@code embedder}, its chunk sizes and budget counted in {@code counter}
     * ({@link PipelinePreset#builder(Embedder, TokenCounter)}): {@code TokenCounter.of("o200k_base")} for a context
     * that a GPT-4o-family model reads.
     *
     * @param spec     a preset and its settings, {@code name[:key=value,...]}
     * @param embedder the embedder; the caller keeps ownership
     * @param counter  what chunk sizes and the budget are counted in
     * @return a builder to continue (each setting may be replaced once, see {@link RagPipeline#toBuilder()})
     * @throws IllegalArgumentException naming the presets or the settings that exist if the spec names another
     */
    public static RagPipeline.Builder builder(String spec, Embedder embedder, TokenCounter counter) {
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(counter, "counter");
        PartRegistry r = PartRegistry.installed();
        return r.create(Role.PRESET, spec, PartContext.of(r)).builder(embedder, counter);
    }

    /**
     * The preset's name.
     *
     * @return lower case, words joined by {@code -}
     */
    public String id() {
        return id;
    }

    /**
     * The embedding model the preset loads in {@link #open()}.
     *
     * @return bge-small-en-v1.5 (quantized) for {@code default} and {@code corag}, the papers' all-MiniLM-L6-v2
     *         (quantized) for the others
     */
    public SentenceModel model() {
        return model;
    }

    /**
     * The preset over {@code embedder}, the chosen chunks in relevance order.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder to continue (each setting may be replaced once, see {@link RagPipeline#toBuilder()})
     */
    public RagPipeline.Builder builder(Embedder embedder) {
        return builder(id, Objects.requireNonNull(embedder, "embedder"));
    }

    /**
     * The preset over {@code embedder}, the chosen chunks arranged by {@code order}. CORAG's searches choose the
     * order themselves and ignore {@code order}.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @param order how the chosen chunks are arranged in the prompt
     * @return a builder to continue (each setting may be replaced once, see {@link RagPipeline#toBuilder()})
     */
    public RagPipeline.Builder builder(Embedder embedder, ContextOrder order) {
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(order, "order");
        boolean searches = this == CORAG || this == CORAG_PAPER;
        return builder(searches ? id : id + AstroRag.order(order), embedder);
    }

    /**
     * The preset over its own {@link #model()}, loaded offline from its Maven artifact.
     *
     * @return a new pipeline that owns the model: close it to free the native session
     * @throws io.github.astrorag.core.EmbeddingException if the model cannot be loaded
     */
    public RagPipeline open() {
        OnnxSentenceEmbedder embedder = OnnxSentenceEmbedder.load(model);
        try {
            return builder(embedder).owning(embedder).build();
        } catch (RuntimeException | Error e) {
            embedder.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return id;
    }

}
