package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.spi.DocumentLoader;
import org.junit.jupiter.api.Test;

class DocumentPartsTest {

    @Test
    void theLoadersAreRegisteredByName() {
        PartRegistry registry = PartRegistry.installed();
        assertThat(registry.names(Role.LOADER)).contains("text", "pdf", "html", "office");
        assertThat(registry.loaders()).flatExtracting(l -> java.util.List.copyOf(l.extensions()))
                .contains("txt", "pdf", "html", "docx", "pptx", "xlsx", "odt", "rtf", "epub");
        assertThat(DocumentLoader.describe(new HtmlDocumentLoader().extensions())).isEqualTo(".html, .htm or .xhtml");
    }
}
