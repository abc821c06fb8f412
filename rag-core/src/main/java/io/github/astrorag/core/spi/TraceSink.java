package io.github.astrorag.core.spi;

/**
 * Where a stage writes facts about one call for the answer's {@code Trace} (graph edges, iterations,
 * a HyDE passage). Values should be strings, numbers, booleans, lists or maps of those, so that the
 * trace serialises to JSON. Not shared between threads: each call gets its own.
 */
@FunctionalInterface
public interface TraceSink {

    /** A sink that drops everything. */
    TraceSink NONE = (key, value) -> { };

    /**
     * Records {@code value} under {@code key}; a later value for the same key replaces it.
     *
     * @param key the fact's name
     * @param value a JSON-friendly value
     */
    void put(String key, Object value);
}
