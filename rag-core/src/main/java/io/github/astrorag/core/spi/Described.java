package io.github.astrorag.core.spi;

import java.util.Map;

/** A component that can say how it is configured, for the trace and for reports. */
public interface Described {

    /**
     * The component's settings as JSON-friendly values, {@code "name"} first. The default names the class.
     *
     * @return a new map, in insertion order
     */
    default Map<String, Object> describe() {
        return Map.of("name", getClass().getSimpleName());
    }
}
