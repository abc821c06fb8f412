package io.github.astrorag.documents.internal.parts;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.documents.HtmlDocumentLoader;
import io.github.astrorag.documents.TikaDocumentLoader;
import java.util.List;

/** The loaders of rag-documents by name: {@code html} and {@code office}. Registered in {@code META-INF/services}. */
public final class DocumentParts implements PartProvider {

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public DocumentParts() {
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(
                Part.builder(Role.LOADER, "html", "HTML files with jsoup: the visible text, headings as sections",
                        (s, c) -> new HtmlDocumentLoader()).build(),
                Part.builder(Role.LOADER, "office", "DOCX, PPTX, XLSX, ODT, RTF, EPUB and more through Apache Tika, "
                        + "slides and sheets as pages", (s, c) -> new TikaDocumentLoader()).build());
    }
}
