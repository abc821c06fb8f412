package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Metadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * The metadata a file loader gives each document of a file: source, type and modification time; public so that a
 * loader written elsewhere gives the same keys.
 */
public final class FileMetadata {

    private FileMetadata() {
    }

    /**
     * {@value Metadata#SOURCE}: the file name; {@value Metadata#TYPE}: {@code txt}, {@code md} or {@code pdf}
     * (the extensions {@code .text} and {@code .markdown} count as {@code txt} and {@code md});
     * {@value Metadata#MODIFIED}: the file's modification time in ISO-8601 UTC, to the second. Other extensions
     * are the type as they are ({@code html}, {@code docx}).
     *
     * @param file the file
     * @return the three entries
     * @throws DocumentException.Unreadable if the modification time cannot be read
     */
    public static Map<String, String> of(Path file) {
        String type = switch (LoaderLimits.extension(file)) {
            case "text" -> "txt";
            case "markdown" -> "md";
            default -> LoaderLimits.extension(file);
        };
        String modified;
        try {
            modified = Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (IOException e) {
            throw new DocumentException.Unreadable(file, "cannot read the modification time of " + file + ": " + e.getMessage(), e);
        }
        return Map.of(Metadata.SOURCE, file.getFileName().toString(), Metadata.TYPE, type, Metadata.MODIFIED, modified);
    }
}
