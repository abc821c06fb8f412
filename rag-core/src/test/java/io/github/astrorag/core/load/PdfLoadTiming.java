package io.github.astrorag.core.load;

import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.testing.HostilePdfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times {@link PdfDocumentLoader} on PDFs of one-line pages ({@link HostilePdfs#oneLinePages}), one load per size
 * given, for docs/reliability.md. Run with {@code java -Xmx1g -cp <rag-core classes, test classes and dependencies>
 * io.github.astrorag.core.load.PdfLoadTiming 5000 10000 20000}.
 */
public final class PdfLoadTiming {

    private PdfLoadTiming() {
    }

    /**
     * Writes and loads one PDF per size.
     *
     * @param args page counts
     * @throws Exception if a PDF cannot be written
     */
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("pdf-timing");
        for (String a : args) {
            int pages = Integer.parseInt(a);
            Path file = HostilePdfs.oneLinePages(dir.resolve(pages + ".pdf"), pages);
            long t0 = System.nanoTime();
            Document d = new PdfDocumentLoader().load(file).get(0);
            System.out.printf(Locale.ROOT, "%,d pages (%,d bytes): %.1f s, %,d characters%n", d.pageStarts().size(),
                    Files.size(file), (System.nanoTime() - t0) / 1e9, d.text().length());
            Files.delete(file);
        }
        Files.delete(dir);
    }
}
