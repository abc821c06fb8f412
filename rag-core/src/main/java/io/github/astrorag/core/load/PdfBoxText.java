package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
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
 * The PDFBox side of {@link PdfDocumentLoader}, in a class of its own so that nothing loads PDFBox's
 * classes before the loader has checked that they are there.
 */
final class PdfBoxText {

    private PdfBoxText() {
    }

    /** The document of a readable PDF file, stopping over {@code maxChars} in all or {@code maxPageChars} a page. */
    static List<Document> read(Path file, long maxChars, int maxPageChars) {
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            if (pdf.isEncrypted() && !pdf.getCurrentAccessPermission().canExtractContent()) {
                throw new DocumentException.Malformed(file, file + " is encrypted and forbids text extraction", null);
            }
            CountingStripper stripper = new CountingStripper(file, maxChars, maxPageChars);
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
    private static final class CountingStripper extends PDFTextStripper {
        private final Path file;
        private final long maxChars;
        private final int maxPageChars;
        private int page;
        private long before;
        private long onPage;

        CountingStripper(Path file, long maxChars, int maxPageChars) {
            this.file = file;
            this.maxChars = maxChars;
            this.maxPageChars = maxPageChars;
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
