package io.github.astrorag.core.index;

import io.github.astrorag.core.spi.EphemeralIndex;
import io.github.astrorag.core.testing.EphemeralIndexContract;

class InMemoryEphemeralIndexTest extends EphemeralIndexContract {
    private final InMemoryEphemeralIndexFactory factory = new InMemoryEphemeralIndexFactory();

    @Override
    protected EphemeralIndex newIndex(int dimension) {
        return factory.create(dimension);
    }
}
