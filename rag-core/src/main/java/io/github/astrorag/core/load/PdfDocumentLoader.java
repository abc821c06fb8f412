package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * Reads the text layer of PDF files with Apache PDFBox, page by page, keeping 1-based page numbers.
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
 */
public final class PdfDocumentLoader implements DocumentLoader {

    /** 1 Mi characters: the default most text extracted from one page. */
    public static final int DEFAULT_MAX_PAGE_CHARS = 1024 * 1024;

    private final long maxBytes;
    private final long maxChars;
    private final int maxPageChars;

    /** A loader with the default limits: 50 MiB per file, 64 Mi characters per file, 1 Mi per page. */
    public PdfDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES);
    }

    /** A loader that refuses files over {@code maxBytes}, with the default limits on text. */
    public PdfDocumentLoader(long maxBytes) {
        this(maxBytes, LoaderLimits.DEFAULT_MAX_CHARS, DEFAULT_MAX_PAGE_CHARS);
    }

    /**
     * A loader that refuses files over {@code maxBytes}, and stops as soon as the text is over
     * {@code maxChars} characters in all or {@code maxPageChars} on one page.
     */
    public PdfDocumentLoader(long maxBytes, long maxChars, int maxPageChars) {
        LoaderLimits.checkPositive("maxBytes", maxBytes);
        LoaderLimits.checkPositive("maxChars", maxChars);
        LoaderLimits.checkPositive("maxPageChars", maxPageChars);
        this.maxBytes = maxBytes;
        this.maxChars = maxChars;
        this.maxPageChars = maxPageChars;
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
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            if (pdf.isEncrypted() && !pdf.getCurrentAccessPermission().canExtractContent()) {
                throw new DocumentException.Malformed(file, file + " is encrypted and forbids text extraction", null);
            }
            CountingStripper stripper = new CountingStripper(file);
            stripper.setSortByPosition(true);
            StringBuilder text = new StringBuilder();
            List<Integer> pageStarts = new ArrayList<>();
            int pages = pdf.getNumberOfPages();
            for (int p = 1; p <= pages; p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                pageStarts.add(text.length());
                stripper.startPage(p, text.length());
                text.append(stripper.getText(pdf));
                LoaderLimits.checkChars(file, text.length(), maxChars);
                if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
                    text.append('\n');
                }
            }
            if (text.toString().isBlank()) {
                throw new DocumentException.Empty(file, file + " has no text layer (" + pages
                        + " page(s) of images?): run OCR on it first");
            }
            String title = pdf.getDocumentInformation() == null ? null : pdf.getDocumentInformation().getTitle();
            if (title == null || title.isBlank()) {
                title = LoaderLimits.baseName(file);
            }
            String name = file.getFileName().toString();
            return List.of(new Document(name, title.strip(), name, text.toString(), pageStarts, FileMetadata.of(file)));
        } catch (InvalidPasswordException e) {
            throw new DocumentException.Malformed(file, file + " is password-protected: decrypt it first", e);
        } catch (IOException e) {
            throw new DocumentException.Malformed(file, file + " is not a readable PDF: " + e.getMessage(), e);
        }
    }

    /** A text stripper that counts the characters of each glyph as PDFBox reads it and stops over the limits. */
    private final class CountingStripper extends PDFTextStripper {
        private final Path file;
        private int page;
        private long before;
        private long onPage;

        CountingStripper(Path file) {
            this.file = file;
        }

        void startPage(int number, long charsBefore) {
            page = number;
            before = charsBefore;
            onPage = 0;
        }

        @Override
        protected void processTextPosition(TextPosition glyph) {
            String unicode = glyph.getUnicode();
            onPage += unicode == null ? 1 : Math.max(1, unicode.length());
            if (onPage > maxPageChars) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                        "%s holds over %,d characters of text on page %d, over the limit of %,d characters per page:"
                                + " a compressed page that expands this far is refused", file, onPage, page, maxPageChars));
            }
            LoaderLimits.checkChars(file, before + onPage, maxChars);
            super.processTextPosition(glyph);
        }
    }
}
