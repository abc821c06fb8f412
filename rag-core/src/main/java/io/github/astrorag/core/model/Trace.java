package io.github.astrorag.core.model;

import io.github.astrorag.core.internal.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one answer came about: the configuration, each stage's output with scores and time, and the
 * context's size. Serialises to JSON with {@link #toJson()}.
 *
 * @param config        each component's settings, by role
 * @param stages        the question's stages in the order they ran
 * @param contextTokens tokens in the selected context
 * @param budget        the token budget
 * @param ingest        the instance's ingest stages ({@code load}, {@code chunk}, {@code embed} with cache hits
 *                      and misses, {@code index}), shared by every question asked of the instance
 */
public record Trace(Map<String, Object> config, List<Stage> stages, int contextTokens, int budget, List<Stage> ingest) {

    /** A trace with nothing in it. */
    public static final Trace EMPTY = new Trace(Map.of(), List.of(), 0, 0);

    /**
     * Copies the collections, so the trace is immutable.
     *
     * @param config each component's settings, by role
     * @param stages the question's stages in the order they ran
     * @param contextTokens tokens in the selected context
     * @param budget the token budget
     * @param ingest the instance's ingest stages ({@code load}, {@code chunk}, {@code embed} with cache hits and
     * misses, {@code index}), shared by every question asked of the instance
     */
    public Trace {
        config = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(config));
        stages = List.copyOf(stages);
        ingest = List.copyOf(ingest);
    }

    /**
     * A trace without ingest stages.
     *
     * @param config each component's settings, by role
     * @param stages the question's stages in the order they ran
     * @param contextTokens tokens in the selected context
     * @param budget the token budget
     */
    public Trace(Map<String, Object> config, List<Stage> stages, int contextTokens, int budget) {
        this(config, stages, contextTokens, budget, List.of());
    }

    /**
     * Milliseconds of the ingest stages.
     *
     * @return the sum of the ingest stages' wall times
     */
    public double ingestMillis() {
        return ingest.stream().mapToDouble(Stage::millis).sum();
    }

    /**
     * Milliseconds of the question's stages.
     *
     * @return the sum of the question's stages' wall times
     */
    public double questionMillis() {
        return stages.stream().mapToDouble(Stage::millis).sum();
    }

    /**
     * The stage of that name, if it ran.
     *
     * @param name the stage's name, e.g. {@code retrieve}
     * @return the first stage of that name, or empty
     */
    public java.util.Optional<Stage> stage(String name) {
        return stages.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * This trace as indented JSON: its components as members, in order. Records and maps (in their order) are
     * objects indented by two spaces, lists are arrays on one line, a non-finite number is a string
     * ({@code "NaN"}), and a value of any other type is the string of its {@code toString()}.
     *
     * @return the JSON text
     */
    public String toJson() {
        return Json.pretty(this);
    }

    /**
     * One stage of one answer.
     *
     * @param name       the stage (embed-query, retrieve, rerank:NAME, select, generate)
     * @param millis     wall time spent in it
     * @param candidates its output, in order, with the stage's scores
     * @param details    stage-specific facts (edges of a graph, MCTS iterations, HyDE passage, ...)
     */
    public record Stage(String name, double millis, List<Candidate> candidates, Map<String, Object> details) {
        /**
         * Copies the candidates and details.
         *
         * @param name the stage (embed-query, retrieve, rerank:NAME, select, generate)
         * @param millis wall time spent in it
         * @param candidates its output, in order, with the stage's scores
         * @param details stage-specific facts (edges of a graph, MCTS iterations, HyDE passage, ...)
         */
        public Stage {
            candidates = List.copyOf(candidates);
            details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
        }
    }

    /**
     * One candidate in a stage's output.
     *
     * @param id       the chunk id
     * @param score    the stage's score
     * @param metadata the chunk's metadata, immutable and sorted by key
     */
    public record Candidate(String id, double score, Map<String, String> metadata) {
        /**
         * Copies the metadata, immutable and sorted by key.
         *
         * @param id the chunk id
         * @param score the stage's score
         * @param metadata the chunk's metadata, immutable and sorted by key
         */
        public Candidate {
            metadata = Metadata.copyOf(metadata);
        }

        /**
         * A candidate without metadata.
         *
         * @param id the chunk id
         * @param score the stage's score
         */
        public Candidate(String id, double score) {
            this(id, score, Map.of());
        }

        /**
         * The candidate of a scored chunk.
         *
         * @param c the scored chunk
         * @return the candidate, with the chunk's id, score and metadata
         */
        public static Candidate of(ScoredChunk c) {
            return new Candidate(c.id(), c.score(), c.chunk().metadata());
        }
    }
}
