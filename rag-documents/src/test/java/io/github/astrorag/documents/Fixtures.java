package io.github.astrorag.documents;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFTextBox;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFParagraph;
import org.apache.poi.xwpf.usermodel.XWPFStyle;
import org.apache.poi.xwpf.usermodel.XWPFStyles;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.CTStyle;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.STStyleType;

/** Writes the tests' documents: DOCX, XLSX and PPTX with Apache POI, ZIP containers by hand. */
public final class Fixtures {

    private Fixtures() {
    }

    /**
     * A DOCX of Markdown-like lines: a line {@code # Title} or {@code ## Title} is a heading of that level
     * (style Heading1, Heading2, ...), any other non-blank line a paragraph.
     */
    public static Path docx(Path file, String markdown) throws IOException {
        try (XWPFDocument doc = new XWPFDocument(); OutputStream out = Files.newOutputStream(file)) {
            for (String line : markdown.split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                XWPFParagraph p = doc.createParagraph();
                int level = 0;
                while (level < line.length() && line.charAt(level) == '#') {
                    level++;
                }
                if (level > 0 && level < line.length() && line.charAt(level) == ' ') {
                    p.setStyle("Heading" + level);
                    p.createRun().setText(line.substring(level + 1).strip());
                } else {
                    p.createRun().setText(line.strip());
                }
            }
            XWPFStyles styles = doc.createStyles();
            for (int level = 1; level <= 6; level++) {
                CTStyle style = CTStyle.Factory.newInstance();
                style.setStyleId("Heading" + level);
                style.addNewName().setVal("heading " + level);
                style.setType(STStyleType.PARAGRAPH);
                styles.addStyle(new XWPFStyle(style));
            }
            doc.write(out);
        }
        return file;
    }

    /** A PPTX with one slide per text. */
    public static Path pptx(Path file, List<String> slides) throws IOException {
        try (XMLSlideShow show = new XMLSlideShow(); OutputStream out = Files.newOutputStream(file)) {
            for (String text : slides) {
                XSLFSlide slide = show.createSlide();
                XSLFTextBox box = slide.createTextBox();
                box.setText(text);
                box.setAnchor(new java.awt.Rectangle(50, 50, 500, 100));
            }
            show.write(out);
        }
        return file;
    }

    /** An XLSX with one sheet per text, named Sheet1, Sheet2, ..., the text in cell A1. */
    public static Path xlsx(Path file, List<String> sheets) throws IOException {
        try (XSSFWorkbook book = new XSSFWorkbook(); OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < sheets.size(); i++) {
                XSSFSheet sheet = book.createSheet("Sheet" + (i + 1));
                sheet.createRow(0).createCell(0).setCellValue(sheets.get(i));
            }
            book.write(out);
        }
        return file;
    }

    /** A ZIP of the given entries (name, then content, repeated), DEFLATE-compressed. */
    public static Path zip(Path file, String... namesAndContents) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return file;
    }
}
