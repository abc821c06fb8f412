package io.github.astrorag.core.spi;

/**
 * Creates one fresh, empty {@link EphemeralIndex} per instance. Two indexes from one factory never
 * share content. Thread-safe.
 */
@FunctionalInterface
public interface EphemeralIndexFactory extends Described {

    /**
     * A new empty index for vectors of {@code dimension} components.
     *
     * @param dimension the vector dimension, at least 1
     * @return a new, open index; the caller closes it
     */
    EphemeralIndex create(int dimension);
}
