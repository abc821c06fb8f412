package io.github.astrorag.documents;

import io.github.astrorag.core.load.TextDocumentLoader;
import io.github.astrorag.core.spi.DocumentLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Loading throughput of the same text as Markdown, HTML and DOCX, in MB of text per second and as ratios to
 * Markdown, in one JVM after a warm-up (docs/benchmarks.md, "Loading documents of every kind"). Not a test: run
 * its main with rag-documents' test class path. Arguments: {@code [sections]}, default 400 (about 1 MB of text).
 */
public final class LoadThroughputTiming {

    private LoadThroughputTiming() {
    }

    public static void main(String[] args) throws Exception {
        int sections = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        StringBuilder md = new StringBuilder();
        StringBuilder html = new StringBuilder("<html><head><title>Timing</title></head><body>");
        for (int s = 0; s < sections; s++) {
            md.append("## Section ").append(s).append("\n\n");
            html.append("<h2>Section ").append(s).append("</h2>");
            for (int p = 0; p < 4; p++) {
                String para = ("Star " + s + " of paragraph " + p + " shines at a magnitude that the survey measured twice. ").repeat(10);
                md.append(para).append("\n\n");
                html.append("<p>").append(para).append("</p>");
            }
        }
        Path dir = Files.createTempDirectory("load-timing");
        Path mdFile = Files.writeString(dir.resolve("t.md"), md);
        Path htmlFile = Files.writeString(dir.resolve("t.html"), html.append("</body></html>"));
        Path docxFile = Fixtures.docx(dir.resolve("t.docx"), md.toString());
        double mb = md.length() / 1e6;
        double mdRate = rate(new TextDocumentLoader(), mdFile, mb);
        double htmlRate = rate(new HtmlDocumentLoader(), htmlFile, mb);
        double docxRate = rate(new TikaDocumentLoader(), docxFile, mb);
        System.out.printf(Locale.ROOT, "text %.2f MB (md %.2f MB, html %.2f MB, docx %.2f MB on disk)%n", mb,
                Files.size(mdFile) / 1e6, Files.size(htmlFile) / 1e6, Files.size(docxFile) / 1e6);
        System.out.printf(Locale.ROOT, "markdown %.1f MB/s, html %.1f MB/s (%.2fx markdown's time), docx %.1f MB/s (%.2fx)%n",
                mdRate, htmlRate, mdRate / htmlRate, docxRate, mdRate / docxRate);
    }

    /** MB of text per second: the median of 7 loads after 3 warm-up loads. */
    private static double rate(DocumentLoader loader, Path file, double mb) {
        for (int i = 0; i < 3; i++) {
            loader.load(file);
        }
        double[] seconds = new double[7];
        for (int i = 0; i < seconds.length; i++) {
            long t = System.nanoTime();
            loader.load(file);
            seconds[i] = (System.nanoTime() - t) / 1e9;
        }
        java.util.Arrays.sort(seconds);
        return mb / seconds[seconds.length / 2];
    }
}
