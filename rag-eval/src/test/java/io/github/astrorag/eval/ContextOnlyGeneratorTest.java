package io.github.astrorag.eval;

import io.github.astrorag.core.spi.Generator;
import io.github.astrorag.core.testing.GeneratorContract;

class ContextOnlyGeneratorTest extends GeneratorContract {

    @Override
    protected Generator generator() {
        return new ContextOnlyGenerator();
    }
}
