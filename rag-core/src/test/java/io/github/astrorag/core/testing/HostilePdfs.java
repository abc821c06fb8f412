package io.github.astrorag.core.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * Crafted PDF files for tests of loaders and of what runs them: small files that ask a PDF reader for unbounded
 * work or memory, and large ordinary ones. Written with PDFBox (a test dependency of whoever uses this class) or
 * byte by byte.
 */
public final class HostilePdfs {

    private HostilePdfs() {
    }

    /**
     * A PDF of one page without text whose page tree claims {@code /Count 2147483647}: a reader that trusts the
     * count loops two billion times. About 300 bytes.
     *
     * @param file where to write it
     * @return {@code file}
     * @throws IOException if it cannot be written
     */
    public static Path hugePageCount(Path file) throws IOException {
        return Files.writeString(file, withXref(
                "<</Type/Catalog/Pages 2 0 R>>",
                "<</Type/Pages/Kids[3 0 R]/Count 2147483647>>",
                "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>"), StandardCharsets.ISO_8859_1);
    }

    /**
     * A PDF of one page whose content stream starts with an operator that lacks its operands ({@code BT Tf ET}):
     * PDFBox logs an error for it and goes on; then, unless {@code text} is empty, the page shows {@code text} in
     * Helvetica.
     *
     * @param file where to write it
     * @param text the page's text: ASCII letters, digits, spaces and full stops; empty for a page without text
     * @return {@code file}
     * @throws IOException if it cannot be written
     */
    public static Path missingOperands(Path file, String text) throws IOException {
        String content = "BT Tf ET\n" + (text.isEmpty() ? "" : "BT /F1 12 Tf 72 700 Td (" + text + ") Tj ET\n");
        return Files.writeString(file, withXref(
                "<</Type/Catalog/Pages 2 0 R>>",
                "<</Type/Pages/Kids[3 0 R]/Count 1>>",
                "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R"
                        + "/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>>>>>>>",
                "<</Length " + content.length() + ">>stream\n" + content + "endstream\n"),
                StandardCharsets.ISO_8859_1);
    }

    /** A PDF file of the objects {@code 1 0 obj} (the catalog), {@code 2 0 obj}, ..., with its cross-reference table. */
    private static String withXref(String... objects) {
        StringBuilder pdf = new StringBuilder("%PDF-1.4\n");
        StringBuilder xref = new StringBuilder("xref\n0 " + (objects.length + 1) + "\n0000000000 65535 f\r\n");
        for (int i = 0; i < objects.length; i++) {
            xref.append(String.format(Locale.ROOT, "%010d 00000 n\r\n", pdf.length()));
            pdf.append(i + 1).append(" 0 obj").append(objects[i]).append("endobj\n");
        }
        int start = pdf.length();
        return pdf.append(xref).append("trailer<</Size ").append(objects.length + 1).append("/Root 1 0 R>>\nstartxref\n")
                .append(start).append("\n%%EOF\n").toString();
    }

    /**
     * A PDF of one page whose Flate-compressed content stream holds {@code saves} {@code q} operators (save the
     * graphics state) and nothing else: 20 M of them fit in about 40 KB and make a reader keep 20 M copies of the
     * graphics state.
     *
     * @param file where to write it
     * @param saves how many {@code q} operators
     * @return {@code file}
     * @throws IOException if it cannot be written
     */
    public static Path nestedSaves(Path file, int saves) throws IOException {
        byte[] block = "q\n".repeat(4096).getBytes(StandardCharsets.US_ASCII);
        try (PDDocument doc = new PDDocument()) {
            PDPage page = new PDPage();
            PDStream content = new PDStream(doc);
            try (OutputStream out = content.createOutputStream(COSName.FLATE_DECODE)) {
                for (int left = saves; left > 0; left -= 4096) {
                    out.write(block, 0, 2 * Math.min(4096, left));
                }
            }
            page.setContents(content);
            doc.addPage(page);
            doc.save(file.toFile());
        }
        return file;
    }

    /**
     * An ordinary PDF of {@code pages} pages, each showing one line ({@code "Page <n> mentions star <n>."}) in
     * Helvetica: 20 000 pages make about 3.4 MB.
     *
     * @param file where to write it
     * @param pages how many pages, at least 1
     * @return {@code file}
     * @throws IOException if it cannot be written
     */
    public static Path oneLinePages(Path file, int pages) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (int p = 1; p <= pages; p++) {
                PDPage page = new PDPage();
                doc.addPage(page);
                try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                    cs.beginText();
                    cs.setFont(font, 12);
                    cs.newLineAtOffset(72, 700);
                    cs.showText("Page " + p + " mentions star " + p + ".");
                    cs.endText();
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }
}
