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
 * <p>Built in ({@link #defaults()}): every model of {@link EmbeddingModels#IDS}, the ONNX sentence models and
 * {@value EmbeddingModels#HASHING}, the model-free embedder (fast, captures word overlap only).
 */
public final class ModelRegistry {

    /** The model used when none is named. */
    public static final String DEFAULT_MODEL = Preset.DEFAULT.model().id();

    private final Map<String, Supplier<Embedder>> models;

    private ModelRegistry(Map<String, Supplier<Embedder>> models) {
        this.models = Collections.unmodifiableMap(models);
    }

    /**
     * A registry with no model, to build one of chosen models with {@link #with}.
     *
     * @return an empty registry
     */
    public static ModelRegistry empty() {
        return new ModelRegistry(new LinkedHashMap<>());
    }

    /**
     * The models this build offers: every id of {@link EmbeddingModels#IDS}, in that order, each opened by
     * {@link EmbeddingModels#open} when it is {@linkplain #create created} (an ONNX model is loaded then, not here).
     *
     * @return the registry of the built-in models
     */
    public static ModelRegistry defaults() {
        ModelRegistry r = empty();
        for (String id : EmbeddingModels.IDS) {
            r = r.with(id, () -> EmbeddingModels.open(id));
        }
        return r;
    }

    /**
     * This registry plus one model. This registry is unchanged.
     *
     * @param name    the name {@code --model} will take; not blank, not yet registered
     * @param factory makes a new instance of the model on each {@link #create} call; not {@code null}
     * @return a new registry with the model added after the existing ones
     * @throws IllegalArgumentException if the name is taken or blank
     */
    public ModelRegistry with(String name, Supplier<Embedder> factory) {
        Arguments.check(!name.isBlank(), "a model name must not be blank");
        Arguments.check(!models.containsKey(name), "model '%s' is already registered", name);
        Map<String, Supplier<Embedder>> copy = new LinkedHashMap<>(models);
        copy.put(name, java.util.Objects.requireNonNull(factory, "factory"));
        return new ModelRegistry(copy);
    }

    /**
     * The registered names, for help texts and completion.
     *
     * @return the names in registration order; immutable
     */
    public List<String> names() {
        return List.copyOf(models.keySet());
    }

    /**
     * A new instance of the model {@code name}; the caller closes it when it is {@link AutoCloseable}.
     *
     * @param name a registered name
     * @return what the model's factory made
     * @throws IllegalArgumentException naming the known models if there is none
     * @throws io.github.astrorag.core.EmbeddingException if a built-in model cannot be loaded
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
