package io.github.astrorag.core.language;

import io.github.astrorag.core.spi.LanguageDetector;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The language detector a pipeline uses when it is given none: the first registered with {@link ServiceLoader} under
 * {@code META-INF/services/io.github.astrorag.core.spi.LanguageDetector} (an application's own), else
 * {@link ScriptLanguageDetector}. rag-langdetect's OpenNLP detector does not register itself here, so that having it on
 * the class path changes nothing: it is picked by name, the language detector part {@code opennlp}. Looked up once per class loader's first use.
 */
public final class LanguageDetectors {

    private static volatile LanguageDetector installed;

    private LanguageDetectors() {
    }

    /**
     * The installed detector.
     *
     * @return the first detector registered as a service, else the script detector
     */
    public static LanguageDetector installed() {
        LanguageDetector d = installed;
        if (d == null) {
            Iterator<LanguageDetector> found = ServiceLoader.load(LanguageDetector.class, LanguageDetectors.class.getClassLoader())
                    .iterator();
            d = found.hasNext() ? found.next() : new ScriptLanguageDetector();
            installed = d;
        }
        return d;
    }
}
