/**
 * Loaders of more kinds of file, registered by name ({@code html}, {@code office}) so that the command line, the
 * Spring Boot starter and {@code PartRegistry.loaders()} read them once this module is on the class path:
 * {@link io.github.astrorag.documents.HtmlDocumentLoader} (jsoup) and
 * {@link io.github.astrorag.documents.TikaDocumentLoader} (Apache Tika: DOCX, PPTX, XLSX, ODT, RTF, EPUB, ...).
 */
package io.github.astrorag.documents;

