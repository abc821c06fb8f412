package io.github.astrorag.core.internal.parts;

import io.github.astrorag.core.load.LoaderDiscovery;
import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.spi.DocumentLoader;
import java.util.List;

/** The loaders of {@link PartRegistry#installed()}, for {@code FileSystemDocumentLoader.installed()}. */
public final class RegisteredLoaders implements LoaderDiscovery {

    /** Creates the discovery (for {@link java.util.ServiceLoader}). */
    public RegisteredLoaders() {
    }

    @Override
    public List<DocumentLoader> loaders() {
        return PartRegistry.installed().loaders();
    }
}
