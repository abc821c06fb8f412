package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
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
                .isInstanceOf(DocumentException.Unreadable.class).hasMessageContaining("no .txt, .md or .pdf");
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
        Document doc = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> loader.load(f).get(0));
        assertThat(doc.title()).isEqualTo("Title" + spaces + "x");
    }
}
