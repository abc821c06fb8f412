package io.github.astrorag.eval;

import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartContext;
import io.github.astrorag.core.spi.TermAnalyzer;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.PartSpec;
import io.github.astrorag.core.part.PipelinePreset;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The pipelines the evaluator can compare, by name: every preset of the {@linkplain PartRegistry registry of parts}
 * (each over the run's embedder, budget and token counter, with any settings the name carries, such as
 * {@code weighted:bm25-weight=0.4} or {@code default:coverage-weight=1}), plus pipelines a program adds with
 * {@link #with}; each is one row of the report. Immutable; {@link #with} and {@link #adjusted} return copies.
 *
 * <p>The names {@value #CHANCE} and {@value #NO_RETRIEVAL} are reserved for the multiple-choice baselines that the
 * runner adds itself.
 */
public final class PipelineRegistry {

    /** Baseline row: the expected accuracy of a uniform random pick. */
    public static final String CHANCE = "chance";
    /** Baseline row: the extractive reader with an empty context. */
    public static final String NO_RETRIEVAL = "no-retrieval";
    /** The pipeline run when none is named: the baseline {@value}, not the default preset. */
    public static final String DEFAULT_PIPELINE = "naive";

    /**
     * One named pipeline.
     *
     * @param name        its name, the report's row
     * @param description one line for the report
     * @param factory     builds the pipeline over a run's settings
     */
    public record Entry(String name, String description, Function<EvalSettings, RagPipeline> factory) {
        /**
         * Checks that no component is {@code null}.
         *
         * @param name        its name, the report's row
         * @param description one line for the report
         * @param factory     builds the pipeline over a run's settings
         */
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
            Objects.requireNonNull(factory, "factory");
        }
    }

    /** A change made to every preset's builder of a run before it is built ({@link #adjusted}). */
    @FunctionalInterface
    public interface Adjustment {
        /**
         * Changes a preset's builder.
         *
         * @param builder the preset's builder, over the run's embedder and budget
         * @param preset  the preset (for the parts it names)
         * @param run     the run's settings
         * @return the builder to build
         */
        RagPipeline.Builder apply(RagPipeline.Builder builder, PipelinePreset preset, EvalSettings run);
    }

    private final PartRegistry parts;
    private final Map<String, Entry> added;
    private final Adjustment adjustment;
    private final @Nullable TermAnalyzer analyzer;

    private PipelineRegistry(PartRegistry parts, Map<String, Entry> added, Adjustment adjustment,
                             @Nullable TermAnalyzer analyzer) {
        this.parts = parts;
        this.added = Collections.unmodifiableMap(added);
        this.adjustment = adjustment;
        this.analyzer = analyzer;
    }

    /**
     * The presets of the installed registry of parts.
     *
     * @return the registry of every installed preset
     */
    public static PipelineRegistry defaults() {
        return of(PartRegistry.installed());
    }

    /**
     * The presets of {@code parts}.
     *
     * @param parts the registry of parts whose presets are the pipelines
     * @return a registry of those presets
     */
    public static PipelineRegistry of(PartRegistry parts) {
        return new PipelineRegistry(Objects.requireNonNull(parts, "parts"), new LinkedHashMap<>(), (b, p, r) -> b, null);
    }

    /**
     * A registry with no preset, only what {@link #with} adds.
     *
     * @return the empty registry
     */
    public static PipelineRegistry empty() {
        return of(PartRegistry.of(List.of()));
    }

    /**
     * This registry plus one pipeline of a program's own.
     *
     * @param name        the pipeline's name: lower case words joined by {@code -}, not a preset's or a baseline's
     * @param description one line for the report
     * @param factory     builds the pipeline over a run's settings
     * @return a new registry, this one's pipelines and then the new one
     * @throws IllegalArgumentException if the name is taken, reserved or not a part's name
     */
    public PipelineRegistry with(String name, String description, Function<EvalSettings, RagPipeline> factory) {
        PartSpec.of(name);
        Arguments.check(!name.equals(CHANCE) && !name.equals(NO_RETRIEVAL),
                "pipeline name '%s' is reserved for a baseline", name);
        Arguments.check(!added.containsKey(name) && parts.find(Role.PRESET, name).isEmpty(),
                "pipeline '%s' is already registered", name);
        Map<String, Entry> copy = new LinkedHashMap<>(added);
        copy.put(name, new Entry(name, description, factory));
        return new PipelineRegistry(parts, copy, adjustment, analyzer);
    }

    /**
     * This registry with every preset's builder passed through {@code change} before it is built: how options such as
     * {@code eval --reranker} apply to every pipeline of a run.
     *
     * @param change what to do to each preset's builder
     * @return a new registry
     */
    public PipelineRegistry adjusted(Adjustment change) {
        Objects.requireNonNull(change, "change");
        Adjustment before = adjustment;
        return new PipelineRegistry(parts, new LinkedHashMap<>(added),
                (b, p, r) -> change.apply(before.apply(b, p, r), p, r), analyzer);
    }

    /**
     * This registry with every preset made over {@code value}: the parts of the presets that compare terms (BM25,
     * the coverage selectors and scorers, the extractive generator) use its terms ({@code eval --analyzer}). The
     * pipelines added by {@link #with} are the program's own and unchanged.
     *
     * @param value the analyzer
     * @return a new registry
     */
    public PipelineRegistry analyzer(TermAnalyzer value) {
        return new PipelineRegistry(parts, new LinkedHashMap<>(added), adjustment, Objects.requireNonNull(value, "analyzer"));
    }

    /**
     * The names, presets first in the registry's order, then the added ones.
     *
     * @return the names
     */
    public List<String> names() {
        List<String> names = new ArrayList<>(parts.names(Role.PRESET));
        names.addAll(added.keySet());
        return names;
    }

    /**
     * The entry of a pipeline.
     *
     * @param spec a preset and its settings ({@code name[:key=value,...]}, {@link PartSpec}), or an added name
     * @return its entry, named as written
     * @throws IllegalArgumentException naming the pipelines (or the preset's settings) that exist if there is none
     */
    public Entry get(String spec) {
        Objects.requireNonNull(spec, "spec");
        Entry own = added.get(spec.strip());
        if (own != null) {
            return own;
        }
        int colon = spec.indexOf(':');
        Part<PipelinePreset> part = parts.find(Role.PRESET, colon < 0 ? spec : spec.substring(0, colon)).orElseThrow(() -> new IllegalArgumentException(
                "unknown pipeline '" + spec + "': use one of " + String.join(", ", names())));
        PartSpec s = PartSpec.parse(spec);
        PipelinePreset preset = part.create(s, analyzer == null ? PartContext.of(parts) : PartContext.of(parts).with(analyzer));
        String settings = s.settings().isEmpty() ? "" : " (" + s.settings() + ")";
        return new Entry(s.toString(), part.description() + settings,
                run -> adjustment.apply(preset.builder(run.embedder(), run.tokenCounter()).budget(run.budget()), preset, run).build());
    }
}
