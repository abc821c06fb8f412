package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.Arguments;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Reads the text layer of PDF files with Apache PDFBox, page by page, keeping 1-based page numbers.
 *
 * <p>A password-protected PDF, a file PDFBox cannot parse, or one whose text may not be extracted fails
 * as {@link DocumentException.Malformed}; a PDF without a text layer (scanned images) fails as
 * {@link DocumentException.Empty} (run OCR first). The title is the PDF's own title, else the file name
 * without extension. Files over {@code maxBytes} (default 50 MiB) are refused before they are read.
 */
public final class PdfDocumentLoader implements DocumentLoader {

    private final long maxBytes;

    /** A loader with the default 50 MiB limit. */
    public PdfDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES);
    }

    /** A loader that refuses files over {@code maxBytes}. */
    public PdfDocumentLoader(long maxBytes) {
        Arguments.check(maxBytes > 0, "maxBytes must be positive, was %d", maxBytes);
        this.maxBytes = maxBytes;
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
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setSortByPosition(true);
            StringBuilder text = new StringBuilder();
            List<Integer> pageStarts = new ArrayList<>();
            int pages = pdf.getNumberOfPages();
            for (int p = 1; p <= pages; p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                pageStarts.add(text.length());
                text.append(stripper.getText(pdf));
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
}
