package io.github.astrorag.core.index;

import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.spi.EphemeralIndexFactory;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** Creates {@link InMemoryEphemeralIndex}es named {@code memory-1}, {@code memory-2}, ... Thread-safe. */
public final class InMemoryEphemeralIndexFactory implements EphemeralIndexFactory {

    private static final AtomicLong COUNTER = new AtomicLong();

    @Override
    public EphemeralIndex create(int dimension) {
        return new InMemoryEphemeralIndex("memory-" + COUNTER.incrementAndGet(), dimension);
    }

    @Override
    public Map<String, Object> describe() {
        return Map.of("name", "memory");
    }
}
