package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.testing.CpuBudget;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadersTest {

    @TempDir
    Path dir;

    private final FileSystemDocumentLoader loader = FileSystemDocumentLoader.defaults();

    /** Writes a PDF with one page per text (empty text = a page without text). */
    static Path pdf(Path file, String... pages) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            for (String text : pages) {
                PDPage page = new PDPage();
                doc.addPage(page);
                if (!text.isEmpty()) {
                    try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
                        cs.beginText();
                        cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                        cs.newLineAtOffset(72, 700);
                        cs.showText(text);
                        cs.endText();
                    }
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    @Test
    void textAndMarkdown() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "\uFEFFPlain notes about Vega.");
        Files.writeString(dir.resolve("b.md"), "Intro line\n\n## Deneb and friends ##\n\nText.");
        List<Document> docs = loader.load(dir);
        assertThat(docs).extracting(Document::id).containsExactly("a.txt", "b.md");
        assertThat(docs.get(0).text()).isEqualTo("Plain notes about Vega.");
        assertThat(docs.get(0).title()).isEqualTo("a");
        assertThat(docs.get(0).paged()).isFalse();
        assertThat(docs.get(1).title()).isEqualTo("Deneb and friends");
    }

    @Test
    void pdfKeepsOneBasedPages() throws IOException {
        Path file = pdf(dir.resolve("guide.pdf"), "First page text.", "Second page mentions Altair.");
        Document doc = loader.load(file).get(0);
        assertThat(doc.pageStarts()).hasSize(2);
        int at = doc.text().indexOf("Altair");
        assertThat(doc.pageAt(at)).isEqualTo(2);
        assertThat(doc.pageAt(0)).isEqualTo(1);
        assertThat(doc.source()).isEqualTo("guide.pdf");
    }

    @Test
    void foldersAreWalkedRecursivelyInStableOrderSkippingHiddenAndUnsupported() throws IOException {
        Files.createDirectories(dir.resolve("z/sub"));
        Files.createDirectories(dir.resolve(".git"));
        Files.writeString(dir.resolve("z/sub/c.txt"), "c");
        Files.writeString(dir.resolve("a.md"), "a");
        Files.writeString(dir.resolve("image.png"), "not text");
        Files.writeString(dir.resolve(".git/x.txt"), "hidden");
        assertThat(loader.load(dir)).extracting(Document::id).containsExactly("a.md", "z/sub/c.txt");
    }

    @Test
    void missingPath() {
        assertThatThrownBy(() -> loader.load(dir.resolve("nope.txt")))
                .isInstanceOf(DocumentException.Unreadable.class).hasMessageContaining("nope.txt");
    }

    @Test
    void folderWithoutSupportedFiles() throws IOException {
        Files.writeString(dir.resolve("x.csv"), "a,b");
        assertThatThrownBy(() -> loader.load(dir))
                .isInstanceOf(DocumentException.Unreadable.class).hasMessageContaining("no .txt, .text, .md, .markdown or .pdf file in folder");
    }

    @Test
    void unsupportedType() throws IOException {
        Path f = Files.writeString(dir.resolve("data.docx"), "x");
        assertThatThrownBy(() -> loader.load(f))
                .isInstanceOf(DocumentException.Unsupported.class).hasMessageContaining(".docx").hasMessageContaining("data.docx");
    }

    @Test
    void emptyAndBlankFiles() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "");
        Path blank = Files.writeString(dir.resolve("blank.md"), " \n\t\n");
        assertThatThrownBy(() -> loader.load(empty)).isInstanceOf(DocumentException.Empty.class).hasMessageContaining("empty.txt");
        assertThatThrownBy(() -> loader.load(blank)).isInstanceOf(DocumentException.Empty.class).hasMessageContaining("blank.md");
    }

    @Test
    void binaryNamedTxt() throws IOException {
        Path f = Files.write(dir.resolve("photo.txt"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 1});
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.Malformed.class)
                .hasMessageContaining("photo.txt").hasMessageContaining("binary");
    }

    @Test
    void invalidUtf8() throws IOException {
        byte[] bytes = "caf\u00e9 ".getBytes(StandardCharsets.ISO_8859_1);
        Path f = Files.write(dir.resolve("latin1.txt"), bytes);
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.Malformed.class)
                .hasMessageContaining("latin1.txt").hasMessageContaining("UTF-8");
    }

    @Test
    void overTheSizeLimitIsRefusedBeforeReading() throws IOException {
        Path f = dir.resolve("huge.txt");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(200L * 1024 * 1024); // sparse: 200 MiB that are never read
        }
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.TooLarge.class)
                .hasMessageContaining("huge.txt").hasMessageContaining("209,715,200").hasMessageContaining("52,428,800");
        assertThatThrownBy(() -> FileSystemDocumentLoader.withMaxBytes(10).load(Files.writeString(dir.resolve("s.md"), "eleven char")))
                .isInstanceOf(DocumentException.TooLarge.class);
    }

    @Test
    void malformedPdf() throws IOException {
        Path f = Files.writeString(dir.resolve("broken.pdf"), "%PDF-1.7\nthis is not really a pdf");
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.Malformed.class).hasMessageContaining("broken.pdf");
    }

    @Test
    void encryptedPdf() throws IOException {
        Path f = pdf(dir.resolve("secret.pdf"), "Top secret orbit.");
        try (PDDocument doc = org.apache.pdfbox.Loader.loadPDF(f.toFile())) {
            StandardProtectionPolicy policy = new StandardProtectionPolicy("owner", "user", new AccessPermission());
            policy.setEncryptionKeyLength(128);
            doc.protect(policy);
            doc.save(dir.resolve("locked.pdf").toFile());
        }
        assertThatThrownBy(() -> loader.load(dir.resolve("locked.pdf"))).isInstanceOf(DocumentException.Malformed.class)
                .hasMessageContaining("locked.pdf").hasMessageContaining("password");
    }

    @Test
    void pdfWithoutTextLayer() throws IOException {
        Path f = pdf(dir.resolve("scan.pdf"), "", "");
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.Empty.class)
                .hasMessageContaining("scan.pdf").hasMessageContaining("OCR");
    }

    @Test
    void aHeadingOfAMegabyteOfSpacesLoadsInLinearTime() throws IOException {
        String spaces = " ".repeat(1 << 20);
        Path f = Files.writeString(dir.resolve("spaces.md"), "# Title" + spaces + "x\nbody");
        Document doc = CpuBudget.within(Duration.ofSeconds(60), () -> loader.load(f).get(0));
        assertThat(doc.title()).isEqualTo("Title" + spaces + "x");
    }

    /**
     * Writes a PDF whose pages each show {@code shows} times a string of {@code perShow} letters, in a
     * Flate-compressed content stream: megabytes of text in a file of kilobytes.
     */
    static Path expandingPdf(Path file, int pages, int shows, int perShow) throws IOException {
        byte[] show = ("(" + "a".repeat(perShow) + ") Tj 0 -1 Td\n").getBytes(StandardCharsets.US_ASCII);
        try (PDDocument doc = new PDDocument()) {
            for (int p = 0; p < pages; p++) {
                PDPage page = new PDPage();
                PDResources resources = new PDResources();
                COSName font = resources.add(new PDType1Font(Standard14Fonts.FontName.HELVETICA));
                page.setResources(resources);
                PDStream content = new PDStream(doc);
                try (OutputStream out = content.createOutputStream(COSName.FLATE_DECODE)) {
                    out.write(("BT /" + font.getName() + " 1 Tf 10 700 Td\n").getBytes(StandardCharsets.US_ASCII));
                    for (int i = 0; i < shows; i++) {
                        out.write(show);
                    }
                    out.write("ET\n".getBytes(StandardCharsets.US_ASCII));
                }
                page.setContents(content);
                doc.addPage(page);
            }
            doc.save(file.toFile());
        }
        return file;
    }

    @Test
    void aSmallPdfThatExpandsToFiftyMillionCharactersIsRefusedWhileExtracting() throws IOException {
        Path f = expandingPdf(dir.resolve("bomb.pdf"), 1, 50_000, 1000);
        assertThat(Files.size(f)).isLessThan(256 * 1024);
        assertThatThrownBy(() -> CpuBudget.within(Duration.ofSeconds(60), () -> loader.load(f)))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("bomb.pdf")
                .hasMessageContaining("1,048,577").hasMessageContaining("1,048,576 characters per page");
    }

    @Test
    void extractedTextIsLimitedPerFileWhilePagesAreRead() throws IOException {
        Path f = expandingPdf(dir.resolve("long.pdf"), 5, 15, 1000);
        assertThat(new PdfDocumentLoader(1 << 20, 100_000, 1 << 20).load(f).get(0).pageStarts()).hasSize(5);
        assertThatThrownBy(() -> new PdfDocumentLoader(1 << 20, 100_000, 1 << 20).load(expandingPdf(dir.resolve("longer.pdf"), 5, 30, 1000)))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("longer.pdf")
                .hasMessageContaining("100,001").hasMessageContaining("100,000 characters per file");
        Path text = Files.writeString(dir.resolve("t.md"), "x".repeat(101));
        assertThatThrownBy(() -> FileSystemDocumentLoader.withLimits(1000, 100, 1000).load(text))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("t.md").hasMessageContaining("101")
                .hasMessageContaining("100 characters per file");
    }

    @Test
    void extractedTextIsLimitedPerCall() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "a".repeat(600));
        Files.writeString(dir.resolve("b.txt"), "b".repeat(600));
        FileSystemDocumentLoader small = FileSystemDocumentLoader.withLimits(1000, 1000, 1000);
        assertThat(small.load(dir.resolve("a.txt"))).hasSize(1);
        assertThatThrownBy(() -> small.load(dir)).isInstanceOf(DocumentException.TooLarge.class)
                .hasMessageContaining("b.txt").hasMessageContaining("1,200").hasMessageContaining("1,000 characters per call");
        assertThatThrownBy(() -> small.loadAll(List.of(dir.resolve("a.txt"), dir.resolve("b.txt"))))
                .isInstanceOf(DocumentException.TooLarge.class);
    }

    @Test
    void utf16WithAByteOrderMarkIsDecoded() throws IOException {
        String text = "Vega \u00e9t\u00e9 \u6f22\u5b57 \uD83C\uDF0C";
        Path le = Files.write(dir.resolve("le.txt"), concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, text.getBytes(StandardCharsets.UTF_16LE)));
        Path be = Files.write(dir.resolve("be.md"), concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, ("# " + text).getBytes(StandardCharsets.UTF_16BE)));
        assertThat(loader.load(le).get(0).text()).isEqualTo(text);
        assertThat(loader.load(be).get(0).title()).isEqualTo(text);
        Path noBom = Files.write(dir.resolve("nobom.txt"), text.getBytes(StandardCharsets.UTF_16LE));
        assertThatThrownBy(() -> loader.load(noBom)).isInstanceOf(DocumentException.Malformed.class).hasMessageContaining("binary");
        Path odd = Files.write(dir.resolve("odd.txt"), new byte[] {(byte) 0xFF, (byte) 0xFE, 'a', 0, 'b'});
        assertThatThrownBy(() -> loader.load(odd)).isInstanceOf(DocumentException.Malformed.class).hasMessageContaining("UTF-16LE");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aFileWithoutExtensionIsNamedSo() throws IOException {
        Path f = Files.writeString(dir.resolve("README"), "text");
        assertThatThrownBy(() -> loader.load(f)).isInstanceOf(DocumentException.Unsupported.class)
                .hasMessageContaining("README has no file extension").hasMessageContaining(".txt").hasMessageContaining(".pdf")
                .hasMessageNotContaining("'.'");
    }

    @Test
    void theSameFileReachedTwiceIsLoadedOnce() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "alpha");
        Files.createSymbolicLink(dir.resolve("link.txt"), a);
        assertThat(loader.loadAll(List.of(a, a, dir, dir.resolve("./a.txt")))).extracting(Document::id).containsExactly("a.txt");
    }

    /** Hostile input, third round, row 12: two hard links to one file are one file (its identity), loaded once. */
    @Test
    void twoHardLinksToOneFileAreLoadedOnce() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("linked"));
        Path a = Files.writeString(folder.resolve("a.txt"), "The dome is 6.5 metres wide.");
        Path b = Files.createLink(folder.resolve("b.txt"), a);
        assertThat(loader.loadAll(List.of(folder))).extracting(Document::id).containsExactly("a.txt");
        assertThat(loader.loadAll(List.of(b, a))).extracting(Document::id).containsExactly("b.txt");
        Files.writeString(folder.resolve("c.txt"), "The dome is 6.5 metres wide.");
        assertThat(loader.loadAll(List.of(folder))).as("a copy is another file").extracting(Document::id)
                .containsExactly("a.txt", "c.txt");
    }

    @Test
    void aLinkOutOfTheFolderIsNotFollowed() throws IOException {
        Path outside = Files.writeString(Files.createDirectories(dir.resolve("outside")).resolve("secret.txt"), "secret");
        Path folder = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(folder.resolve("a.txt"), "alpha");
        Files.createSymbolicLink(folder.resolve("s.txt"), outside);
        assertThatThrownBy(() -> loader.load(folder)).isInstanceOf(DocumentException.Unreadable.class)
                .hasMessageContaining("s.txt is a symbolic link to").hasMessageContaining("outside the folder")
                .hasMessageContaining("not followed");
        assertThat(loader.load(outside)).extracting(Document::text).containsExactly("secret");
    }

    @Test
    void filesOfOneNameInDifferentFoldersGetDistinctIdsAndSources() throws IOException {
        Path a = Files.writeString(Files.createDirectories(dir.resolve("x/a")).resolve("notes.txt"), "in a");
        Path b = Files.writeString(Files.createDirectories(dir.resolve("x/b")).resolve("notes.txt"), "in b");
        assertThat(loader.load(dir.resolve("x"))).extracting(Document::id, Document::source)
                .containsExactly(tuple("a/notes.txt", "a/notes.txt"), tuple("b/notes.txt", "b/notes.txt"));
        assertThat(loader.loadAll(List.of(a, b))).extracting(Document::source).containsExactly(a.toString(), b.toString());
        assertThat(loader.loadAll(List.of(dir.resolve("x/a"), dir.resolve("x/b")))).extracting(Document::id)
                .containsExactly(a.toString(), b.toString());
        assertThat(loader.loadAll(List.of(a, dir.resolve("x/b")))).extracting(Document::id)
                .containsExactly(a.toString(), b.toString());
    }
}
