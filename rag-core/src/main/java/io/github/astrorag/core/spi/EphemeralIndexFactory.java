package io.github.astrorag.core.spi;

/**
 * Creates one fresh, empty {@link EphemeralIndex} per instance. Two indexes from one factory never
 * share content. Thread-safe.
 */
public interface EphemeralIndexFactory extends Described {

    /** A new empty index for vectors of {@code dimension} components. */
    EphemeralIndex create(int dimension);
}
