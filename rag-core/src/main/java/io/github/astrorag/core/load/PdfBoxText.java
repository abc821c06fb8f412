package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * The PDFBox side of {@link PdfDocumentLoader}, in a class of its own so that nothing loads PDFBox's
 * classes before the loader has checked that they are there.
 *
 * <p>The text is extracted in one pass over the pages the page tree really holds (its {@code /Count} is not
 * trusted), recording where each page starts: O(pages + operators + glyphs log glyphs). The limits of
 * {@link PdfDocumentLoader} are checked while PDFBox works, on every content-stream operator and every glyph.
 */
final class PdfBoxText {

    private PdfBoxText() {
    }

    /** The document of a readable PDF file, within {@code limits}. */
    static List<Document> read(Path file, PdfDocumentLoader.Limits limits) {
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            if (pdf.isEncrypted() && !pdf.getCurrentAccessPermission().canExtractContent()) {
                throw new DocumentException.Malformed(file, file + " is encrypted and forbids text extraction", null);
            }
            List<COSDictionary> pages = new ArrayList<>();
            for (PDPage page : pdf.getPages()) {
                pages.add(page.getCOSObject());
            }
            BudgetedStripper stripper = new BudgetedStripper(file, limits, pages);
            stripper.setSortByPosition(true);
            stripper.writeText(pdf, stripper.text);
            stripper.endDocument();
            String text = stripper.text.toString();
            if (text.isBlank()) {
                throw new DocumentException.Empty(file, file + " has no text layer (" + stripper.pageStarts.size()
                        + " page(s) of images?): run OCR on it first");
            }
            String title = pdf.getDocumentInformation() == null ? null : pdf.getDocumentInformation().getTitle();
            if (title == null || title.isBlank()) {
                title = LoaderLimits.baseName(file);
            }
            String name = file.getFileName().toString();
            return List.of(new Document(name, title.strip(), name, text, stripper.pageStarts, FileMetadata.of(file)));
        } catch (InvalidPasswordException e) {
            throw new DocumentException.Malformed(file, file + " is password-protected: decrypt it first", e);
        } catch (IOException e) {
            throw new DocumentException.Malformed(file, file + " is not a readable PDF: " + e.getMessage(), e);
        }
    }

    /**
     * A text stripper over the whole document that records each page's start, ends each page's text with a line
     * break, and counts the work PDFBox does (operators of the content streams, glyphs) against the limits, per page
     * and per document, stopping as soon as one is over.
     */
    private static final class BudgetedStripper extends PDFTextStripper {
        final StringWriter text = new StringWriter();
        final List<Integer> pageStarts = new ArrayList<>();
        private final Path file;
        private final PdfDocumentLoader.Limits limits;
        /** The pages of the page tree, in the order PDFBox visits them; the next to start is at {@code pageStarts.size()}. */
        private final List<COSDictionary> pages;
        private long before;
        private long onPage;
        private long operatorsOnPage;
        private long operators;

        BudgetedStripper(Path file, PdfDocumentLoader.Limits limits, List<COSDictionary> pages) {
            this.file = file;
            this.limits = limits;
            this.pages = pages;
        }

        private int length() {
            return text.getBuffer().length();
        }

        /**
         * Records the start of every page up to this one: PDFBox skips the pages without content, which hold no
         * text. O(1) amortised: the pages are visited in order.
         */
        @Override
        protected void startPage(PDPage page) {
            while (pageStarts.size() < pages.size() && pages.get(pageStarts.size()) != page.getCOSObject()) {
                pageStarts.add(length());
            }
            pageStarts.add(length());
            before = length();
            onPage = 0;
            operatorsOnPage = 0;
        }

        @Override
        protected void endPage(PDPage page) {
            LoaderLimits.checkChars(file, length(), limits.maxChars());
            int n = length();
            if (n > 0 && text.getBuffer().charAt(n - 1) != '\n') {
                text.write('\n');
            }
        }

        /** Records the start of the trailing pages without content. */
        void endDocument() {
            while (pageStarts.size() < pages.size()) {
                pageStarts.add(length());
            }
        }

        @Override
        protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
            operatorsOnPage++;
            operators++;
            if (operatorsOnPage > limits.maxPageOperators()) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                        "%s holds over %,d content-stream operators on page %d, over the limit of %,d operators per page:"
                                + " a page that asks this much work is refused", file, operatorsOnPage,
                        pageStarts.size(), limits.maxPageOperators()));
            }
            if (operators > limits.maxOperators()) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                        "%s holds over %,d content-stream operators, over the limit of %,d operators per file:"
                                + " a file that asks this much work is refused", file, operators, limits.maxOperators()));
            }
            super.processOperator(operator, operands);
        }

        @Override
        protected void processTextPosition(TextPosition glyph) {
            String unicode = glyph.getUnicode();
            onPage += unicode == null ? 1 : Math.max(1, unicode.length());
            if (onPage > limits.maxPageChars()) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                        "%s holds over %,d characters of text on page %d, over the limit of %,d characters per page:"
                                + " a compressed page that expands this far is refused", file, onPage,
                        pageStarts.size(), limits.maxPageChars()));
            }
            LoaderLimits.checkChars(file, before + onPage, limits.maxChars());
            super.processTextPosition(glyph);
        }
    }
}
