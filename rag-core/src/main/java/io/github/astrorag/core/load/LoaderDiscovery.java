package io.github.astrorag.core.load;

import io.github.astrorag.core.spi.DocumentLoader;
import java.util.List;

/**
 * How {@link FileSystemDocumentLoader#installed()} finds the loaders registered by name on the class path without
 * this package depending on the registry of parts (which depends on the pipeline, which depends on this package):
 * rag-core provides the one implementation, the loaders of {@code PartRegistry.installed()}, through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.github.astrorag.core.load.LoaderDiscovery}).
 * Applications need not implement it: they register loaders as parts ({@code PartProvider}).
 */
public interface LoaderDiscovery {

    /**
     * New instances of every installed loader, in the registry's order (rag-core's text and PDF loaders first).
     *
     * @return the loaders; never empty when rag-core's provider is installed
     */
    List<DocumentLoader> loaders();
}
