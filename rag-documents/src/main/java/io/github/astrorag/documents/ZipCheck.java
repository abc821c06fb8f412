package io.github.astrorag.documents;

import io.github.astrorag.core.DocumentException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Inflates a ZIP container once, before a parser reads it, refusing zip bombs and XML parts that declare entities.
 * Time linear in the inflated bytes (at most {@code maxInflated}), memory O(1).
 */
final class ZipCheck {

    /** Past this many inflated bytes, an entry's ratio to its compressed size is checked. */
    private static final long GRACE = 1024 * 1024;
    /** The head of an XML part searched for entity declarations (a DTD precedes the root element). */
    private static final int HEAD = 64 * 1024;

    private ZipCheck() {
    }

    static void check(Path file, long maxRatio, long maxInflated) {
        long fileSize;
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(file)) {
            fileSize = Files.size(file);
            if (in.readNBytes(magic, 0, 4) < 4 || magic[0] != 'P' || magic[1] != 'K' || magic[2] != 3 || magic[3] != 4) {
                return; // not a ZIP: the parser decides
            }
        } catch (IOException e) {
            throw new DocumentException.Unreadable(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(file))) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                String name = e.getName().toLowerCase(Locale.ROOT);
                boolean xml = name.endsWith(".xml") || name.endsWith(".rels") || name.endsWith(".xhtml")
                        || name.endsWith(".html") || name.endsWith(".htm") || name.endsWith(".opf") || name.endsWith(".ncx");
                StringBuilder head = xml ? new StringBuilder() : null;
                long inflated = 0;
                for (int n = zip.read(buffer); n > 0; n = zip.read(buffer)) {
                    inflated += n;
                    total += n;
                    if (head != null && head.length() < HEAD) {
                        head.append(new String(buffer, 0, Math.min(n, HEAD - head.length()), StandardCharsets.ISO_8859_1));
                    }
                    long compressed = e.getCompressedSize() > 0 ? Math.min(e.getCompressedSize(), fileSize) : fileSize;
                    if (inflated > GRACE && inflated > maxRatio * compressed || total > maxInflated) {
                        throw new DocumentException.TooLarge(file, String.format(Locale.ROOT, "%s looks like a zip bomb:"
                                + " its entry %s inflates past %,d bytes%s: not read", file, e.getName(), inflated,
                                total > maxInflated ? " (all entries over " + maxInflated + ")" : ", over " + maxRatio
                                        + " times its compressed size"));
                    }
                }
                if (head != null && head.indexOf("<!ENTITY") >= 0) {
                    throw new DocumentException.Malformed(file, file + " declares XML entities in " + e.getName()
                            + " (<!ENTITY: entity expansion or external files), which are not read", null);
                }
            }
        } catch (IOException e) {
            throw new DocumentException.Malformed(file, file + " is not a readable ZIP container: " + e.getMessage(), e);
        }
    }
}
