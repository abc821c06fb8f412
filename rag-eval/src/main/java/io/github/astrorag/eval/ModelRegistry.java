package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.presets.EmbeddingModels;
import io.github.astrorag.presets.Preset;
import io.github.astrorag.core.spi.Embedder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The embedding models {@code --model} can name. Immutable; {@link #with} returns a larger copy. A model
 * is created once per run and shared by all pipelines.
 *
 * <p>Built in ({@link #defaults()}): {@code hashing}, the model-free {@link HashingEmbedder} (fast,
 * captures word overlap only).
 */
public final class ModelRegistry {

    /** The model used when none is named. */
    public static final String DEFAULT_MODEL = Preset.DEFAULT.model().id();

    private final Map<String, Supplier<Embedder>> models;

    private ModelRegistry(Map<String, Supplier<Embedder>> models) {
        this.models = Collections.unmodifiableMap(models);
    }

    /** A registry with no model. */
    public static ModelRegistry empty() {
        return new ModelRegistry(new LinkedHashMap<>());
    }

    /**
     * The models this build offers. Extension point: after rag-retrieval is merged, add the ONNX sentence
     * models ({@code minilm-q}, {@code minilm}, {@code bge-small-q}, {@code e5-small-q}) here with
     * further {@link #with} calls.
     */
    public static ModelRegistry defaults() {
        ModelRegistry r = empty();
        for (String id : EmbeddingModels.IDS) {
            r = r.with(id, () -> EmbeddingModels.open(id));
        }
        return r;
    }

    /**
     * This registry plus one model.
     *
     * @throws IllegalArgumentException if the name is taken or blank
     */
    public ModelRegistry with(String name, Supplier<Embedder> factory) {
        Arguments.check(!name.isBlank(), "a model name must not be blank");
        Arguments.check(!models.containsKey(name), "model '%s' is already registered", name);
        Map<String, Supplier<Embedder>> copy = new LinkedHashMap<>(models);
        copy.put(name, java.util.Objects.requireNonNull(factory, "factory"));
        return new ModelRegistry(copy);
    }

    /** The registered names, in registration order. */
    public List<String> names() {
        return List.copyOf(models.keySet());
    }

    /**
     * A new instance of the model {@code name}.
     *
     * @throws IllegalArgumentException naming the known models if there is none
     */
    public Embedder create(String name) {
        Supplier<Embedder> s = models.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown model '" + name + "': use one of "
                    + String.join(", ", models.keySet()));
        }
        return s.get();
    }
}
