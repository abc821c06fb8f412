package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.OptionalDependency;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Reads the text layer of PDF files with Apache PDFBox, page by page, keeping 1-based page numbers.
 * PDFBox is an optional dependency of rag-core ({@link OptionalDependency#PDFBOX}): without it, loading a
 * PDF fails as {@link DocumentException.Unsupported}, its message naming the coordinates to add; text and
 * Markdown files load as before.
 *
 * <p>A password-protected PDF, a file PDFBox cannot parse, or one whose text may not be extracted fails
 * as {@link DocumentException.Malformed}; a PDF without a text layer (scanned images) fails as
 * {@link DocumentException.Empty} (run OCR first). The title is the PDF's own title, else the file name
 * without extension. Files over {@code maxBytes} (default 50 MiB) are refused before they are read.
 *
 * <p>A small file may hold compressed content streams that expand to far more text than its size
 * suggests, so the text is limited too, while it is extracted: over {@code maxChars} characters in all
 * (default 64 Mi) or over {@code maxPageChars} characters on one page (default 1 Mi: PDFBox keeps a
 * page's glyphs in memory, some hundred bytes each, before it writes them) the loader stops and fails as
 * {@link DocumentException.TooLarge}, naming the file, the count and the limit.
 *
 * <p>The work of extraction is limited the same way: PDFBox runs every operator of a page's content streams
 * (those of its forms included), and a crafted page can ask for unbounded work or memory in few bytes (millions
 * of nested {@code q} operators, each saving a copy of the graphics state). Over {@code maxPageOperators}
 * operators on one page (default 1 Mi) or over {@code maxOperators} in the file (default 64 Mi) the loader
 * stops and fails as {@link DocumentException.TooLarge}; set them with {@link #withOperatorLimits}. The pages
 * read are the ones the page tree holds, whatever its {@code /Count} claims, and the text is extracted in one
 * pass: time O(operators + glyphs log glyphs), linear in the pages. The limits are listed in docs/reliability.md.
 */
public final class PdfDocumentLoader implements DocumentLoader {

    /** 1 Mi characters: the default most text extracted from one page. */
    public static final int DEFAULT_MAX_PAGE_CHARS = 1024 * 1024;

    /** 1 Mi: the default most content-stream operators run for one page. */
    public static final long DEFAULT_MAX_PAGE_OPERATORS = 1024L * 1024;
    /** 64 Mi: the default most content-stream operators run for one file. */
    public static final long DEFAULT_MAX_OPERATORS = 64L * 1024 * 1024;

    /** The limits checked while extracting. */
    record Limits(long maxChars, int maxPageChars, long maxPageOperators, long maxOperators) {
    }

    private final long maxBytes;
    private final Limits limits;

    /** A loader with the default limits: 50 MiB per file, 64 Mi characters per file, 1 Mi per page. */
    public PdfDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES);
    }

    /**
     * A loader that refuses files over {@code maxBytes}, with the default limits on text.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     */
    public PdfDocumentLoader(long maxBytes) {
        this(maxBytes, LoaderLimits.DEFAULT_MAX_CHARS, DEFAULT_MAX_PAGE_CHARS);
    }

    /**
     * A loader that refuses files over {@code maxBytes}, and stops as soon as the text is over
     * {@code maxChars} characters in all or {@code maxPageChars} on one page.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @param maxChars the most characters of one file's text, positive
     * @param maxPageChars the most characters of one page, positive
     */
    public PdfDocumentLoader(long maxBytes, long maxChars, int maxPageChars) {
        LoaderLimits.checkPositive("maxBytes", maxBytes);
        LoaderLimits.checkPositive("maxChars", maxChars);
        LoaderLimits.checkPositive("maxPageChars", maxPageChars);
        this.maxBytes = maxBytes;
        this.limits = new Limits(maxChars, maxPageChars, DEFAULT_MAX_PAGE_OPERATORS, DEFAULT_MAX_OPERATORS);
    }

    private PdfDocumentLoader(long maxBytes, Limits limits) {
        this.maxBytes = maxBytes;
        this.limits = limits;
    }

    /**
     * This loader with other limits on the work of extraction.
     *
     * @param maxPageOperators the most content-stream operators run for one page, positive (default 1 Mi)
     * @param maxOperators the most content-stream operators run for one file, positive (default 64 Mi)
     * @return a new loader, with this one's other limits
     * @throws IllegalArgumentException naming a value that is not positive
     */
    public PdfDocumentLoader withOperatorLimits(long maxPageOperators, long maxOperators) {
        LoaderLimits.checkPositive("maxPageOperators", maxPageOperators);
        LoaderLimits.checkPositive("maxOperators", maxOperators);
        return new PdfDocumentLoader(maxBytes,
                new Limits(limits.maxChars(), limits.maxPageChars(), maxPageOperators, maxOperators));
    }

    /** {@code pdf}. */
    @Override
    public Set<String> extensions() {
        return Set.of("pdf");
    }

    /** {@code application/pdf}. */
    @Override
    public Set<String> mediaTypes() {
        return Set.of("application/pdf");
    }

    @Override
    public boolean supports(Path file) {
        return "pdf".equals(LoaderLimits.extension(file));
    }

    @Override
    public List<Document> load(Path file) {
        if (!supports(file)) {
            throw new DocumentException.Unsupported(file, "not a PDF file: " + file);
        }
        LoaderLimits.checkReadable(file, maxBytes);
        if (!OptionalDependency.PDFBOX.isPresent()) {
            throw new DocumentException.Unsupported(file, OptionalDependency.PDFBOX.missing("reading " + file));
        }
        return PdfBoxText.read(file, limits);
    }
}
