/**
 * Document loaders: plain text and Markdown ({@link TextDocumentLoader}), PDF ({@link PdfDocumentLoader}, needs
 * PDFBox on the class path) and {@link FileSystemDocumentLoader}, which walks folders and gives each file to the
 * first loader that reads it. Every loader refuses files over its size and text limits before they cost memory.
 */
package io.github.astrorag.core.load;
