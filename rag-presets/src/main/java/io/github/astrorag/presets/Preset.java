package io.github.astrorag.presets;

import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.select.ContextOrder;
import io.github.astrorag.core.spi.Embedder;
import io.github.astrorag.retrieval.embed.OnnxSentenceEmbedder;
import io.github.astrorag.retrieval.embed.SentenceModel;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The presets by name: the one lookup from a name such as {@code default} or {@code corag-paper} to its pipeline,
 * used alike by the command line ({@code --preset}), the Spring Boot properties and any configuration file. Each
 * constant delegates to the preset's own factory ({@link AstroRag}, {@link Corag}), so {@code Preset.DEFAULT} is
 * exactly {@link AstroRag#recommended()}.
 *
 * <pre>{@code
 * try (RagPipeline rag = Preset.of("corag-paper").open()) { ... }           // owns its model
 * RagPipeline.Builder b = Preset.DEFAULT.builder(embedder).budget(300);     // over an embedder you own
 * }</pre>
 *
 * <p>Names are matched ignoring case and surrounding white space; {@link #id()} is the canonical spelling.
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
     * The preset of a name.
     *
     * @param name a preset's {@link #id()}, in any case, surrounding white space ignored
     * @return the preset
     * @throws IllegalArgumentException naming every preset if none has that name
     * @throws NullPointerException if {@code name} is null
     */
    public static Preset of(String name) {
        Objects.requireNonNull(name, "name");
        for (Preset p : values()) {
            if (p.id.equalsIgnoreCase(name.strip())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown preset '" + name + "': use one of " + String.join(", ", ids()));
    }

    /**
     * Every preset's name, in declaration order.
     *
     * @return {@code default, astrorag, corag, corag-paper, naive}
     */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Preset::id).toList();
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
     * Whether the preset chooses its context by CORAG's tree search (and so takes the search's settings).
     *
     * @return true for {@code corag} and {@code corag-paper}
     */
    public boolean searches() {
        return this == CORAG || this == CORAG_PAPER;
    }

    /**
     * The preset over {@code embedder}, the chosen chunks in relevance order.
     *
     * @param embedder the embedder of chunks and queries; the caller keeps ownership
     * @return a builder to continue (each setting may be replaced once, see {@link RagPipeline#toBuilder()})
     */
    public RagPipeline.Builder builder(Embedder embedder) {
        return builder(embedder, AstroRag.ORDER);
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
        return switch (this) {
            case DEFAULT -> AstroRag.recommendedBuilder(embedder, order);
            case ASTRORAG -> AstroRag.paperBuilder(embedder, order);
            case CORAG -> AstroRag.coragBuilder(embedder);
            case CORAG_PAPER -> Corag.paperBuilder(embedder);
            case NAIVE -> AstroRag.naiveBuilder(embedder, order);
        };
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
