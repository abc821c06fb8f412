package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile documents of the kinds rag-documents reads, on the packaged jar at {@code -Xmx1g}: a zip bomb in a DOCX, an
 * XML entity expansion and an external entity in a DOCX and an EPUB, a 50 MB HTML nested 100,000 deep, a spreadsheet
 * of a million empty cells. Named: exit 2 and one line, or an answer; in a folder: skipped with one warning, the
 * other file answering. Never an OutOfMemoryError, never a file outside the document read.
 */
class HostileDocumentsIT {

    private static final Path JAR = Path.of("target", "astrorag.jar");
    private static final String SECRET = "SECRETMARKER42";
    private static final String W = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"";

    @TempDir
    Path dir;

    record Result(int status, String out, String err) {
    }

    @BeforeAll
    static void packaged() {
        assertThat(JAR).exists();
    }

    private Result ask(Path docs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-jar", JAR.toString(), "ask", "--model", "hashing", "--no-cache", "--docs", docs.toString(),
                "Where is Vega?"));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** Named: exit 2 and one line naming it; in a folder beside a good file: one warning naming it, an answer. */
    private void refused(Path file, String why) throws Exception {
        Result named = ask(file);
        assertThat(named.status()).as(named.err()).isEqualTo(2);
        assertThat(named.err().strip().lines()).as(named.err()).hasSize(1);
        assertThat(named.err()).contains(file.getFileName().toString()).contains(why).doesNotContain("OutOfMemoryError");
        assertThat(named.out() + named.err()).doesNotContain(SECRET);
        Path folder = Files.createDirectories(dir.resolve("folder-" + file.getFileName()));
        Files.move(file, folder.resolve(file.getFileName()));
        Files.writeString(folder.resolve("vega.txt"), "Vega is a bright star in the constellation Lyra.");
        Result inFolder = ask(folder);
        assertThat(inFolder.status()).as(inFolder.err()).isZero();
        assertThat(inFolder.out()).contains("Lyra").doesNotContain(SECRET);
        assertThat(inFolder.err().lines().filter(l -> l.contains("skipped"))).as(inFolder.err()).singleElement()
                .asString().contains(file.getFileName().toString());
        assertThat(inFolder.err()).doesNotContain(SECRET).doesNotContain("OutOfMemoryError");
    }

    private static void entry(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    /** The parts every DOCX here has: the content types and the package's relationship to word/document.xml. */
    private static void docxParts(ZipOutputStream zip) throws IOException {
        entry(zip, "[Content_Types].xml", "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
                + "<Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>");
        entry(zip, "_rels/.rels", "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/></Relationships>");
    }

    /** A DOCX whose document part is {@code documentXml}. */
    private Path docx(String name, String documentXml) throws IOException {
        Path file = dir.resolve(name);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            docxParts(zip);
            entry(zip, "word/document.xml", documentXml);
        }
        return file;
    }

    @Test
    void aZipBombInADocx() throws Exception {
        Path file = dir.resolve("bomb.docx");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            docxParts(zip);
            zip.putNextEntry(new ZipEntry("word/document.xml"));
            zip.write(("<w:document " + W + "><w:body><w:p><w:r><w:t>").getBytes(StandardCharsets.UTF_8));
            byte[] block = new byte[1 << 20];
            java.util.Arrays.fill(block, (byte) 'a');
            for (int i = 0; i < 2048; i++) { // 2 GiB of one letter, a few MB compressed
                zip.write(block);
            }
            zip.write("</w:t></w:r></w:p></w:body></w:document>".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        refused(file, "zip bomb");
    }

    @Test
    void entityExpansionAndExternalEntitiesInADocx() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
        Path xxe = docx("xxe.docx", "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY e SYSTEM \"" + secret.toUri() + "\">]>"
                + "<w:document " + W + "><w:body><w:p><w:r><w:t>Vega &e;</w:t></w:r></w:p></w:body></w:document>");
        refused(xxe, "xxe.docx");
        StringBuilder laughs = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY l0 \"lol\">");
        for (int i = 1; i <= 10; i++) {
            laughs.append("<!ENTITY l").append(i).append(" \"").append(("&l" + (i - 1) + ";").repeat(10)).append("\">");
        }
        Path bomb = docx("laughs.docx", laughs + "]><w:document " + W + "><w:body><w:p><w:r><w:t>&l10;</w:t></w:r></w:p></w:body></w:document>");
        refused(bomb, "laughs.docx");
    }

    @Test
    void anExternalEntityInAnEpub() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
        Path file = dir.resolve("book.epub");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            entry(zip, "mimetype", "application/epub+zip");
            entry(zip, "META-INF/container.xml", "<?xml version=\"1.0\"?><container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">"
                    + "<rootfiles><rootfile full-path=\"content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>");
            entry(zip, "content.opf", "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"2.0\">"
                    + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Stars</dc:title></metadata>"
                    + "<manifest><item id=\"c1\" href=\"c1.xhtml\" media-type=\"application/xhtml+xml\"/></manifest>"
                    + "<spine><itemref idref=\"c1\"/></spine></package>");
            entry(zip, "c1.xhtml", "<?xml version=\"1.0\"?><!DOCTYPE html [<!ENTITY e SYSTEM \"" + secret.toUri() + "\">]>"
                    + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Secret: &e;</p></body></html>");
        }
        refused(file, "book.epub");
    }

    @Test
    void fiftyMegabytesOfHtmlNestedAHundredThousandDeep() throws Exception {
        Path deep = dir.resolve("deep.html");
        try (OutputStream out = Files.newOutputStream(deep)) {
            out.write("<html><body>".getBytes(StandardCharsets.US_ASCII));
            byte[] open = "<div>".repeat(10_000).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 10; i++) {
                out.write(open);
            }
            out.write("<p>Vega is a bright star in the constellation Lyra.</p><!--".getBytes(StandardCharsets.US_ASCII));
            byte[] filler = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 48; i++) {
                out.write(filler);
            }
            out.write("-->".getBytes(StandardCharsets.US_ASCII));
        }
        assertThat(Files.size(deep)).isGreaterThan(50_000_000L);
        Result r = ask(deep);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Lyra");
        // and 50 MB of tags: refused before a tree is built
        Path tags = dir.resolve("tags.html");
        try (OutputStream out = Files.newOutputStream(tags)) {
            byte[] open = "<div>".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < 100; i++) {
                out.write(open);
            }
        }
        refused(tags, "tags");
    }

    @Test
    void aSpreadsheetOfAMillionEmptyCells() throws Exception {
        Path file = dir.resolve("empty-cells.xlsx");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            entry(zip, "[Content_Types].xml", "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                    + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                    + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
                    + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
                    + "<Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>");
            entry(zip, "_rels/.rels", "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>");
            entry(zip, "xl/workbook.xml", "<?xml version=\"1.0\"?><workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\""
                    + " xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"S\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>");
            entry(zip, "xl/_rels/workbook.xml.rels", "<?xml version=\"1.0\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>");
            zip.putNextEntry(new ZipEntry("xl/worksheets/sheet1.xml"));
            zip.write("<?xml version=\"1.0\"?><worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
                    .getBytes(StandardCharsets.UTF_8));
            for (int row = 1; row <= 1000; row++) {
                StringBuilder b = new StringBuilder("<row r=\"" + row + "\">");
                for (int col = 0; col < 1000; col++) {
                    b.append("<c r=\"").append(column(col)).append(row).append("\"/>");
                }
                zip.write(b.append("</row>").toString().getBytes(StandardCharsets.UTF_8));
            }
            zip.write("</sheetData></worksheet>".getBytes(StandardCharsets.UTF_8));
            zip.closeEntry();
        }
        refused(file, "empty-cells.xlsx");
    }

    private static String column(int index) {
        StringBuilder s = new StringBuilder();
        for (int i = index + 1; i > 0; i = (i - 1) / 26) {
            s.insert(0, (char) ('A' + (i - 1) % 26));
        }
        return s.toString();
    }
}
